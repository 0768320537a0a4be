/**
 * `do ... while` loops (loops.ts doParts): a loop whose condition holds for the counter's
 * first value is the `for` loop it resembles, and its domain is compared with the iterations
 * the same loop runs in JavaScript; every other one is refused with its reason, since its
 * body runs once more than that `for` loop would (the condition false at entry), or the
 * counter does not follow the step.
 */
import { fn, points } from './helpers.js';

const wrap = (loops: string) => `#define N 8
void g(void);
void f(int n, volatile int v) {
  double A[20][20];
  ${loops}
}
`;

/** Expected points, from running the loops in JavaScript with N = 8. */
function run(gen: (emit: (...xs: number[]) => void) => void): string[] {
  const out: string[] = [];
  gen((...xs) => out.push(xs.join(',')));
  return out.sort();
}

const N = 8;

const MODELLED: [string, string, string[]][] = [
  [
    'while (--k) from N',
    'int k = N; do { A[k][0] = 0; } while (--k);',
    run((e) => {
      let k = N;
      do e(k);
      while (--k);
    }),
  ],
  [
    'while (++k < N)',
    'int k = 0; do { A[k][0] = 0; } while (++k < N);',
    run((e) => {
      let k = 0;
      do e(k);
      while (++k < N);
    }),
  ],
  [
    'while (k++ < N): the old value is tested',
    'int k = 2; do { A[k][0] = 0; } while (k++ < N);',
    run((e) => {
      let k = 2;
      do e(k);
      while (k++ < N);
    }),
  ],
  [
    'while (k-- > 3), a signed counter',
    'int k = 10; do { A[k][0] = 0; } while (k-- > 3);',
    run((e) => {
      let k = 10;
      do e(k);
      while (k-- > 3);
    }),
  ],
  [
    'while (--k != 2)',
    'int k = 9; do { A[k][0] = 0; } while (--k != 2);',
    run((e) => {
      let k = 9;
      do e(k);
      while (--k !== 2);
    }),
  ],
  [
    'the step last in the body, by 3',
    'int k = 1; do { A[k][0] = 0; k += 3; } while (k < 15);',
    run((e) => {
      let k = 1;
      do {
        e(k);
        k += 3;
      } while (k < 15);
    }),
  ],
  [
    'the counter declared with another variable',
    'int s = 4, k = 1, t = 0; do { A[k][0] = 0; } while (++k <= N);',
    run((e) => {
      let k = 1;
      do e(k);
      while (++k <= N);
    }),
  ],
  [
    'the step on the right of a top &&',
    'int k = 0; do { A[k][0] = 0; } while (N > 2 && ++k < N);',
    run((e) => {
      let k = 0;
      do e(k);
      while (N > 2 && ++k < N);
    }),
  ],
  [
    'in a loop, from a start that depends on it',
    'for (int i = 0; i < 4; i++) { unsigned k = i + 1; do { A[i][k] = 0; } while (--k); }',
    run((e) => {
      for (let i = 0; i < 4; i++) {
        let k = i + 1;
        do e(i, k);
        while (--k);
      }
    }),
  ],
  [
    // Bounds alone do not prove i <= j: the guard around the loop says it.
    'under a guard that its start passes',
    'for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) if (i < j + 1) { int k = i; do { A[i][k] = 0; } while (++k <= j); }',
    run((e) => {
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++)
          if (i < j + 1) {
            let k = i;
            do e(i, j, k);
            while (++k <= j);
          }
    }),
  ],
  [
    'do { ... } while (0) in a loop: the body once',
    'for (int i = 0; i < N; i++) do { A[i][1] = 0; } while (0);',
    run((e) => {
      for (let i = 0; i < N; i++) e(i);
    }),
  ],
];

describe('a do-while loop whose condition holds at entry is its for loop', () => {
  it.each(MODELLED)('%s', (_name, loops, expected) => {
    const f = fn(wrap(loops));
    expect(f.arrays.find((a) => a.name === 'A')!.reasons).toEqual([]);
    const s = f.statements[f.statements.length - 1];
    expect(points(s.domain, { N: 8n }, 20)).toEqual(expected);
    expect(s.overApproximated).toBe(false);
  });
});

/** [what, loop, the reason A gets] */
const REFUSED: [string, string, string][] = [
  // The body runs once for k = 5; the `for` loop would not run it (guards dowhile-false-at-entry).
  ['false at entry', 'int k = 5; do { A[k][0] = 0; } while (++k < 3);', 'loop-not-modelled'],
  // Two values, `n` and a local set once: no check at the entry says the first test passes.
  [
    'a start not known to pass, from a local',
    'int c = n + 2; int k = c; do { A[k][0] = 0; } while (--k);',
    'loop-not-modelled',
  ],
  [
    'a start from an argument written before the loop',
    'n = n + 1; int k = n; do { A[k][0] = 0; } while (--k);',
    'loop-not-modelled',
  ],
  [
    'a start from an argument whose address is taken',
    'int *p = &n; *p = 3; int k = n; do { A[k][0] = 0; } while (--k);',
    'loop-not-modelled',
  ],
  [
    'a start from a volatile argument',
    'int k = v; do { A[k][0] = 0; } while (--k);',
    'loop-not-modelled',
  ],
  [
    'a start twice an argument',
    'int k = 2 * n; do { A[k][0] = 0; } while (--k > 0);',
    'loop-not-modelled',
  ],
  [
    'a negative argument stored in an unsigned counter',
    'unsigned k = n; do { A[k % 20][0] = 0; } while (--k);',
    'loop-not-modelled',
  ],
  // 256 iterations from 0: 0, 255, ..., 1 (guards dowhile-unsigned-wrap).
  [
    'an unsigned char wrapping from 0',
    'unsigned char k = 0; do { A[k % 20][0] = 0; } while (--k);',
    'loop-not-modelled',
  ],
  [
    'stopped by wrapping to 0',
    'unsigned char k = 1; do { A[k % 20][0] = 0; } while (++k > 0);',
    'loop-not-modelled',
  ],
  [
    'the counter changed in the body',
    'int k = 0; do { A[k][0] = 0; k += n; } while (++k < N);',
    'loop-not-modelled',
  ],
  [
    'a second side effect in the condition',
    'int k = 0, m = 0; do { A[k][0] = 0; } while (++k < N && ++m < 3);',
    'statement-not-modelled',
  ],
  [
    'a call in the condition',
    'int k = 0; do { A[k][0] = 0; g(); } while (++k < N + (g(), 0));',
    'statement-not-modelled',
  ],
  [
    // The body ran again for the same k while c > 0 (guards dowhile-step-skipped).
    'the step skipped by ||',
    'int k = 0, c = 3; do { A[k][0] = 0; c--; } while (c > 0 || ++k < N);',
    'statement-not-modelled',
  ],
  [
    'the step in a branch of ?:',
    'int k = 0; do { A[k][0] = 0; } while (n ? ++k < N : 1);',
    'statement-not-modelled',
  ],
  [
    'the step under ! of an &&',
    'int k = 0; do { A[k][0] = 0; } while (!(n > 0 && ++k >= N));',
    'statement-not-modelled',
  ],
  [
    'the counter read besides its step',
    'int k = 0; do { A[k][0] = 0; } while (++k < N && k != 3);',
    'statement-not-modelled',
  ],
  [
    'continue jumps to the condition',
    'int k = 0; do { if (k == n) continue; A[k][0] = 0; } while (++k < N);',
    'statement-not-modelled',
  ],
  [
    'break leaves it',
    'int k = 0; do { if (k == n) break; A[k][0] = 0; } while (++k < N);',
    'statement-not-modelled',
  ],
  [
    'the step not last in the body',
    'int k = 0; do { k++; A[k][0] = 0; } while (k < N);',
    'statement-not-modelled',
  ],
];

describe('every other do-while loop is refused with its reason', () => {
  it.each(REFUSED)('%s', (_what, loops, reason) => {
    const f = fn(wrap(loops));
    expect(f.arrays.find((a) => a.name === 'A')!.reasons.map((r) => r.reason)).toEqual([reason]);
  });
});

/**
 * [what, loop, the check at the function's entry, the points for n = 5]: a first value that is
 * an argument the function never changes (plus a constant) passes the first test where the
 * check holds (the decision then names that guard: decision/file.ts entryDependent).
 */
const ENTRY: [string, string, string, string[]][] = [
  [
    "kissfft's `while (--k)` from an argument",
    'int k = n; do { A[k][0] = 0; } while (--k);',
    'n >= 1',
    run((e) => {
      let k = 5;
      do e(k);
      while (--k);
    }),
  ],
  [
    'one less than an argument, `--k > 0`',
    'int k = n - 1; do { A[k][0] = 0; } while (--k > 0);',
    'n >= 2',
    run((e) => {
      let k = 4;
      do e(k);
      while (--k > 0);
    }),
  ],
  [
    'the old value tested, `k-- > 1`',
    'int k = n; do { A[k][0] = 0; } while (k-- > 1);',
    'n >= 1',
    run((e) => {
      let k = 5;
      do e(k);
      while (k-- > 1);
    }),
  ],
  [
    'upwards to a constant, `++k < 8`',
    'int k = n; do { A[k][0] = 0; } while (++k < 8);',
    'n <= 7',
    run((e) => {
      let k = 5;
      do e(k);
      while (++k < 8);
    }),
  ],
  [
    // For n = 0 the body runs once, with k = 0 (guards dowhile-argument-once).
    'downwards to 0, `--k > 0`',
    'int k = n; do { A[k + 1][0] = 0; } while (--k > 0);',
    'n >= 1',
    run((e) => {
      let k = 5;
      do e(k);
      while (--k > 0);
    }),
  ],
];

describe('a do-while loop from an argument is its for loop where the entry checks the first test', () => {
  it.each(ENTRY)('%s', (_name, loops, holds, expected) => {
    const f = fn(wrap(loops));
    expect(f.arrays.find((a) => a.name === 'A')!.reasons).toEqual([]);
    expect(f.entryFacts?.map((x) => x.holds)).toEqual([holds]);
    const s = f.statements[f.statements.length - 1];
    expect(points(s.domain, { N: 8n, n: 5n }, 20)).toEqual(expected);
  });
});
