/**
 * Upward-exposed reads of a hand-linearized parameter asked in its delinearized view
 * (src/lifetime/exposedInView.ts): nw's `M[row + a_idx]`, `row = b_idx * (ALEN + 1)`.
 * Guards the cost: on the linear subscripts the question needs tens of millions of work
 * units at ALEN = 128 (MachSuite nw's M was `cross-call-budget` at the default --work); in
 * the view it is answered within the default budget, with the same answer.
 */
import { buildModel } from '../../src/frontend/index.js';
import { exposedReadsInView } from '../../src/lifetime/exposedInView.js';
import { upwardExposedReads } from '../../src/lifetime/upwardExposed.js';
import { withWorkBudget } from '../../src/poly/budget.js';
import { knownParameterValues } from '../../src/model/parameterValues.js';

function needwun(alen: number) {
  const model = buildModel(
    `#define ALEN ${alen}
void needwun(char A[ALEN], char B[ALEN], int M[(ALEN+1)*(ALEN+1)]) {
  int a, b, row, row_up, s, up_left, up, left, max;
  for (a = 0; a < ALEN + 1; a++) M[a] = -a;
  for (b = 0; b < ALEN + 1; b++) M[b * (ALEN + 1)] = -b;
  for (b = 1; b < ALEN + 1; b++)
    for (a = 1; a < ALEN + 1; a++) {
      s = A[a - 1] == B[b - 1] ? 1 : -1;
      row_up = (b - 1) * (ALEN + 1);
      row = b * (ALEN + 1);
      up_left = M[row_up + (a - 1)] + s;
      up = M[row_up + a] - 1;
      left = M[row + (a - 1)] - 1;
      max = up_left > up ? up_left : up;
      max = max > left ? max : left;
      M[row + a] = max;
    }
}`,
    'nw.c',
    {},
  );
  const fn = model.functions.find((f) => f.name === 'needwun')!;
  return { fn, array: fn.arrays.find((a) => a.name === 'M')! };
}

const DEFAULT_WORK = 1_000_000;

it('nw at ALEN = 128: no read before a write, within the default work (the linear form throws BudgetExceeded, some 8 s)', () => {
  const { fn, array } = needwun(128);
  expect(
    withWorkBudget(DEFAULT_WORK, () => exposedReadsInView(fn, array, knownParameterValues(fn))),
  ).toEqual([]);
});

it('the same answer as the linear form (small ALEN), also where a read comes first', () => {
  const clean = needwun(4);
  expect(exposedReadsInView(clean.fn, clean.array, knownParameterValues(clean.fn))).toEqual([]);
  expect(
    upwardExposedReads(clean.fn, clean.array, { values: knownParameterValues(clean.fn) }),
  ).toEqual([]);
  // A cell read before the function writes it.
  const reading = buildModel(
    `#define ALEN 4
void k(int M[(ALEN+1)*(ALEN+1)], int out[1]) {
  int a, b;
  out[0] = M[3 * (ALEN + 1) + 2];
  for (b = 0; b < ALEN + 1; b++)
    for (a = 0; a < ALEN + 1; a++) M[b * (ALEN + 1) + a] = a + b;
}`,
    'k.c',
    {},
  );
  const fn = reading.functions.find((f) => f.name === 'k')!;
  const m = fn.arrays.find((a) => a.name === 'M')!;
  const values = knownParameterValues(fn);
  const view = exposedReadsInView(fn, m, values);
  // (a view proven for ALEN = 4 answers no question left open for other values)
  expect(exposedReadsInView(fn, m, {})).toBeUndefined();
  const linear = upwardExposedReads(fn, m, { values });
  expect(view?.length).toBe(1);
  expect(linear.length).toBe(1);
  // The witness is given back as the linear index: cell 3 * 5 + 2.
  expect(view![0]!.example).toEqual(linear[0]!.example);
  expect(view![0]!.example?.j0).toBe(17n);
});
