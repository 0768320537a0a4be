/**
 * Adversarial callers for temporaries across calls: each program below is legal C in which a
 * kernel's scratch parameter must NOT be taken for a temporary (a value could flow out, or a
 * call is not visible), next to the plain case that must be. In-process (no compiler).
 */
import { analyze } from '../../src/index.js';
import { codeOf, type ReasonName } from '../../src/model/reasons.js';
import { hasWarning, warningText } from '../helpers/codes.js';

const KERNEL = `#define N 8
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) { t[i] = i * 2.0; out[i] = t[i] + 1.0; }
}
`;

const cases: [string, string, ReasonName | 'temporary'][] = [
  [
    'a local array, nothing after',
    `void run(double out[N]) { double t[N]; kernel(t, out); }`,
    'temporary',
  ],
  [
    'a malloc buffer freed after the call',
    `#include <stdlib.h>\nvoid run(double out[N]) { double *t = malloc(N * sizeof *t); kernel(t, out); free(t); }`,
    'temporary',
  ],
  [
    'read after the call',
    `double run(double out[N]) { double t[N]; kernel(t, out); return t[3]; }`,
    'read-after-call',
  ],
  [
    'read before the call inside the same loop (the next iteration reads what the call left)',
    `double run(double out[N]) { double t[N]; double s = 0; for (int k = 0; k < 2; k++) { s += k ? t[0] : 0; kernel(t, out); } return s; }`,
    'read-after-call',
  ],
  [
    'an alias taken before the call',
    `double run(double out[N]) { double t[N]; double *p = t; kernel(t, out); return p[0]; }`,
    'buffer-escapes',
  ],
  ['passed twice to one call', `void run(void) { double t[N]; kernel(t, t); }`, 'passed-twice'],
  [
    'the address of the kernel taken',
    `void (*fp)(double *, double *) = &kernel;\nvoid run(double out[N]) { double t[N]; kernel(t, out); }`,
    'called-from-unseen-code',
  ],
  [
    'the kernel in a table',
    `void (*tab[])(double *, double *) = { kernel };\nvoid run(double out[N]) { double t[N]; kernel(t, out); }`,
    'called-from-unseen-code',
  ],
  [
    'a goto in the caller',
    `void run(double out[N]) { double t[N]; kernel(t, out); goto end; end: ; }`,
    'caller-unstructured',
  ],
  // A parameter passed on as is: its function's own callers decide (issue 26).
  [
    'a parameter of a caller that is not static',
    `void run(double t[N], double out[N]) { kernel(t, out); }`,
    'not-static',
  ],
  [
    'a parameter of a static caller whose caller passes a local array',
    `static void run(double t[N], double out[N]) { kernel(t, out); }\nvoid top(double out[N]) { double b[N]; run(b, out); }`,
    'temporary',
  ],
  [
    'a parameter of a static caller whose caller reads its array after the call',
    `static void run(double t[N], double out[N]) { kernel(t, out); }\ndouble top(double out[N]) { double b[N]; run(b, out); return b[1]; }`,
    'read-after-call',
  ],
  [
    'a parameter passed on through *',
    `static void run(double (*t)[N], double out[N]) { kernel(*t, out); }\nvoid top(double out[N]) { double b[1][N]; run(b, out); }`,
    'buffer-not-analysable',
  ],
  [
    'a global buffer',
    `double g[N];\nvoid run(double out[N]) { kernel(g, out); }`,
    'buffer-not-analysable',
  ],
  [
    'a static local buffer',
    `void run(double out[N]) { static double t[N]; kernel(t, out); }`,
    'buffer-not-analysable',
  ],
  [
    'passed on to an unknown function after the call',
    `void sink(double *);\nvoid run(double out[N]) { double t[N]; kernel(t, out); sink(t); }`,
    'callee-keeps-address',
  ],
  ['never called', ``, 'not-called'],
];

describe('temporaries across calls: adversarial callers', () => {
  it.each(cases)('%s', async (_, caller, expected) => {
    const report = await analyze(KERNEL + caller + '\n');
    const t = report.arrays.find((a) => a.function === 'kernel' && a.name === 't')!;
    if (expected === 'temporary') expect(t.status).toBe('scalarized');
    else {
      expect(t.status).toBe('unchanged');
      expect(t.code).toBe(codeOf(expected));
    }
  });
});

// The caller's buffer once the kernel folds in place (issue 26): it shrinks to the slots the
// kernel uses when nothing else needs its cells, else it keeps its size (guards a shrink of a
// buffer the caller or another function still uses).
const ALL_LIVE = `static void keep(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) t[i] = i;
  for (int i = 0; i < N; i++) out[i] += t[N - 1 - i];
}
`;

const bufferCases: [string, string, 'contracted' | 'unchanged' | 'no entry'][] = [
  [
    'only passed to the kernel',
    `void run(double out[N]) { double t[N]; kernel(t, out); }`,
    'contracted',
  ],
  [
    'allocated, passed, freed (a heap buffer: no entry of its own)',
    `#include <stdlib.h>\nvoid run(double out[N]) { double *t = malloc(N * sizeof *t); kernel(t, out); free(t); }`,
    'no entry',
  ],
  [
    'written by the caller before the call (dead values, still a use)',
    `void run(double out[N]) { double t[N]; t[0] = 1; kernel(t, out); }`,
    'unchanged',
  ],
  [
    'also passed to a function that keeps the whole array',
    ALL_LIVE + `void run(double out[N]) { double t[N]; kernel(t, out); keep(t, out); }`,
    'unchanged',
  ],
];

describe("temporaries across calls: the caller's buffer", () => {
  it.each(bufferCases)('%s', async (_, caller, expected) => {
    const report = await analyze(KERNEL + caller + '\n');
    const t = report.arrays.find((a) => a.function === 'kernel' && a.name === 't')!;
    expect(t.status).toBe('scalarized');
    expect(hasWarning(t, 'folded-in-place')).toBe(true);
    const own = report.arrays.find((a) => a.function === 'run' && a.name === 't');
    if (expected === 'no entry') expect(own).toBeUndefined();
    else expect(own?.status).toBe(expected);
    if (expected === 'contracted')
      expect(warningText(own!)).toMatch(
        /its storage shrinks to \[1\]: it only carries values for kernel:t/,
      );
  });
});
