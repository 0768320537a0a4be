/**
 * The pipeline's choice of lifetimes: value-based when it fits its work budget, otherwise
 * nothing (the cell-based set is used) and a reason for the report.
 */
import { buildModel } from '../../src/frontend/index.js';
import { valueOrCellConflicts } from '../../src/pipeline/decision/conflictChoice.js';

const fn = buildModel(
  `#define N 6\nvoid kernel(int a[N], int b[N]) { int t[N]; for (int f = 0; f < N; f++) for (int i = 0; i < N; i++) { t[i] = a[i] + f; if (i >= 2) b[i] += t[i - 2]; } }`,
  'test.c',
  {},
).functions.find((f) => f.name === 'kernel')!;
const array = fn.arrays.find((a) => a.name === 't')!;
const values = { N: 6n };

it('value-based within the budget', () => {
  const r = valueOrCellConflicts(fn, array, values, 10_000_000);
  expect(r.cs).toBeDefined();
  expect(r.reason).toBeUndefined();
});

// Guards the fallback: a value-based analysis over budget must not reject the array.
it('over budget: no value-based set, and the reason says cell-based is used', () => {
  const r = valueOrCellConflicts(fn, array, values, 5);
  expect(r.cs).toBeUndefined();
  expect(r.reason).toMatch(/too expensive.*cell-based used/);
});
