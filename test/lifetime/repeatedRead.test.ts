/**
 * Reads repeating an earlier read of their statement (src/lifetime/instances.ts repeatedRead)
 * are left out of the value-based DS and, once the earlier read is found covered, out of the
 * upward-exposed reads: the results must be those of the full computation.
 */
import { buildModel } from '../../src/frontend/index.js';
import * as P from '../../src/poly/index.js';
import { repeatedRead } from '../../src/lifetime/instances.js';
import { valueConflictSet } from '../../src/lifetime/valueConflicts.js';
import { upwardExposedReads } from '../../src/lifetime/upwardExposed.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';

function kernel(body: string) {
  const model = buildModel(
    `#define N 8\nvoid kernel(int a[N], int b[N]) { int t[N]; ${body} }`,
    'test.c',
    {},
  );
  const fn = model.functions.find((f) => f.name === 'kernel')!;
  return { fn, array: fn.arrays.find((a) => a.name === 't')! };
}

const ds = (body: string) => {
  const { fn, array } = kernel(body);
  const vs = valueConflictSet(fn, array);
  if ('unsupported' in vs) throw new Error(vs.unsupported);
  return P.printSet(vs.ds);
};

// Guards the subscripts test of repeatedRead: t[i - 2] is no repeat of t[i] (taking it for
// one would drop the values read two iterations later, and DS would shrink to { 0 }).
it('two reads of one statement with different cells both count (oracle agrees)', () => {
  const { fn, array } = kernel(
    `t[0] = a[0]; t[1] = a[1]; for (int i = 2; i < N; i++) { t[i] = a[i]; b[i] = t[i] * t[i - 2]; }`,
  );
  const s = fn.statements.find((x) => x.accesses.filter((a) => a.array === 't').length === 2)!;
  expect(s.accesses.map((a) => repeatedRead(s, a))).toEqual(s.accesses.map(() => undefined));
  const vs = valueConflictSet(fn, array);
  if ('unsupported' in vs) throw new Error(vs.unsupported);
  const values = Object.fromEntries(fn.parameters.map((p) => [p.name, p.value!]));
  const dyn = dynamicLifetimes(fn, array, values);
  if (dyn.kind !== 'done') throw new Error(dyn.reason);
  const stat = P.enumeratePoints(P.fixParams(vs.ds, values)).map((d) => d.join(','));
  expect(stat.sort()).toEqual(dyn.values.ds.map((d) => d.join(',')).sort());
  expect(stat.length).toBe(5);
});

// Guards the claim that a repeat adds nothing: the same DS, printed the same, as one read.
it('a repeated read gives the DS of a single read', () => {
  const single = ds(
    `t[0] = a[0]; t[1] = a[1]; for (int i = 2; i < N; i++) { t[i] = a[i]; b[i] = t[i - 2] + 1; }`,
  );
  const twice = ds(
    `t[0] = a[0]; t[1] = a[1]; for (int i = 2; i < N; i++) { t[i] = a[i]; b[i] = t[i - 2] * t[i - 2]; }`,
  );
  expect(twice).toBe(single);
  expect(single).not.toBe('{ [d0] : d0 = 0 }');
});

// Guards the upward-exposed skip: it applies only after the earlier read was found covered;
// both reads of an uninitialised cell are reported, each at its own column.
it('both reads of a cell read before any write are reported', () => {
  const { fn, array } = kernel(`for (int i = 0; i < N; i++) { b[i] = t[i] * t[i]; t[i] = a[i]; }`);
  const exposed = upwardExposedReads(fn, array);
  expect(exposed).toHaveLength(2);
  expect(new Set(exposed.map((e) => e.loc.column)).size).toBe(2);
  const { fn: f2, array: a2 } = kernel(
    `for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = t[i] * t[i]; }`,
  );
  const s = f2.statements.find((x) => x.accesses.filter((a) => a.array === 't').length === 2)!;
  expect(repeatedRead(s, s.accesses.filter((a) => a.array === 't')[1])).toBe(
    s.accesses.filter((a) => a.array === 't')[0],
  );
  expect(upwardExposedReads(f2, a2)).toEqual([]);
});
