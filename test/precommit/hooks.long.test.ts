/**
 * The hooks of .pre-commit-hooks.yaml (issue 29, item 2): beeclak-fix rewrites the files
 * (pre-commit then fails with "files were modified by this hook"), beeclak-check lists what
 * could shrink and fails, writing nothing; both honour minBytes, the keep comment and pragma,
 * and report a file the compiler refuses without failing on it.
 *
 * First the hooks' entries run directly (no pre-commit needed), then under the pre-commit
 * framework in a throwaway git repository. The hooks are declared `language: node`
 * (pre-commit would npm-install this package); there they run as `repo: local` hooks with
 * the same entry, arguments and file pattern, the entry's `beeclak` being this checkout's
 * CLI, so no install is needed. Where pre-commit is not installed, that suite is skipped
 * with a notice (`apt-get install pre-commit`), and fails under BEECLAK_REQUIRE_TOOLS=1 (CI).
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

/** Saves 252 bytes: over the project's minBytes (100). */
const CONTRACTIBLE = `#define N 64
void kernel(const int a[N], int b[N]) {
  int t[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
}
`;
/** Saves 12 bytes: under minBytes, left as written. */
const SMALL = `#define N 4
void small(const int a[N], int b[N]) {
  int s[N];
  for (int i = 0; i < N; i++) { s[i] = a[i] + 1; b[i] = s[i] * 2; }
}
`;
/** The author's opt-outs: a keep comment and a keep pragma. */
const KEPT = CONTRACTIBLE.replace('int t[N];', 'int t[N]; /* beeclak: keep */');
const PRAGMA = `#pragma beeclak keep(kernel:t)\n${CONTRACTIBLE}`;
/** Refused by the compiler: reported, not failed on. */
const REFUSED = `#include "missing.h"\n${CONTRACTIBLE}`;

/** The project: its configuration, its C files, a file that is not C. */
const FILES: Record<string, string> = {
  'beeclak.json': '{ "minBytes": 100, "exclude": ["gen"] }\n',
  'src/k.c': CONTRACTIBLE,
  'src/small.c': SMALL,
  'src/kept.c': KEPT,
  'src/pragma.c': PRAGMA,
  'src/refused.c': REFUSED,
  'gen/g.c': CONTRACTIBLE,
  README: 'not C\n',
};

function makeProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-precommit-'));
  for (const [name, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const read = (dir: string, name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const hook = (id: string) => readHooks().find((h) => h.id === id)!;

/** The files a hook is given: the C files its pattern matches, as pre-commit passes them. */
const C_FILES = Object.keys(FILES).filter((f) => new RegExp(hook('beeclak-fix').files!).test(f));

describe('.pre-commit-hooks.yaml', () => {
  it('declares beeclak-fix, beeclak-check and the advisory beeclak-report on C files', () => {
    const hooks = readHooks();
    expect(hooks.map((h) => h.id)).toEqual(['beeclak-fix', 'beeclak-check', 'beeclak-report']);
    for (const h of hooks) {
      expect(h.entry).toMatch(/^beeclak contract /);
      expect(h.entry).toContain('--allow-refused');
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

/**
 * The entries run as pre-commit runs them (the entry, then the staged files), without
 * pre-commit. Guards what the hooks did before issue 29: the check hook only printed a
 * diff, minBytes applied to --list only (a 12-byte saving blocked the commit), the keep
 * opt-outs were untested, and a file the compiler refused failed every hook.
 */
describe('the hooks entries, run directly', () => {
  let dir: string;
  const entry = (id: string, files = C_FILES) => {
    const args = hook(id).entry!.split(' ').slice(1);
    return spawnSync(process.execPath, [BIN, ...args, '--no-cache', ...files], {
      cwd: dir,
      encoding: 'utf8',
    });
  };
  beforeEach(() => {
    dir = makeProject();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('beeclak-fix rewrites what saves more than minBytes, and only that', () => {
    const r = entry('beeclak-fix');
    expect(r.status).toBe(0);
    expect(read(dir, 'src/k.c')).not.toContain('int t[N];');
    // Under minBytes, kept by a comment or a pragma, excluded, refused: as written.
    for (const f of ['src/small.c', 'src/kept.c', 'src/pragma.c', 'gen/g.c', 'src/refused.c'])
      expect({ f, text: read(dir, f) }).toEqual({ f, text: FILES[f] });
    // The compiler's error is reported.
    expect(r.stderr).toMatch(/src\/refused\.c:1:10: error: .*missing\.h/);
    // Run again: nothing left to do (pre-commit's second run passes).
    const again = entry('beeclak-fix');
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/0 contracted/);
  });

  it('beeclak-check lists what could shrink, fails, and writes nothing', () => {
    const r = entry('beeclak-check');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^src\/k\.c:3:\d+: t in kernel\(\) could shrink from 256 to 4 bytes/);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/src\/refused\.c:1:10: error: .*missing\.h/);
    for (const f of C_FILES) expect({ f, text: read(dir, f) }).toEqual({ f, text: FILES[f] });
  });

  it('beeclak-check passes once beeclak-fix has run, and on a refused file alone', () => {
    expect(entry('beeclak-fix').status).toBe(0);
    expect(entry('beeclak-check').status).toBe(0);
    expect(entry('beeclak-check', ['src/refused.c']).status).toBe(0);
  });

  it('one threshold: --min-bytes on the command line over the configuration', () => {
    const args = hook('beeclak-check').entry!.split(' ').slice(1);
    const r = spawnSync(
      process.execPath,
      [BIN, ...args, '--no-cache', '--min-bytes', '10', 'src/small.c'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/src\/small\.c:3:\d+: s in small\(\) could shrink/);
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
    repo = makeProject();
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

  it('beeclak-check fails with the list and changes nothing', () => {
    const r = run('pre-commit', ['run', 'beeclak-check', '--all-files']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/src\/k\.c:3:\d+: t in kernel\(\) could shrink/);
    expect(r.stdout).not.toMatch(/small\.c|kept\.c|pragma\.c|gen\/g\.c/);
    expect(r.stdout).not.toContain('files were modified by this hook');
    expect(read(repo, 'src/k.c')).toBe(CONTRACTIBLE);
  });

  it('beeclak-report lists the same and passes', () => {
    const r = run('pre-commit', ['run', 'beeclak-report', '--all-files']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/src\/k\.c:3:\d+: t in kernel\(\) could shrink from 256 to 4 bytes/);
    expect(r.stdout).not.toMatch(/small\.c|kept\.c|pragma\.c/);
  });

  it('as a git hook: beeclak-fix rewrites and refuses the commit, the re-added files pass', () => {
    expect(run('pre-commit', ['install']).status).toBe(0);
    const refused = run('git', ['commit', '-q', '-m', 'first']);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('files were modified by this hook');
    expect(read(repo, 'src/k.c')).not.toContain('int t[N];');
    for (const f of ['src/small.c', 'src/kept.c', 'src/pragma.c', 'src/refused.c'])
      expect({ f, text: read(repo, f) }).toEqual({ f, text: FILES[f] });
    expect(run('git', ['add', '.']).status).toBe(0);
    const accepted = run('git', ['commit', '-q', '-m', 'first']);
    expect(accepted.stdout + accepted.stderr).toMatch(/beeclak fix .*Passed/);
    expect(accepted.stdout + accepted.stderr).toMatch(/beeclak check .*Passed/);
    expect(accepted.status).toBe(0);
  });
});
