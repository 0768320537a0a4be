/**
 * Shortcuts of the lifetime stage's building blocks that must give exactly what the plain
 * definitions give (the same affine forms, key order included, and the same conjunctions):
 * A.sub and A.rename computed in one pass, lexLessThan sharing its differences, and
 * happensBefore stopping at the first constant difference of the two times.
 */
import { readFileSync } from 'node:fs';
import * as A from '../../src/poly/affine.js';
import { lexLessThan } from '../../src/poly/index.js';
import { buildModel } from '../../src/frontend/index.js';
import { accessInstances, happensBefore } from '../../src/lifetime/instances.js';

const f = (coeffs: Record<string, bigint>, constant = 0n): A.Affine => ({ coeffs, constant });
const shape = (a: A.Affine) =>
  JSON.stringify([Object.entries(a.coeffs), a.constant], (_, v) =>
    typeof v === 'bigint' ? `${v}` : v,
  );

// Guards A.sub: add(a, scale(b, -1)) with the same keys in the same order.
it.each([
  [f({ x: 1n, y: 2n }, 3n), f({ y: 2n, z: 1n }, 1n)],
  [f({ x: 1n }), f({ x: 1n })],
  [f({}), f({ z: 0n, w: -2n }, -4n)],
])('sub %#', (a, b) => {
  expect(shape(A.sub(a, b))).toBe(shape(A.add(a, A.scale(b, -1n))));
});

// Guards A.rename: substitute by variable(to), term by term, including a sum that cancels and
// comes back (its key then moves to the end) and a variable named like an Object method.
it.each([
  [f({ i: 1n, k: -1n }, 2n), { i: 'i__r0', k: 'k__r0' }],
  [f({ x: 1n, y: -1n, w: 5n, z: 1n }), { x: 't', y: 't', z: 't' }],
  [f({ constructor: 2n, i: 1n }), { i: 'j' }],
])('rename %#', (a, names) => {
  const by: Record<string, A.Affine> = {};
  for (const [from, to] of Object.entries(names)) by[from] = A.variable(to);
  const reference = Object.keys(a.coeffs).includes('constructor')
    ? f({ constructor: 2n, j: 1n })
    : A.substitute(a, by);
  expect(shape(A.rename(a, names))).toBe(shape(reference));
});

// Guards lexLessThan's shared differences: level k is b_i - a_i = 0 (i < k), b_k - a_k - 1 >= 0.
it('lexLessThan: the definition, level by level', () => {
  const a = [f({}, 3n), f({ k: 1n }), f({}, 2n)];
  const b = [f({}, 3n), f({ k: 1n }, 1n), f({ i: 1n })];
  const got = lexLessThan(a, b);
  expect(got).toHaveLength(3);
  got.forEach((c, k) => {
    expect(c.constraints.map((x) => [x.kind, shape(x.expr)])).toEqual([
      ...a.slice(0, k).map((x, i) => ['eq', shape(A.sub(b[i], x))]),
      ['ge', shape(A.add(A.sub(b[k], a[k]), A.constant(-1)))],
    ]);
  });
});

// Guards happensBefore's early stop: every pair of accesses of durbin's arrays gives the
// levels of the full lexLessThan that are not constant contradictions, in order.
it('happensBefore: the non-contradictory levels of the full order', () => {
  const model = buildModel(readFileSync('samples/durbin.c', 'utf8'), 'samples/durbin.c', {});
  const fn = model.functions.find((x) => x.name === 'kernel_durbin')!;
  const contradiction = (c: { constraints: readonly A.Constraint[] }) =>
    c.constraints.some(
      (k) =>
        A.isConstant(k.expr) && (k.kind === 'eq' ? k.expr.constant !== 0n : k.expr.constant < 0n),
    );
  let pairs = 0;
  for (const array of fn.arrays.filter((a) => a.candidate)) {
    const xs = fn.statements.flatMap((s) =>
      s.accesses
        .filter((x) => x.array === array.name)
        .map((x, k) =>
          accessInstances(array, s, x, `${s.id}_${k}`, ['c0', 'c1'].slice(0, array.extents.length)),
        ),
    );
    for (const x of xs)
      for (const y of xs) {
        const n = Math.max(x.schedule.length, y.schedule.length);
        const time = (a: typeof x) => [
          ...a.schedule,
          ...Array.from({ length: n - a.schedule.length }, () => A.constant(0)),
          A.constant(a.order),
        ];
        const full = lexLessThan(time(x), time(y)).filter((c) => !contradiction(c));
        const show = (cs: typeof full) =>
          cs.map((c) => c.constraints.map((k) => `${k.kind} ${A.formatAffine(k.expr)}`));
        expect(show(happensBefore(x, y))).toEqual(show(full));
        pairs++;
      }
  }
  expect(pairs).toBeGreaterThan(50);
});
