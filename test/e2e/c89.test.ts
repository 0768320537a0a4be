/**
 * With `-std=c89` or `-ansi` (options, or a compile_commands.json entry), what the output
 * adds is C89: the mod helper (`static inline` was refused by `-std=c89 -pedantic-errors`),
 * the private copy of a parameter (its declarations came after a statement), and the
 * owner-check build of `check` (loop-scoped declarations, a VLA). Each result compiles with
 * `cc -std=c89 -pedantic-errors` and prints what the original prints.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '../../src/index.js';
import { compileAndRun } from '../helpers/cc.js';
import { runCli } from '../helpers/cli.js';

const C89 = ['-std=c89', '-pedantic-errors'];

/** The index may be negative as far as the analysis knows: the helper is needed. */
const HELPER = `#include <stdio.h>
#define N 64
static double f(int lo, int hi) {
  double t[N], s = 0;
  int i;
  for (i = lo; i < hi; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= lo + 2)
      s = s * 0.5 + t[i - 2];
  }
  return s;
}
int main(void) {
  printf("%f\\n", f(5, 60));
  return 0;
}
`;

/** A scratch parameter nothing reads after the call: a private contracted copy. */
const PRIVATE = `#include <stdio.h>
#include <stdlib.h>
#define N 12
static void kernel(int n, double A[N][N], double tmp[N][N], double out[N]) {
  int i, j;
  double s;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++) tmp[i][j] = A[i][j] * 0.5 + i;
    s = 0.0;
    for (j = 0; j < n; j++) s += tmp[i][j] * tmp[i][j];
    out[i] = s;
  }
}
int main(void) {
  double (*A)[N];
  double (*tmp)[N];
  double out[N];
  int i, j;
  A = (double (*)[N])malloc(sizeof(double) * N * N);
  tmp = (double (*)[N])malloc(sizeof(double) * N * N);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) A[i][j] = (double)((i * j) % 7);
  kernel(N, A, tmp, out);
  for (i = 0; i < N; i++) printf("%.3f\\n", out[i]);
  free((void *)A);
  free((void *)tmp);
  return 0;
}
`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-c89-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('C89 configurations get C89 additions', () => {
  it.each([
    ['the mod helper', HELPER, '-std=c89'],
    ['the mod helper (-ansi)', HELPER, '-ansi'],
    ['a private copy of a parameter', PRIVATE, '-std=c89'],
  ])('%s', async (_, source, std) => {
    const before = compileAndRun(source, 'original', C89);
    expect(before.diagnostics).toBe('');
    const r = await contract(source, { file: 'k.c', compiler: { flags: [std] } });
    expect(r.code).not.toBe(source);
    const after = compileAndRun(r.code, 'contracted', C89);
    expect(after.diagnostics).toBe('');
    expect(after.stdout).toBe(before.stdout);
  });

  it('without -std=c89 the helper stays inline', async () => {
    const r = await contract(HELPER, { file: 'k.c' });
    expect(r.code).toContain('static inline long beeclak_mod');
  });

  it.each([
    ['-std=c89', HELPER],
    ['-ansi', PRIVATE],
  ])('check %s builds its owner check as C89', (std, source) => {
    const file = path.join(tmp, `k${std}.c`);
    fs.writeFileSync(file, source);
    const r = runCli(['check', std, '--cflags', '-pedantic-errors', '--no-sanitize', file]);
    expect(r.stdout).toContain('owner check: every read found its own cell in its slot');
    expect(r.code).toBe(0);
  });
});
