/**
 * The result cache of a multi-file run keyed on everything a file's result depends on
 * (issue 27, "the cache keyed on everything a file's result depends on, now including the
 * other files whose calls it sees"): a file's result rests on its callers in other files,
 * on the host that includes it (a unity build) and on the headers only those files read.
 * A change in any of them must be a cache miss for the file, not bring back a mapping made
 * for the callers as they were (the kernel's buffer folded in place while the caller now
 * reads it after the call).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const STAGE = `#define N 8
double stage(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    s += t[i];
  }
  return s;
}
`;
const caller = (after: string) => `#include <stdio.h>
#include "peek.h"
double stage(double t[8]);
int main(void) {
  double buf[8];
  double s = stage(buf);
  printf("%f %f\\n", s, ${after});
  return 0;
}
`;
const KERN = `static double total(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) { t[i] = i * 2.0; s += t[i]; }
  return s;
}
`;
// A kernel of another file whose rows carry nothing across (its caller's t[4][8] shrinks to
// t[1][8]), or whose row 0 stays live through every row (t keeps its 4 rows).
const energy = (other: string) => `#define R 4
#define N 8
double energy(double t[R][N]) {
  double e = 0;
  for (int r = 0; r < R; r++) {
    for (int i = 0; i < N; i++) t[r][i] = r + i;
    for (int i = 0; i < N; i++) e += t[r][i] * t[${other}][N - 1 - i];
  }
  return e;
}
`;
const ENERGY_CALLER = `#include <stdio.h>
double energy(double t[4][8]);
int main(void) {
  double t[4][8];
  printf("%f\\n", energy(t));
  return 0;
}
`;
const host = (after: string) => `#include <stdio.h>
#define N 8
#include "kern.c"
int main(void) {
  double t[N];
  printf("%g %g\\n", total(t), ${after});
  return 0;
}
`;

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-setcache-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text);
  return dir;
}

/** `contract --diff` over the files with a cache: what it prints, and how many were hits. */
function run(dir: string, files: readonly string[]) {
  const r = runCli(['contract', '--diff', '--cache-dir', 'cache', ...files], { cwd: dir });
  const hits = /(\d+) from cache/.exec(r.stderr)?.[1];
  return { diff: r.stdout, hits: Number(hits ?? 0) };
}

// [what, files at first, the edit to another file, files given, the file whose result
// changes]. In each, that file's buffer shrinks at first (its diff shows it), and after the
// edit of the other file a value crosses (its file is left as written).
const CASES: [string, Record<string, string>, [string, string], string[], string][] = [
  [
    'a caller in another file now reads the buffer after the call',
    { 'dsp.c': STAGE, 'main.c': caller('0.0'), 'peek.h': '/* no peek */\n' },
    ['main.c', caller('buf[3]')],
    ['dsp.c', 'main.c'],
    'dsp.c',
  ],
  [
    "a header only the caller's file reads makes it read the buffer after the call",
    { 'dsp.c': STAGE, 'main.c': caller('PEEK(buf)'), 'peek.h': '#define PEEK(b) 0.0\n' },
    ['peek.h', '#define PEEK(b) ((b)[3])\n'],
    ['dsp.c', 'main.c'],
    'dsp.c',
  ],
  [
    'the host of a unity build now reads the buffer after the call',
    { 'kern.c': KERN, 'main.c': host('0.0') },
    ['main.c', host('t[2]')],
    ['kern.c', 'main.c'],
    'kern.c',
  ],
  [
    "the callee in another file now keeps a row live: the caller's buffer keeps its size",
    { 'dsp.c': energy('r'), 'main.c': ENERGY_CALLER },
    ['dsp.c', energy('0')],
    ['dsp.c', 'main.c'],
    'main.c',
  ],
];

describe('a cached result and the other files it rests on', () => {
  it.each(CASES)('%s: a cache miss', (name, files, [edited, text], given, changed) => {
    const dir = tree(name.replace(/\W+/g, '-'), files);
    const first = run(dir, given);
    expect(first.diff).toContain(`--- a/${changed}`);
    // (the cache is used: the same files again are hits)
    expect(run(dir, given).hits).toBe(given.length);
    fs.writeFileSync(path.join(dir, edited), text);
    const after = run(dir, given);
    expect(after.diff).not.toContain(`--- a/${changed}`);
    const fresh = runCli(['contract', '--diff', '--no-cache', ...given], { cwd: dir });
    expect(after.diff).toBe(fresh.stdout);
  });
});

// A ring of stages with a main() calling every one (scripts/bench/setScaling.ts's hub): each
// file's view of the set holds what its decisions read (narrowView.ts), not every file that
// main() calls. Guards the cache key's narrowing both ways: a file whose view holds a
// function of the edited file misses, one whose view does not hits.
const ringFile = (k: number, n: number, edited = '') => `${edited}#define N 8
double kern_${k}(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) { t[i] = i * ${k + 1}.0; if (i >= 1) s += t[i] * t[i - 1]; }
  return s;
}
double kern_${(k + 1) % n}(double t[8]);
double stage_${k}(const double *in) {
  double buf[8];
  double s = kern_${(k + 1) % n}(buf);
  for (int i = 0; i < 8; i++) s += in[i];
  return s;
}
`;
const ringMain = (n: number) =>
  Array.from({ length: n }, (_, k) => `double stage_${k}(const double *in);\n`).join('') +
  'int main(void) {\n  double in[8], s = 0;\n  for (int i = 0; i < 8; i++) in[i] = i;\n' +
  Array.from({ length: n }, (_, k) => `  s += stage_${k}(in);\n`).join('') +
  '  return (int)s;\n}\n';

describe('a set whose main() calls every file', () => {
  it("an edit misses the files whose view holds the edited file's functions only", () => {
    const n = 6;
    const files: Record<string, string> = { 'main.c': ringMain(n) };
    for (let k = 0; k < n; k++) files[`f${k}.c`] = ringFile(k, n);
    const dir = tree('ring', files);
    const given = Object.keys(files);
    run(dir, given);
    expect(run(dir, given).hits).toBe(given.length);
    // f3.c's functions: kern_3 (called by f2's stage, so in f2's view and, through stage_2
    // that main() calls after stage_1, in f1's), stage_3 (calling f4's kern_4; main() calls
    // it after stage_2). The last file's view holds every stage (main() uses `in` after no
    // other call). f0.c's view holds f5's stage_5, f1's and f2's functions and main().
    fs.writeFileSync(path.join(dir, 'f3.c'), ringFile(3, n, '/* edited */\n'));
    const after = run(dir, given);
    expect(after.hits).toBe(2); // main.c (no view) and f0.c
    const fresh = runCli(['contract', '--diff', '--no-cache', ...given], { cwd: dir });
    expect(after.diff).toBe(fresh.stdout);
  });
});
