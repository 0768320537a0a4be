/**
 * The hooks of .pre-commit-hooks.yaml run by the pre-commit framework in a throwaway git
 * repository. The hooks are declared `language: node` (pre-commit would npm-install this
 * package); here they run as `repo: local` hooks with the same entry, arguments and file
 * pattern, the entry's `beeclak` being this checkout's CLI, so no install is needed.
 * Where pre-commit is not installed, the suites that run it are skipped with a notice
 * (`apt-get install pre-commit`), and fail under BEECLAK_REQUIRE_TOOLS=1 (CI).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT } from '../helpers/cli.js';
import { describeWithTool } from '../helpers/optionalTool.js';

interface Hook {
  [key: string]: string;
}

/** The hooks file is a flat list of `key: value` maps (no nesting): read it as such. */
function readHooks(): Hook[] {
  const text = fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8');
  const hooks: Hook[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const m = /^(- |  )([a-z_]+): (.*)$/.exec(line);
    if (!m) throw new Error(`unexpected line in .pre-commit-hooks.yaml: ${line}`);
    if (m[1] === '- ') hooks.push({});
    hooks[hooks.length - 1]![m[2]!] = m[3]!;
  }
  return hooks;
}

const PRE_COMMIT = {
  name: 'pre-commit',
  found: spawnSync('pre-commit', ['--version']).status === 0,
  install: 'apt-get install pre-commit, or pip install pre-commit',
};

const CONTRACTIBLE = `#define N 64
void kernel(const int a[N], int b[N]) {
  int t[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
}
`;
const SMALL = `#define N 4
void small(const int a[N], int b[N]) {
  int s[N];
  for (int i = 0; i < N; i++) { s[i] = a[i] + 1; b[i] = s[i] * 2; }
}
`;

describe('.pre-commit-hooks.yaml', () => {
  it('declares beeclak-check and beeclak-report on C files', () => {
    const hooks = readHooks();
    expect(hooks.map((h) => h.id)).toEqual(['beeclak-check', 'beeclak-report']);
    for (const h of hooks) {
      expect(h.entry).toMatch(/^beeclak contract /);
      expect(h.language).toBe('node');
      expect(h.files).toBe('\\.c$');
    }
  });

  // Guards the install of the hooks by pre-commit (checked by hand with pre-commit 3.0.4 and
  // npm 11: a throwaway repository whose config names this repository and a commit): it runs
  // `npm pack` and takes its stdout as the tarball's name, and `npm pack` printed the banner
  // of our `prepare` script (the build) there too, so the install failed.
  it('npm pack prints only the tarball name: prepare runs in the background (.npmrc)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.prepare).toBeDefined();
    expect(readHooks().every((h) => h.language === 'node')).toBe(true);
    const npmrc = fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8');
    expect(npmrc).toMatch(/^foreground-scripts=false$/m);
  });
});

describeWithTool(PRE_COMMIT, 'the hooks under pre-commit', () => {
  let repo: string;
  const run = (cmd: string, args: string[]) =>
    spawnSync(cmd, args, {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, PRE_COMMIT_HOME: path.join(repo, '.pre-commit-home') },
    });

  beforeAll(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-precommit-'));
    const local = readHooks()
      .map((h) => {
        const entry = h.entry!.replace(/^beeclak /, `${process.execPath} ${BIN} `);
        return [
          `    - id: ${h.id}`,
          `      name: ${h.name}`,
          `      entry: ${entry} --no-cache`,
          '      language: system',
          `      files: '${h.files}'`,
          ...(h.verbose ? [`      verbose: ${h.verbose}`] : []),
          ...(h.require_serial ? [`      require_serial: ${h.require_serial}`] : []),
        ].join('\n');
      })
      .join('\n');
    fs.writeFileSync(
      path.join(repo, '.pre-commit-config.yaml'),
      `repos:\n  - repo: local\n    hooks:\n${local}\n`,
    );
    fs.writeFileSync(path.join(repo, 'beeclak.json'), '{ "minBytes": 100, "exclude": ["gen"] }\n');
    fs.mkdirSync(path.join(repo, 'src'));
    fs.mkdirSync(path.join(repo, 'gen'));
    fs.writeFileSync(path.join(repo, 'src/k.c'), CONTRACTIBLE);
    fs.writeFileSync(path.join(repo, 'src/small.c'), SMALL);
    fs.writeFileSync(path.join(repo, 'gen/g.c'), CONTRACTIBLE);
    fs.writeFileSync(path.join(repo, 'README'), 'not C\n');
    for (const args of [
      ['init', '-q'],
      ['config', 'user.email', 'test@example.com'],
      ['config', 'user.name', 'test'],
      ['add', '.'],
    ])
      expect(run('git', args).status).toBe(0);
  });
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

  it('pre-commit accepts the manifest', () => {
    const r = run('pre-commit', ['validate-manifest', path.join(ROOT, '.pre-commit-hooks.yaml')]);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('beeclak-check fails on a file that could shrink and prints the diff', () => {
    const r = run('pre-commit', ['run', 'beeclak-check', '--all-files']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('--- a/src/k.c');
    expect(r.stdout).toContain('-  int t[N];');
    // Excluded by beeclak.json.
    expect(r.stdout).not.toContain('gen/g.c');
  });

  it('beeclak-report lists arrays saving more than minBytes and passes', () => {
    const r = run('pre-commit', ['run', 'beeclak-report', '--all-files']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/src\/k\.c:3:\d+: t in kernel\(\) could shrink from 256 to 4 bytes/);
    // small.c's s saves 12 bytes, under minBytes.
    expect(r.stdout).not.toContain('small.c');
  });

  it('as a git hook: the commit is refused, then accepted once the files are contracted', () => {
    expect(run('pre-commit', ['install']).status).toBe(0);
    const refused = run('git', ['commit', '-q', '-m', 'first']);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('beeclak check');
    expect(
      spawnSync(process.execPath, [BIN, 'contract', '-i', 'src', '--no-cache'], { cwd: repo })
        .status,
    ).toBe(0);
    expect(run('git', ['add', '.']).status).toBe(0);
    const accepted = run('git', ['commit', '-q', '-m', 'first']);
    expect(accepted.status).toBe(0);
    expect(accepted.stdout + accepted.stderr).toMatch(/beeclak check .*Passed/);
  });
});
