/**
 * Constructs real code uses (issue 13): a loop label, constant-expression extents, a
 * canonical `while` loop and an induction scalar (`row = i * W`) are contracted exactly as
 * the same code without them; the contracted program computes what the original did.
 * Near misses (a label a goto targets, a while loop whose counter changes elsewhere, a
 * scalar written twice) stay unchanged.
 */
import { contract } from '../../src/index.js';
import { compileAndRun } from '../rewrite/compileRun.js';

const program = (decls: string, body: string) => `#include <stdio.h>
#define N 64
#define W 8
int main(void) {
  ${decls}
  double s = 0;
${body}
  printf("%.2f\\n", s);
  return 0;
}
`;

/** [name, with the construct, the same code without it]. */
const PAIRS: [string, string, string][] = [
  [
    // Guards the declaration whose type is a macro (libjpeg's `FAST_FLOAT workspace[DCTSIZE2]`):
    // it was left unchanged, "its declaration is not edited: it comes out of the expansion
    // of macros REAL", though only its declarator is rewritten.
    'a type from a macro (REAL t[N])',
    program(
      '\n#define REAL double\n  static REAL t[N / 2], *p = 0;\n  REAL u[N], v[N];',
      'for (int i = 0; i < N; i++) { u[i] = i * 0.5; v[i] = u[i] + 1; s += v[i] + (p ? t[0] : 0); }',
    ),
    program(
      'static double t[N / 2], *p = 0;\n  double u[N], v[N];',
      'for (int i = 0; i < N; i++) { u[i] = i * 0.5; v[i] = u[i] + 1; s += v[i] + (p ? t[0] : 0); }',
    ),
  ],
  [
    'loop labels',
    program('double t[N];', 'row: for (int i = 0; i < N; i++) { col: t[i] = i * 0.5; s += t[i]; }'),
    program('double t[N];', 'for (int i = 0; i < N; i++) { t[i] = i * 0.5; s += t[i]; }'),
  ],
  [
    'extent N / 2',
    program(
      'double e[N / 2][4];',
      'for (int i = 0; i < 32; i++) for (int j = 0; j < 4; j++) { e[i][j] = i + j; s += e[i][j] * (j > 0 ? e[i][j - 1] : 1); }',
    ),
    program(
      'double e[32][4];',
      'for (int i = 0; i < 32; i++) for (int j = 0; j < 4; j++) { e[i][j] = i + j; s += e[i][j] * (j > 0 ? e[i][j - 1] : 1); }',
    ),
  ],
  [
    'extent 512 * 4 / 16',
    program(
      'double sum[512 * 4 / 16];',
      'for (int i = 1; i < 128; i++) { sum[i] = i; s += sum[i] + sum[i - 1]; }',
    ),
    program(
      'double sum[128];',
      'for (int i = 1; i < 128; i++) { sum[i] = i; s += sum[i] + sum[i - 1]; }',
    ),
  ],
  [
    'canonical while loop',
    program(
      'double t[N]; int i = 1;',
      '  t[0] = 1;\n  while (i < N) { t[i] = t[i - 1] + i; s += t[i]; i += 1; }',
    ),
    program(
      'double t[N];',
      '  t[0] = 1;\n  for (int i = 1; i < N; i += 1) { t[i] = t[i - 1] + i; s += t[i]; }',
    ),
  ],
  [
    'induction scalar row = i * W',
    program(
      'double M[N * W];',
      'for (int i = 0; i < N; i++) { int row = i * W; for (int j = 0; j < W; j++) { M[row + j] = i - j; s += M[row + j] * M[row]; } }',
    ),
    program(
      'double M[N * W];',
      'for (int i = 0; i < N; i++) { for (int j = 0; j < W; j++) { M[i * W + j] = i - j; s += M[i * W + j] * M[i * W]; } }',
    ),
  ],
];

/** Programs with a near miss of a construct: nothing may be contracted. */
const UNCHANGED: [string, string][] = [
  [
    'a label a goto targets',
    program(
      'double t[N]; int k = 0;',
      'again: for (int i = 0; i < N; i++) { t[i] = i; s += t[i]; }\n  if (k++ < 1) goto again;',
    ),
  ],
  [
    'a while counter also changed in the body',
    program(
      'double t[N]; int i = 0;',
      '  while (i < N - 2) { t[i] = i; if (i == 5) i += 2; s += t[i]; i++; }',
    ),
  ],
  [
    // The declarator itself comes out of a macro: it cannot be edited in the file.
    'a declarator from a macro',
    program(
      '\n#define TMP(x) double x[N]\n  TMP(t);',
      'for (int i = 0; i < N; i++) { t[i] = i * 0.5; s += t[i]; }',
    ),
  ],
  [
    'a scalar written twice',
    program(
      'double M[N * W]; int row = 0;',
      'for (int i = 0; i < N; i++) { row = i * W; for (int j = 0; j < W; j++) { M[row + j] = j; s += M[row + j]; } row = 0; s += M[row]; }',
    ),
  ],
];

const cells = async (source: string) =>
  (await contract(source, { file: 'p.c' })).report.arrays.map((a) => [
    a.name,
    a.status,
    a.compressedCells,
  ]);

describe('constructs are contracted like the same code without them', () => {
  it.each(PAIRS)('%s', async (_name, withIt, without) => {
    const a = await cells(withIt);
    expect(a).toEqual(await cells(without));
    expect(a.some(([, status]) => status === 'contracted' || status === 'scalarized')).toBe(true);
    const { code } = await contract(withIt, { file: 'p.c' });
    const [orig, out] = await Promise.all([
      compileAndRun('orig', withIt),
      compileAndRun('out', code),
    ]);
    expect(out).toEqual(orig);
  });

  it('the macro type stays as written: only the declarator changes', async () => {
    const { code } = await contract(PAIRS[0]![1], { file: 'p.c' });
    expect(code).toMatch(/\n {2}REAL u, v;\n/);
  });

  it.each(UNCHANGED)('%s: unchanged', async (_name, source) => {
    const { code, changed } = await contract(source, { file: 'p.c' });
    expect(changed).toBe(false);
    expect(code).toBe(source);
  });
});
