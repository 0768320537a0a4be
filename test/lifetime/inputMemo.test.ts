/**
 * The value-based conflict sets and the exposed reads of one call, made once per input
 * (src/lifetime/inputMemo.ts; issue 29, item 3: 100 KB of kernels of one shape spent 30 % of
 * its CPU building the same DS again). A result reused must be the one made afresh, with the
 * array's own names, causes, notes and locations, charged the same work; inputs that differ
 * in anything the analyses read must never share one.
 */
import { buildModel } from '../../src/frontend/index.js';
import * as P from '../../src/poly/index.js';
import type { ArrayInfo, FunctionModel } from '../../src/model/types.js';
import { valueConflictSet, type ValueConflictOptions } from '../../src/lifetime/valueConflicts.js';
import { upwardExposedReads } from '../../src/lifetime/upwardExposed.js';
import { inputMemoHits } from '../../src/lifetime/inputMemo.js';
import { withCallContext } from '../../src/context/callContext.js';
import { withWorkBudget, workSpent } from '../../src/poly/budget.js';
import { randomKernelModel } from '../helpers/randomKernel.js';

/** Kernels that differ from the first in one thing each; t is the array analysed. */
const BODIES = [
  'for (i = 1; i < N; i++) { t[i] = a[i]; b[i] = t[i]; }',
  'for (i = 1; i < N; i++) { t[i] = a[i]; b[i] = t[i - 1]; }',
  'for (i = 2; i < N; i++) { t[i] = a[i]; b[i] = t[i - 2]; }',
  'for (i = 1; i < N; i++) { t[i] = a[i]; b[i] = t[i] + t[i - 1]; }',
  'for (i = 1; i < N; i++) { b[i] = t[i - 1]; t[i] = a[i]; }',
  'for (i = 1; i < N; i++) { if (a[i]) t[i] = a[i]; b[i] = t[i - 1]; }',
  'for (i = 1; i < N; i++) { t[a[i] & 7] = a[i]; b[i] = t[i - 1]; }',
  'for (i = 2; i < N; i += 2) { t[i] = a[i]; b[i] = t[i - 2]; }',
  'for (i = 1; i < n; i++) { t[i] = a[i]; b[i] = t[i - 1]; }',
  'for (i = 1; i < N - 1; i++) { t[i] = a[i]; b[i] = t[i - 1]; }',
  'for (i = N - 1; i >= 1; i--) { t[i] = a[i]; b[i] = t[i - 1]; }',
  'for (k = 1; k < N; k++) { t[k] = a[k]; b[k] = t[k - 1]; }',
  't[0] = 1; for (i = 1; i < N; i++) { t[i] = a[i]; b[i] = t[i - 1]; }',
  'for (i = 1; i < N; i++) t[i] = a[i]; for (i = 1; i < N; i++) b[i] = t[i - 1];',
  'for (i = 1; i < N; i++) { t[i] = a[i]; } for (i = 1; i < N; i++) { t[i] = b[i]; b[i] = t[i]; }',
];

/** Each body twice, as functions of other names at other lines (their arrays renamed too). */
function kernels(): { fn: FunctionModel; array: ArrayInfo }[] {
  const source = BODIES.flatMap((body, k) =>
    ['t', 'u'].map(
      (name) =>
        `void f${k}${name}(int a[N], int b[N], int n) {\n  int ${name}[N]; int i, k;\n  ` +
        `${body.replace(/\bt\[/g, `${name}[`)}\n}\n`,
    ),
  ).join('\n');
  const model = buildModel(`#define N 8\n${source}`, 'kernels.c', {});
  return model.functions.map((fn) => ({
    fn,
    array: fn.arrays.find((a) => a.name === fn.name.slice(-1))!,
  }));
}

/** What a caller sees of a conflict set and of the exposed reads, and the work each cost. */
function built(fn: FunctionModel, array: ArrayInfo, options: ValueConflictOptions) {
  const before = workSpent();
  const cs = valueConflictSet(fn, array, options);
  if ('unsupported' in cs) throw new Error(cs.unsupported);
  const middle = workSpent();
  const exposed = upwardExposedReads(fn, array, options);
  return {
    ...cs,
    ds: P.printSet(cs.ds),
    spent: middle - before,
    exposed: exposed.map((e) => ({ ...e, example: e.example && { ...e.example } })),
    exposedSpent: workSpent() - middle,
  };
}

const fresh = (fn: FunctionModel, array: ArrayInfo, options: ValueConflictOptions) =>
  withCallContext(() => built(fn, array, options));

const OPTIONS: ValueConflictOptions[] = [
  {},
  { exposedLiveFromStart: false },
  { values: { N: 8n } },
  { values: { N: 8n, n: 5n } },
];

// Guards the memo's key: an input it left out (a subscript, the order of accesses, a
// condition, a parameter value, an option) would hand one kernel another's DS.
it('every set reused equals the one built afresh, with its own names and work', () => {
  const all = kernels();
  expect(all.length).toBe(2 * BODIES.length);
  withCallContext(() => {
    for (const options of OPTIONS)
      for (const { fn, array } of all)
        expect({ fn: fn.name, ...built(fn, array, options) }).toEqual({
          fn: fn.name,
          ...fresh(fn, array, options),
        });
    // At least the renamed copy of each kernel.
    expect(inputMemoHits()).toBeGreaterThanOrEqual(2 * OPTIONS.length * BODIES.length);
  });
});

// Guards the key against inputs the table above does not vary: random kernels of the
// fuzzer, all in one call, each against its own fresh set.
it('random kernels in one call: each set equals its fresh one', () => {
  const models = Array.from({ length: 16 }, (_, k) => randomKernelModel(9100 + k));
  withCallContext(() => {
    for (const again of [false, true])
      for (const { fn, values } of models)
        for (const array of fn.arrays.filter((a) => a.candidate)) {
          const options = again ? { values } : {};
          expect(built(fn, array, options)).toEqual(fresh(fn, array, options));
        }
  });
});

// Guards the budget's part of the key: a set is reused only with the same work left, where
// building it again would spend the same and end the same.
it('a set is reused under the same budget, built again under another', () => {
  const [{ fn, array }] = kernels();
  withCallContext(() => {
    const under = (units: number) => withWorkBudget(units, () => built(fn!, array!, {}));
    const first = under(1e7);
    const hits = inputMemoHits();
    expect(under(1e7)).toEqual(first);
    expect(inputMemoHits()).toBe(hits + 2);
    expect(under(1e7 - 1)).toEqual(first);
    expect(inputMemoHits()).toBe(hits + 2);
  });
});
