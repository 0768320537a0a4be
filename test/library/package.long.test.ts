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
/** A CommonJS project (npm init's default: no "type"), beside the ES module one. */
let cjsProject: string;

/**
 * A project of the given type whose node_modules holds the unpacked package and, beside it
 * as npm would hoist them, links to the dependencies it declares (only those: a dependency
 * the package uses without declaring it is not found).
 */
function projectWith(tarball: string, dir: string, type?: 'module'): void {
  const modules = path.join(dir, 'node_modules');
  const pkg = path.join(modules, 'beeclak');
  fs.mkdirSync(pkg, { recursive: true });
  expect(spawnSync('tar', ['-xzf', tarball, '-C', pkg, '--strip-components=1']).status).toBe(0);
  const manifest = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  for (const dep of Object.keys(manifest.dependencies ?? {})) {
    fs.mkdirSync(path.dirname(path.join(modules, dep)), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules', dep), path.join(modules, dep));
  }
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'user', private: true, ...(type ? { type } : {}) }),
  );
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        outDir: 'out',
        skipLibCheck: false,
        types: [],
      },
      files: ['use.ts'],
    }),
  );
}

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
  projectWith(tarball, project, 'module');
  cjsProject = path.join(project, 'cjs');
  projectWith(tarball, cjsProject);
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

/**
 * CommonJS use (`require`, or TypeScript compiled to it), with every type the options use
 * and plain numbers as sizes.
 */
const USE_CJS = `import {
  contract, OptionError, HEURISTICS,
  type Options, type CompilerOptions, type HeuristicChoice, type ModuloForm, type LifetimeKind,
} from 'beeclak';
const source = 'void k(const int a[N], int b[N]) {\\n  int t[N];\\n' +
  '  for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = t[i]; }\\n}\\n';
const compiler: CompilerOptions = { flags: ['-DN=8'] };
const heuristic: HeuristicChoice = 'opt';
const modulo: ModuloForm = 'exact';
const lifetimes: LifetimeKind = 'value';
const options: Options = { compiler, heuristic, modulo, lifetimes, defines: { N: 8 }, minGain: 5 };
async function main() {
  const { changed, report } = await contract(source, options);
  let option = '';
  try { await contract(source, { heuristic: 'best' as HeuristicChoice }); }
  catch (e) { if (e instanceof OptionError) option = e.option; }
  console.log(JSON.stringify({ changed, s: report.arrays.find((a) => a.name === 't')!.status, option, h: HEURISTICS.length > 0 }));
}
main();
`;
const EXPECTED_CJS = { changed: true, s: 'scalarized', option: 'heuristic', h: true };

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
    expect(files).toContain('./schema/report.schema.json');
    expect(files).toContain('./dist/bundle/index.cjs');
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
    // One run of tsc over both files (a run is ~3 s of CPU, most of it TypeScript's start):
    // every error is the wrong option's, in bad.ts.
    fs.writeFileSync(path.join(project, 'use.ts'), USE);
    fs.writeFileSync(
      path.join(project, 'bad.ts'),
      USE.replace("heuristic: 'opt'", "heuristic: 'best'"),
    );
    const config = path.join(project, 'tsconfig.json');
    const options = JSON.parse(fs.readFileSync(config, 'utf8'));
    fs.writeFileSync(config, JSON.stringify({ ...options, files: ['use.ts', 'bad.ts'] }));
    const r = tsc(project);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toContain('\'"best"\' is not assignable');
    const errors = (r.stdout + r.stderr).split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((l) => !l.startsWith('bad.ts('))).toEqual([]);
  });
});

describe('the packed package in a CommonJS project', () => {
  // Guards the require entry: the exports map had only `import`, and `require('beeclak')`
  // failed with ERR_PACKAGE_PATH_NOT_EXPORTED (after type-checking fine).
  it('requires by name and runs', () => {
    fs.writeFileSync(
      path.join(cjsProject, 'use.js'),
      "const { contract, OptionError, HEURISTICS } = require('beeclak');\n" +
        USE_CJS.replace(/^import \{[^}]*\} from 'beeclak';\n/, '')
          .replace(/: (Options|CompilerOptions|HeuristicChoice|ModuloForm|LifetimeKind)\b/g, '')
          .replace(/ as HeuristicChoice/g, '')
          .replace(/!\./g, '.'),
    );
    const r = spawnSync(process.execPath, ['use.js'], { cwd: cjsProject, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(EXPECTED_CJS);
  });

  it('TypeScript compiled to CommonJS type-checks with every option type, and runs', () => {
    fs.writeFileSync(path.join(cjsProject, 'use.ts'), USE_CJS);
    const ok = tsc(cjsProject);
    expect(ok.stdout + ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const r = spawnSync(process.execPath, ['out/use.js'], { cwd: cjsProject, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(EXPECTED_CJS);
  });
});
