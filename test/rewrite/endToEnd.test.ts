/**
 * End to end with the system C compiler: a correct fold computes what the original
 * computes and passes the owner check; a wrong fold is caught with the right cells.
 */
import { instrument } from '../../src/rewrite/instrument.js';
import { rewrite } from '../../src/rewrite/rewrite.js';
import type { AccessRange, RowForm } from '../../src/rewrite/plan.js';
import { compileAndRun } from './compileRun.js';
import { makePlan, row, within, type ArraySpec } from './planBuilder.js';

// Each row of y is a Fibonacci-like sequence: y[i][k] needs y[i][k-1] and y[i][k-2]
// only, and the row is dead after its last cell is summed. (i, k mod 2) is a correct fold,
// a scalar is not.
const FIB = `#include <stdio.h>
#define N 12
int main(void) {
  long y[N][N];
  long out = 0;
  for (int i = 0; i < N; i++) {
    y[i][0] = i;
    y[i][1] = 1;
    for (int k = 2; k < N; k++)
      y[i][k] = y[i][k - 1] + y[i][k - 2];
    out += y[i][N - 1] * (i + 1);
  }
  printf("%ld\\n", out);
  return 0;
}
`;

/** The accesses of y in FIB, with the proven range of k's row (value of k) per access. */
function fibArray(rows: RowForm[], kRange: (lo: number, hi: number) => AccessRange[]): ArraySpec {
  return {
    name: 'y',
    declarator: 'y[N][N]',
    declaration: 'long y[N][N];',
    extents: ['N', 'N'],
    rows,
    accesses: [
      { at: 'y[i][0]', ranges: kRange(0, 0), kind: 'write', statement: 'y[i][0] = i;' },
      { at: 'y[i][1]', ranges: kRange(1, 1), kind: 'write', statement: 'y[i][1] = 1;' },
      {
        at: 'y[i][k]',
        ranges: kRange(2, 11),
        kind: 'write',
        statement: 'y[i][k] = y[i][k - 1] + y[i][k - 2];',
      },
      { at: 'y[i][k - 1]', ranges: kRange(1, 10), kind: 'read' },
      { at: 'y[i][k - 2]', ranges: kRange(0, 9), kind: 'read' },
      { at: 'y[i][N - 1]', ranges: kRange(11, 11), kind: 'read' },
    ],
  };
}

const KMOD2 = [row([0, 1], 2)];
const proven = (lo: number, hi: number) => [within(lo, hi)];
const unknown = () => [within()];

// A running sum kept in a scalar: the read of s[i-1] and the write of s[i] in one
// statement share the slot, which is right because reads come before writes (C leaves the
// order of the two sides of `=` open; the check must not depend on it).
const PREFIX = `#include <stdio.h>
static int step(int a, int i) { return a * 3 % 1000 + i; }
int main(void) {
  int s[50];
  s[0] = 3;
  for (int i = 1; i < 50; i++) s[i] = step(s[i - 1], i);
  printf("%d\\n", s[49]);
  return 0;
}
`;
const prefixArray: ArraySpec = {
  name: 's',
  declarator: 's[50]',
  declaration: 'int s[50];',
  extents: ['50'],
  rows: [],
  accesses: [
    { at: 's[0]', ranges: [], kind: 'write', statement: 's[0] = 3;' },
    { at: 's[i]', ranges: [], kind: 'write', statement: 's[i] = step(s[i - 1], i);' },
    { at: 's[i - 1]', ranges: [], kind: 'read' },
    { at: 's[49]', ranges: [], kind: 'read' },
  ],
};

// A VLA whose contracted shape is still a VLA, in a recursive function: the shadow must
// live in the same frame as the array. t[i][0] stays live for the whole row i, so the
// rows may share memory (t[n] over j) but j mod 2 is wrong.
const VLA = `#include <stdio.h>
long f(int n, int depth) {
  long t[n][n];
  long acc = 0;
  for (int i = 0; i < n; i++) {
    t[i][0] = i + depth;
    for (int j = 1; j < n; j++) t[i][j] = t[i][j - 1] * 2 + 1;
    acc += t[i][n - 1] + t[i][0];
  }
  if (depth > 0) acc += f(n, depth - 1);
  return acc;
}
int main(void) {
  printf("%ld\\n", f(7, 3));
  return 0;
}
`;
function vlaArray(rows: RowForm[], jRange: (lo?: number, hi?: number) => AccessRange[]): ArraySpec {
  return {
    name: 't',
    declarator: 't[n][n]',
    declaration: 'long t[n][n];',
    extents: ['n', 'n'],
    rows,
    accesses: [
      { at: 't[i][0]', ranges: jRange(0, 0), kind: 'write', statement: 't[i][0] = i + depth;' },
      {
        at: 't[i][j]',
        ranges: jRange(1),
        kind: 'write',
        statement: 't[i][j] = t[i][j - 1] * 2 + 1;',
      },
      { at: 't[i][j - 1]', ranges: jRange(0), kind: 'read' },
      { at: 't[i][n - 1]', ranges: jRange(0), kind: 'read' },
      { at: 't[i][0]', n: 1, ranges: jRange(0, 0), kind: 'read' },
    ],
  };
}

// Unsigned iterators: i - j is computed in unsigned arithmetic, so a negative value wraps;
// the row (1, -1) mod 7 is injective over each row i, which is all the fold needs.
const UNSIGNED = `#include <stdio.h>
int main(void) {
  long t[7][7];
  long acc = 0;
  for (unsigned i = 0; i < 7; i++) {
    for (unsigned j = 0; j < 7; j++) t[i][j] = (long)(i * 10 + j);
    for (unsigned j = 0; j < 7; j++) acc = (acc * 3 + t[i][j]) % 1000003;
  }
  printf("%ld\\n", acc);
  return 0;
}
`;
const unsignedArray: ArraySpec = {
  name: 't',
  declarator: 't[7][7]',
  declaration: 'long t[7][7];',
  extents: ['7', '7'],
  rows: [row([1, -1], 7)],
  accesses: [
    {
      at: 't[i][j]',
      ranges: [within()],
      kind: 'write',
      statement: 't[i][j] = (long)(i * 10 + j);',
    },
    { at: 't[i][j]', n: 1, ranges: [within()], kind: 'read' },
  ],
};

// An access nested in another's index, both arrays contracted: a[b[i]] -> a[b[i % 2] % 8].
const NESTED = `#include <stdio.h>
int main(void) {
  int b[64];
  long a[64];
  long acc = 0;
  for (int i = 0; i < 64; i++) {
    b[i] = (i * 5) % 8;
    a[b[i]] = i;
    acc += a[b[i]] * 2 + b[i];
  }
  printf("%ld\\n", acc);
  return 0;
}
`;
const nestedArrays: ArraySpec[] = [
  {
    name: 'b',
    declarator: 'b[64]',
    declaration: 'int b[64];',
    extents: ['64'],
    rows: [row([1], 2)],
    accesses: [
      { at: 'b[i]', ranges: [within(0, 63)], kind: 'write', statement: 'b[i] = (i * 5) % 8;' },
      { at: 'b[i]', n: 1, ranges: [within(0, 63)], kind: 'read' },
      { at: 'b[i]', n: 2, ranges: [within(0, 63)], kind: 'read' },
      { at: 'b[i]', n: 3, ranges: [within(0, 63)], kind: 'read' },
    ],
  },
  {
    name: 'a',
    declarator: 'a[64]',
    declaration: 'long a[64];',
    extents: ['64'],
    rows: [row([1], 8)],
    accesses: [
      { at: 'a[b[i]]', ranges: [within(0)], kind: 'write', statement: 'a[b[i]] = i;' },
      { at: 'a[b[i]]', n: 1, ranges: [within(0)], kind: 'read' },
    ],
  },
];

// A file-scope temporary (marked by the user): shadows at file scope too.
const GLOBAL = `#include <stdio.h>
#define N 30
static double w[N];
int main(void) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    w[i] = i * 0.5;
    s += w[i];
  }
  printf("%.2f\\n", s);
  return 0;
}
`;
const globalArray: ArraySpec = {
  name: 'w',
  declarator: 'w[N]',
  declaration: 'static double w[N];',
  extents: ['N'],
  fileScope: true,
  rows: [],
  accesses: [
    { at: 'w[i]', ranges: [], kind: 'write', statement: 'w[i] = i * 0.5;' },
    { at: 'w[i]', n: 1, ranges: [], kind: 'read' },
  ],
};

interface Fold {
  name: string;
  source: string;
  array: ArraySpec;
  others?: ArraySpec[];
  modulo?: 'exact' | 'pow2';
  helper?: boolean;
}

const correctFolds: Fold[] = [
  { name: 'fib: (i, k) -> k % 2, proven ranges', source: FIB, array: fibArray(KMOD2, proven) },
  {
    name: 'fib: (i, k) -> k mod 2 with the helper',
    source: FIB,
    array: fibArray(KMOD2, unknown),
    helper: true,
  },
  {
    name: 'fib: (i, k) -> k & 1 (pow2)',
    source: FIB,
    array: fibArray(KMOD2, unknown),
    modulo: 'pow2',
  },
  {
    name: 'fib: (i, k) -> (i mod 3, (i + k) mod 2) with a negative offset',
    source: FIB,
    array: fibArray([row([1, 0], 3), row([-1, 1], 2)], (lo, hi) => [
      within(0, 11),
      within(lo - 11, hi),
    ]),
  },
  // Guards the helper's argument against unsigned wrap-around (computed in long).
  {
    name: 'unsigned iterators, (i - j) mod 7 through the helper',
    source: UNSIGNED,
    array: unsignedArray,
    helper: true,
  },
  {
    name: 'nested accesses a[b[i]], both contracted',
    source: NESTED,
    array: nestedArrays[0]!,
    others: [nestedArrays[1]!],
  },
  { name: 'file-scope temporary scalarized', source: GLOBAL, array: globalArray },
  { name: 'prefix sum scalarized', source: PREFIX, array: prefixArray },
  {
    name: 'recursive VLA t[n][n] -> t[n] (j)',
    source: VLA,
    array: vlaArray([row([0, 1], 'n')], () => [{ withinModulus: true }]),
  },
];

describe('correct folds: same output, owner check passes', () => {
  test.each(correctFolds)('$name', async (fold) => {
    const plan = makePlan(fold.source, [fold.array, ...(fold.others ?? [])], {
      modulo: fold.modulo ?? 'exact',
    });
    const contracted = rewrite(plan);
    expect(contracted.helperEmitted).toBe(fold.helper ?? false);
    const checked = instrument({ ...plan, fileName: 'prog.c' }).text;
    const [original, result, shadow] = await Promise.all([
      compileAndRun('original', fold.source),
      compileAndRun('contracted', contracted.text),
      compileAndRun('instrumented', checked),
    ]);
    expect(original.code).toBe(0);
    expect(result).toEqual(original);
    expect(shadow).toEqual(original);
  });
});

describe('wrong folds: the owner check reports the clobber', () => {
  test.each<{ name: string; source: string; array: ArraySpec; message: string }>([
    {
      name: 'fib scalarized: y[0][0] read after y[0][1] took its slot',
      source: FIB,
      array: fibArray([], () => []),
      message:
        'prog.c:10: beeclak check: clobbered read of y[0][0]: slot last written for y[0][1] (difference [0, -1])',
    },
    {
      name: 'fib with the degenerate row 3k mod 3: every k in one slot',
      source: FIB,
      array: fibArray([row([0, 3], 3)], (lo, hi) => [within(3 * lo, 3 * hi)]),
      message:
        'prog.c:10: beeclak check: clobbered read of y[0][0]: slot last written for y[0][1] (difference [0, -1])',
    },
    {
      name: 'recursive VLA folded to t[n][2]: t[0][0] overwritten by t[0][6]',
      source: VLA,
      array: vlaArray([row([1, 0], 'n'), row([0, 1], 2)], (lo, hi) => [
        { withinModulus: true },
        within(lo, hi),
      ]),
      message:
        'prog.c:8: beeclak check: clobbered read of t[0][0]: slot last written for t[0][6] (difference [0, -6])',
    },
  ])('$name', async ({ source, array, message }) => {
    const plan = makePlan(source, [array]);
    const shadow = await compileAndRun('wrong', instrument({ ...plan, fileName: 'prog.c' }).text);
    expect(shadow.code).toBe(97);
    expect(shadow.stderr.trim()).toBe(message);
  });
});
