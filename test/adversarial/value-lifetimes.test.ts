/**
 * Value-based lifetimes (src/lifetime/valueConflicts.ts) on the programs that break a naive
 * rule: each case states the DS the value-based analysis must find for N = 6, checked also
 * against the value-based dynamic oracle (its exact DS of the run) and, where no value
 * flows in, for containment in the cell-based DS.
 */
import { buildModel } from '../../src/frontend/index.js';
import * as P from '../../src/poly/index.js';
import { conflictSet } from '../../src/lifetime/conflictSet.js';
import { valueConflictSet } from '../../src/lifetime/valueConflicts.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';

const points = (ds: P.PolySet, values: Record<string, bigint>) =>
  P.enumeratePoints(P.fixParams(ds, values))
    .map((p) => p.join(','))
    .sort((x, y) => Number(x) - Number(y));

const CASES: { what: string; body: string; ds: string[]; cell: string[]; maxLive: number }[] = [
  {
    // Guards: a value-based DS that ignores the frame loop (cell-based lifetimes span frames).
    what: 'frame scratch row: t[i] read two iterations later in every frame',
    body: `for (int f = 0; f < N; f++) for (int i = 0; i < N; i++) { t[i] = a[i] + f; if (i >= 2) b[i] += t[i - 2]; }`,
    ds: ['-2', '-1', '0', '1', '2'],
    cell: ['-5', '-4', '-3', '-2', '-1', '0', '1', '2', '3', '4', '5'],
    maxLive: 3,
  },
  {
    // Guards: a may-write (data-dependent if) taken as a kill: t[0]'s first value may still
    // be the one read at the end, while t[1] lives.
    what: 'a write under a data-dependent condition does not end the value before it',
    body: `t[0] = a[0]; t[1] = a[1]; b[1] = t[1]; if (a[2] > 0) t[0] = a[3]; b[0] = t[0];`,
    ds: ['-1', '0', '1'],
    cell: ['-1', '0', '1'],
    maxLive: 2,
  },
  {
    // Guards: a dead write that is not counted as live at its instant (it would clobber t[0]).
    what: 'a dead write inside another value is live at its instant',
    body: `t[0] = a[0]; t[1] = a[1]; b[0] = t[0];`,
    ds: ['-1', '0', '1'],
    cell: ['-1', '0', '1'],
    maxLive: 2,
  },
  {
    // Guards: a read before any write that is not protected (its value is live from the start).
    what: 'an upward-exposed read keeps its cell live from the start',
    body: `t[0] = a[0]; b[0] = t[1]; b[1] = t[0];`,
    ds: ['-1', '0', '1'],
    cell: ['0'],
    maxLive: 2,
  },
  {
    // Guards: reads after writes inside one statement instance (t[i] is read, then t[i + 1] written).
    what: 'a read and a write in one statement instance: the read comes first',
    body: `t[0] = a[0]; for (int i = 0; i < N - 1; i++) t[i + 1] = t[i] + a[i]; b[0] = t[N - 1];`,
    ds: ['0'],
    cell: ['0'],
    maxLive: 1,
  },
  {
    // Guards: a must-write that does not kill (the previous value would stay live to the end).
    what: 'a must-write ends the previous value: rewrites per outer iteration',
    body: `for (int k = 0; k < N; k++) { for (int i = 0; i < N; i++) t[i] = a[i] * k; b[k] = t[k]; }`,
    ds: ['-5', '-4', '-3', '-2', '-1', '0', '1', '2', '3', '4', '5'],
    cell: ['-5', '-4', '-3', '-2', '-1', '0', '1', '2', '3', '4', '5'],
    // t[k] lives from its write to its read; the other writes are dead but clobber meanwhile.
    maxLive: 2,
  },
  {
    // Guards: a must-write that kills values of other iterations' cells (only its own cell).
    what: 'a running scalar in a time loop: sum_c style accumulation is one cell',
    body: `for (int k = 0; k < N; k++) for (int i = 0; i < N; i++) { t[i] = 0; for (int j = 0; j < N; j++) t[i] += a[j]; b[i] += t[i]; }`,
    ds: ['0'],
    cell: ['-5', '-4', '-3', '-2', '-1', '0', '1', '2', '3', '4', '5'],
    maxLive: 1,
  },
  {
    // Guards the kill filter of valueConflicts.ts (a killer is kept for a source only when it
    // may overwrite, later, a cell the source wrote): the third write overwrites the first
    // (never the reverse), and only that kill keeps t[0]'s first value from living until the
    // last read, across the life of t[1]. A filter testing the wrong order, or each write
    // against itself only, drops the kill and finds 1 and -1.
    what: 'a later write of another statement kills the first value of its cell',
    body: `t[0] = a[0]; b[0] = t[0]; t[1] = a[1]; b[1] = t[1]; t[0] = a[2]; b[2] = t[0];`,
    ds: ['0'],
    cell: ['-1', '0', '1'],
    maxLive: 1,
  },
];

describe.each(CASES)('$what', ({ body, ds, cell, maxLive }) => {
  const model = buildModel(
    `#define N 6\nvoid kernel(int a[N], int b[N]) { int t[N]; ${body} }`,
    'test.c',
    {},
  );
  const fn = model.functions.find((f) => f.name === 'kernel')!;
  const array = fn.arrays.find((a) => a.name === 't')!;
  const values = Object.fromEntries(fn.parameters.map((p) => [p.name, p.value!]));
  it('value DS as expected, cell DS as expected, oracle agrees', () => {
    const vs = valueConflictSet(fn, array);
    if ('unsupported' in vs) throw new Error(vs.unsupported);
    expect(points(vs.ds, values)).toEqual(ds);
    expect(points(conflictSet(fn, array).ds, values)).toEqual(cell);
    const dyn = dynamicLifetimes(fn, array, values);
    if (dyn.kind !== 'done') throw new Error(dyn.reason);
    expect(dyn.values.ds.map((d) => d.join(',')).sort((x, y) => Number(x) - Number(y))).toEqual(ds);
    expect(dyn.values.maxLive).toBe(maxLive);
  });
});

// Guards the uninit_read.c regression (pad 64 -> 1 fell to 64 cells): in a local array
// without initializer a read before any write sees an indeterminate value, which the
// pipeline does not keep (exposedLiveFromStart off), as the cell-based DS never did.
it('an indeterminate value read before any write is not kept when asked so', () => {
  const model = buildModel(
    `#define N 6\nvoid kernel(int a[N], int b[N]) { int t[N]; for (int i = 0; i < N; i++) { b[i] = t[i] & 0; t[i] = a[i]; b[i] += t[i]; } }`,
    'test.c',
    {},
  );
  const fn = model.functions.find((f) => f.name === 'kernel')!;
  const array = fn.arrays.find((a) => a.name === 't')!;
  const values = Object.fromEntries(fn.parameters.map((p) => [p.name, p.value!]));
  const kept = valueConflictSet(fn, array);
  const dropped = valueConflictSet(fn, array, { exposedLiveFromStart: false });
  if ('unsupported' in kept || 'unsupported' in dropped) throw new Error('unsupported');
  expect(points(kept.ds, values)).toEqual([
    '-5',
    '-4',
    '-3',
    '-2',
    '-1',
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
  ]);
  expect(points(dropped.ds, values)).toEqual(['0']);
  const dyn = dynamicLifetimes(fn, array, values, { exposedLiveFromStart: false });
  if (dyn.kind !== 'done') throw new Error(dyn.reason);
  expect(dyn.values.maxLive).toBe(1);
});

// Guards the block instance of a block-scoped array (declared in the loop body): values of
// one instance conflict as in a plain array, values of different instances never do, and
// the static DS equals the oracle's.
it('a block-scoped array: value DS per block instance, equal to the oracle', () => {
  const model = buildModel(
    `#define N 6\nvoid kernel(int a[N], int b[N]) { for (int k = 0; k < N; k++) { int t[N]; for (int i = 0; i < N; i++) t[i] = a[i] + k; for (int i = 1; i < N; i++) b[i] += t[i] * t[i - 1]; } }`,
    'test.c',
    {},
  );
  const fn = model.functions.find((f) => f.name === 'kernel')!;
  const array = fn.arrays.find((a) => a.name === 't')!;
  expect(array.blockIterators.length).toBe(1);
  const values = Object.fromEntries(fn.parameters.map((p) => [p.name, p.value!]));
  const vs = valueConflictSet(fn, array, { values });
  if ('unsupported' in vs) throw new Error(vs.unsupported);
  const dyn = dynamicLifetimes(fn, array, values);
  if (dyn.kind !== 'done') throw new Error(dyn.reason);
  expect(points(vs.ds, values)).toEqual([
    '-5',
    '-4',
    '-3',
    '-2',
    '-1',
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
  ]);
  expect(dyn.values.ds.map((d) => d.join(',')).sort((x, y) => Number(x) - Number(y))).toEqual(
    points(vs.ds, values),
  );
});
