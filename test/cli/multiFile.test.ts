/**
 * `contract` over many files: directories, --exclude, the modes (-i, --check, --diff,
 * --list), the exit-code bits (1 would change, 4 skipped), the summary line, the result
 * cache and worker threads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

const FUSED = `#define N 8
void kernel(const int a[N], int b[N]) {
  int t[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
}
`;
const PAIR = `#define N 16
void pair(const int a[N], int b[N]) {
  int u[N];
  u[0] = a[0];
  for (int i = 1; i < N; i++) { u[i] = u[i - 1] + a[i]; b[i] = u[i]; }
}
`;
// (g[1] is read unwritten: with main() the set is a closed world, where a global that only
// main() names is scratch of it, closedGlobals.ts; this one carries a value, so stays)
const NOTHING = 'int g[4];\nint main(void) { g[0] = 1; return g[0] + g[1]; }\n';
const BAD = 'void f(void) { int t[4]; t[0] = ; }\n';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-many-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A fresh tree: src/{a.c, sub/b.c, sub/none.c, gen/g.c}, plus `extra` files. */
function tree(name: string, extra: Record<string, string> = {}): string {
  const dir = path.join(root, name);
  const files: Record<string, string> = {
    'src/a.c': FUSED,
    'src/sub/b.c': PAIR,
    'src/sub/none.c': NOTHING,
    'src/gen/g.c': FUSED,
    'src/notes.txt': 'not C',
    ...extra,
  };
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  return dir;
}

const read = (dir: string, f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
const noCache = ['--no-cache'];

describe('contract over many files', () => {
  it('--check: exit 1 when a file would change, nothing written, a summary line', () => {
    const dir = tree('check');
    const r = runCli(['contract', '--check', 'src', ...noCache], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('would contract src/a.c');
    expect(r.stderr).toMatch(/beeclak: 4 files, 3 would change, 0 skipped, \d+ bytes to save/);
    // Quiet on the unchanged file.
    expect(r.stderr).not.toContain('none.c');
    expect(read(dir, 'src/a.c')).toBe(FUSED);
  });

  it('--check: exit 0 when nothing would change; --exclude skips files and directories', () => {
    const dir = tree('exclude');
    const r = runCli(
      [
        'contract',
        '--check',
        'src',
        '--exclude',
        'gen',
        '--exclude',
        'src/a.c',
        '--exclude',
        'b.c',
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('beeclak: 1 file, 0 would change, 0 skipped');
  });

  it('a file that cannot be parsed or read is reported and skipped: exit bit 4, the others go on', () => {
    const dir = tree('skip', { 'src/bad.c': BAD });
    const r = runCli(['contract', '--check', 'src', 'missing.c', ...noCache], { cwd: dir });
    expect(r.code).toBe(1 | 4);
    expect(r.stderr).toMatch(/src\/bad\.c:1:\d+: error: /);
    expect(r.stderr).toContain('missing.c: no such file (skipped)');
    expect(r.stderr).toContain('3 would change, 2 skipped');
    const onlyBad = runCli(['contract', '--check', 'src/bad.c', 'src/sub/none.c', ...noCache], {
      cwd: dir,
    });
    expect(onlyBad.code).toBe(4);
  });

  it('-i rewrites the changed files atomically; a second --check finds nothing', () => {
    const dir = tree('inplace');
    const r = runCli(['contract', '-i', 'src', ...noCache], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('4 files, 3 contracted');
    expect(read(dir, 'src/a.c')).toContain('int t;');
    expect(read(dir, 'src/sub/none.c')).toBe(NOTHING);
    const leftovers = spawnSync('find', [dir, '-name', '*.tmp'], { encoding: 'utf8' }).stdout;
    expect(leftovers).toBe('');
    const again = runCli(['contract', '--check', 'src', ...noCache], { cwd: dir });
    expect(again.code).toBe(0);
  });

  it('--diff prints a unified diff that patch -p1 applies to give what -i writes', () => {
    const dir = tree('diff');
    const twin = tree('diff-twin');
    const d = runCli(['contract', '--diff', 'src', ...noCache], { cwd: dir });
    expect(d.code).toBe(0);
    expect(d.stdout).toContain('--- a/src/a.c\n+++ b/src/a.c\n@@ ');
    const p = spawnSync('patch', ['-p1'], { cwd: dir, input: d.stdout, encoding: 'utf8' });
    expect(p.status).toBe(0);
    runCli(['contract', '-i', 'src', ...noCache], { cwd: twin });
    for (const f of ['src/a.c', 'src/sub/b.c', 'src/gen/g.c'])
      expect(read(dir, f)).toBe(read(twin, f));
  });

  it('--list names the arrays that would save more than --min-bytes, and changes nothing', () => {
    const dir = tree('list');
    const all = runCli(['contract', '--list', 'src', ...noCache], { cwd: dir });
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^src\/a\.c:3:7: t in kernel\(\) could shrink from 32 to 4 bytes/m);
    const big = runCli(['contract', '--list', 'src', '--min-bytes', '40', ...noCache], {
      cwd: dir,
    });
    expect(big.stdout).toMatch(/src\/sub\/b\.c:3:7: u in pair\(\)/);
    expect(big.stdout).not.toContain('a.c');
    expect(read(dir, 'src/a.c')).toBe(FUSED);
  });

  it('the second run over unchanged files takes every result from the cache; other options miss it', () => {
    const dir = tree('cache');
    const cache = path.join(dir, 'cache');
    const first = runCli(['contract', '--check', 'src', '--cache-dir', cache], { cwd: dir });
    expect(first.stderr).not.toContain('from cache');
    const second = runCli(['contract', '--check', 'src', '--cache-dir', cache], { cwd: dir });
    expect(second.code).toBe(first.code);
    expect(second.stderr).toContain('4 from cache');
    const other = runCli(['contract', '--check', 'src', '--cache-dir', cache, '-D', 'N=4'], {
      cwd: dir,
    });
    expect(other.stderr).not.toContain('from cache');
    // A changed file is a miss, the others hits.
    fs.appendFileSync(path.join(dir, 'src/a.c'), '/* edited */\n');
    const edited = runCli(['contract', '--check', 'src', '--cache-dir', cache], { cwd: dir });
    expect(edited.stderr).toContain('3 from cache');
  });

  // Guards the cache keyed on the file alone: a header's changed #define brought back the
  // mapping made for its old value; and a refusal for a missing header outlived the header.
  it('a changed header is a cache miss, and a refusal is not cached', () => {
    const lagged = `#include "lag.h"
#define N 32
void lagged(const int a[N], int b[N]) {
  int t[N];
  for (int i = 0; i < N; i++) {
    t[i] = a[i];
    b[i] = i >= LAG ? t[i - LAG] : 0;
  }
}
`;
    const dir = tree('headers', {
      'src/lag.h': '#define LAG 1\n',
      'src/h.c': lagged,
      'src/later.c': '#include "later.h"\n' + FUSED,
    });
    const cache = ['--cache-dir', path.join(dir, 'cache')];
    const run = () => runCli(['contract', '--diff', 'src', ...cache], { cwd: dir });
    const first = run();
    expect(first.stdout).toContain('+  int t[2];');
    expect(first.stderr).toContain('later.h');
    expect(run().stderr).toContain('5 from cache');
    fs.writeFileSync(path.join(dir, 'src/lag.h'), '#define LAG 2\n');
    fs.writeFileSync(path.join(dir, 'src/later.h'), '/* now here */\n');
    const edited = run();
    expect(edited.stdout).toContain('+  int t[3];');
    expect(edited.stdout).toContain('--- a/src/later.c');
    // The tree is one program (none.c defines main): every file that defines a function with
    // external linkage sees later.c's calls, now readable, and none.c's global g is judged
    // with every unit read (closedGlobals.ts): no file is a hit (issue 27).
    expect(edited.stderr).not.toContain('from cache');
  });

  // Issue 17 ("many files"): a file none of whose arrays can be a candidate is not modelled
  // (the system headers of its translation unit were most of the time per file); its report
  // says so. Guards the pre-filter's wiring: the multi-file mode only, bad input unchanged.
  it('a file without candidate is not modelled: the report says why; one file alone still reports all', () => {
    const params =
      'void scale(double a[8], double s) {\n  for (int i = 0; i < 8; i++) a[i] *= s;\n}\n';
    const dir = tree('nocandidate', {
      'p/params.c': params,
      'p/a.c': FUSED,
      'p/syntax.c': 'void f(void) { int x = ; }\n',
      'p/missing.c': '#include "nothere.h"\nvoid f(int a[4]) { a[0] = 1; }\n',
    });
    const r = runCli(['contract', '--check', 'p', '--report', 'json', ...noCache], { cwd: dir });
    expect(r.code).toBe(1 | 4);
    const reports = JSON.parse(r.stderr.slice(r.stderr.indexOf('\n{') + 1)).files as {
      file: string;
      arrays: { name: string }[];
      diagnostics: { code: string; line: number; message: string }[];
    }[];
    const of = (f: string) => reports.find((x) => x.file === f)!;
    expect(of('p/params.c').arrays).toEqual([]);
    expect(of('p/params.c').diagnostics).toEqual([
      expect.objectContaining({
        code: codeOf('no-candidate-in-file'),
        line: 1,
        message: expect.stringMatching(/array parameters of scale\(\)/),
      }),
    ]);
    // A local array: the full path, contracted.
    expect(of('p/a.c').arrays.map((a) => a.name)).toEqual(['a', 'b', 't']);
    expect(r.stderr).toContain('would contract p/a.c');
    // Bad input is refused as before, at the compiler's line.
    expect(r.stderr).toMatch(/p\/syntax\.c:1:\d+: error: /);
    expect(r.stderr).toContain('nothere.h: No such file or directory');
    expect(r.stderr).toContain('2 skipped');
    // One file without a mode: the whole report.
    const one = runCli(['contract', 'p/params.c', '--report', 'json', ...noCache], { cwd: dir });
    expect(JSON.parse(one.stderr).files[0].arrays.map((a: { name: string }) => a.name)).toEqual([
      'a',
    ]);
  });

  // A file left unmodelled depends on its headers too: a header that now declares a local
  // array through a macro must bring the file back to the full path, not to the cache.
  it('a file left unmodelled is a cache miss when a header changes', () => {
    const kernel = `#include "decl.h"
void kernel(int b[8]) {
  DECL(t);
  for (int i = 0; i < 8; i++) { t[i] = i; b[i] = t[i]; }
}
`;
    const dir = tree('nocandidate-cache', {
      'q/k.c': kernel,
      'q/decl.h': '#define DECL(x) int *x = b\n',
    });
    const run = () =>
      runCli(['contract', '--check', 'q', '--report', 'json', '--cache-dir', 'cache'], {
        cwd: dir,
      });
    expect(JSON.parse(run().stderr.replace(/^beeclak:.*\n/m, '')).files[0].arrays).toEqual([]);
    expect(run().stderr).toContain('1 from cache');
    fs.writeFileSync(path.join(dir, 'q/decl.h'), '#define DECL(x) int x[8]\n');
    const edited = run();
    expect(edited.stderr).not.toContain('from cache');
    const report = JSON.parse(edited.stderr.replace(/^beeclak:.*\n/m, '')).files[0];
    expect(report.arrays.map((a: { name: string }) => a.name)).toEqual(['b', 't']);
  });

  // The report too: a file's outcome crosses from a worker thread by structured clone
  // (reportSchema.test.ts checks the shape of a report made on one thread).
  it('worker threads give the same results and report as one thread', () => {
    const dir = tree('threads');
    const run = (jobs: string) =>
      runCli(['contract', '--diff', 'src', '--jobs', jobs, '--report', 'json', ...noCache], {
        cwd: dir,
      });
    const one = run('1');
    const two = run('2');
    expect(two.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(one.stderr).toContain('"files"');
  });

  it('several files without a mode, -o with several, -i with --check: usage error (exit 2)', () => {
    const dir = tree('usage');
    expect(runCli(['contract', 'src/a.c', 'src/sub/b.c'], { cwd: dir }).code).toBe(2);
    expect(runCli(['contract', '-i', 'src', '-o', 'x.c'], { cwd: dir }).code).toBe(2);
    const both = runCli(['contract', '-i', '--check', 'src'], { cwd: dir });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('choose one');
    expect(read(dir, 'src/a.c')).toBe(FUSED);
  });
});
