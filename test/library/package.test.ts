/**
 * The package as a user gets it: `npm pack`, unpacked into the node_modules of a throwaway
 * project, imported by name (`import { contract } from 'beeclak'`) and type-checked against
 * the declarations it ships. Guards the exports map, the packed file list and the .d.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../helpers/cli.js';

let project: string;

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-lib-'));
  // --ignore-scripts: the build is already there (npm test builds first).
  const pack = spawnSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', project],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  expect(pack.status).toBe(0);
  const tarball = path.join(project, JSON.parse(pack.stdout)[0].filename);
  const pkg = path.join(project, 'node_modules', 'beeclak');
  fs.mkdirSync(pkg, { recursive: true });
  expect(spawnSync('tar', ['-xzf', tarball, '-C', pkg, '--strip-components=1']).status).toBe(0);
  // The dependencies, as npm would have installed them next to the package.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(pkg, 'node_modules'));
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'user', type: 'module', private: true }),
  );
  fs.writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['use.ts'],
    }),
  );
}, 120_000);
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

const USE = `import { analyze, contract, InputError, type FileReport, type Status } from 'beeclak';
const source = '#define N 8\\nvoid k(const int a[N], int b[N]) {\\n  int t[N];\\n' +
  '  for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = t[i]; }\\n}\\n';
const { code, changed, report } = await contract(source, { file: 'k.c', heuristic: 'opt' });
const r: FileReport = await analyze(source, { defines: { N: 8n } });
const s: Status = report.arrays.find((a) => a.name === 't')!.status;
try { await contract('void f( {', {}); } catch (e) { if (!(e instanceof InputError)) throw e; }
console.log(JSON.stringify({ changed, s, scalar: code.includes('int t;'), arrays: r.arrays.length }));
`;

const tsc = (cwd: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', cwd], {
    cwd,
    encoding: 'utf8',
  });

describe('the packed package', () => {
  it('packs its build, bin and hooks file, not the sources', () => {
    const files = spawnSync(
      'find',
      ['.', '-path', './node_modules', '-prune', '-o', '-type', 'f', '-print'],
      {
        cwd: path.join(project, 'node_modules/beeclak'),
        encoding: 'utf8',
      },
    ).stdout;
    expect(files).toContain('./dist/src/index.d.ts');
    expect(files).toContain('./bin/beeclak.js');
    expect(files).toContain('./.pre-commit-hooks.yaml');
    expect(files).not.toContain('./src/');
    expect(files).not.toContain('./test/');
  });

  it('imports by name and runs', () => {
    fs.writeFileSync(
      path.join(project, 'use.mjs'),
      USE.replace(/, type \w+/g, '')
        .replace(/: (FileReport|Status)/g, '')
        .replace(/!\./g, '.'),
    );
    const r = spawnSync(process.execPath, ['use.mjs'], { cwd: project, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      changed: true,
      s: 'scalarized',
      scalar: true,
      arrays: 3,
    });
  });

  it('type-checks against the shipped declarations, and a wrong option is a type error', () => {
    fs.writeFileSync(path.join(project, 'use.ts'), USE);
    const ok = tsc(project);
    expect(ok.stdout + ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    fs.writeFileSync(
      path.join(project, 'use.ts'),
      USE.replace("heuristic: 'opt'", "heuristic: 'best'"),
    );
    const bad = tsc(project);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toContain('\'"best"\' is not assignable');
  });
});
