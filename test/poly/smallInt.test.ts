/**
 * The small-integer fast path of the Omega test (src/poly/ring.ts, src/poly/omega.ts): the
 * number backend computes what the BigInt backend computes, and systems whose intermediate
 * values leave the safe integer range fall back to BigInt with the same answers.
 */
import fc from 'fast-check';
import * as P from '../../src/poly/index.js';
import type { BasicSet } from '../../src/poly/index.js';
import { engineOver } from '../../src/poly/eliminate.js';
import { clearOmegaMemo, overflowCount, project, type Sys } from '../../src/poly/omega.js';
import { bigintRing, numberRing } from '../../src/poly/ring.js';
import { meterHere, withWorkBudget, workSpent } from '../../src/poly/budget.js';
import { arbBasic, brutePoints, show, spaceOf } from '../../scripts/poly-oracle.js';
import { inCall } from '../helpers/inCall.js';

const SCALE = Number(process.env.POLY_SCALE ?? 0.25);
const runs = (n: number) => Math.max(10, Math.round(n * SCALE));
const text = (x: unknown) => JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));

describe('number ring against BigInt', () => {
  const safe = fc.integer({ min: -(2 ** 40), max: 2 ** 40 });
  const nonZero = safe.filter((x) => x !== 0);
  test('quot, rem, floorDiv, gcd, lin agree', () => {
    fc.assert(
      fc.property(safe, nonZero, safe, safe, (a, b, x, y) => {
        const A = BigInt(a);
        const B = BigInt(b);
        const eq = (n: number, m: bigint) => BigInt(n) === m;
        return (
          eq(numberRing.quot(a, b), bigintRing.quot(A, B)) &&
          eq(numberRing.rem(a, b), bigintRing.rem(A, B)) &&
          eq(numberRing.floorDiv(a, b), bigintRing.floorDiv(A, B)) &&
          eq(numberRing.gcd(a, b), bigintRing.gcd(A, B)) &&
          // |a x| < 2^53 is not guaranteed here: either exact, or an Overflow throw.
          (() => {
            const want = A * BigInt(x) + B * BigInt(y);
            try {
              return eq(numberRing.lin(a, x, b, y), want);
            } catch {
              const m = BigInt(Number.MAX_SAFE_INTEGER);
              const big = (v: bigint) => v > m || v < -m;
              return big(A * BigInt(x)) || big(B * BigInt(y)) || big(want);
            }
          })()
        );
      }),
      { numRuns: runs(2000) },
    );
  });

  // The 32-bit fast paths of quot, rem, floorDiv and gcd (src/poly/ring.ts), including the
  // values at the edges of the int32 range where they hand over to the double paths.
  test('quot, rem, floorDiv, gcd agree around the int32 range', () => {
    const edge = fc.oneof(
      fc.integer({ min: -100, max: 100 }),
      fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }),
      fc.integer({ min: -(2 ** 31) - 3, max: -(2 ** 31) + 3 }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    );
    fc.assert(
      fc.property(
        edge,
        edge.filter((x) => x !== 0),
        (a, b) => {
          const A = BigInt(a);
          const B = BigInt(b);
          const eq = (n: number, m: bigint) => !Object.is(n, -0) && BigInt(n) === m;
          return (
            eq(numberRing.quot(a, b), bigintRing.quot(A, B)) &&
            eq(numberRing.rem(a, b), bigintRing.rem(A, B)) &&
            eq(numberRing.floorDiv(a, b), bigintRing.floorDiv(A, B)) &&
            eq(numberRing.gcd(a, b), bigintRing.gcd(A, B))
          );
        },
      ),
      { numRuns: runs(4000) },
    );
  });

  // Guards the overflow test itself: 2^53 (not safe) must be caught, 2^53 - 1 must not.
  test.each([
    [2 ** 26, 2 ** 27, 'overflow'],
    [94906266, 94906266, 'overflow'], // 94906266^2 > 2^53 - 1
    [94906265, 94906265, 'ok'], // 94906265^2 < 2^53 - 1
    [67108864, 134217727, 'ok'], // 2^26 (2^27 - 1) = 2^53 - 2^26
  ])('mul %d * %d: %s', (a, b, want) => {
    let got = 'ok';
    try {
      numberRing.mul(a, b);
    } catch {
      got = 'overflow';
    }
    expect(got).toBe(want);
  });
});

/**
 * A basic set of the oracle plus one row `K (x - t) + y - s >= 0` with K near 2^51: x = t
 * forces y >= s, x > t nothing, x < t no point. x occurs in no other row but its box, so it is
 * eliminated exactly (no splinters, whose number would grow with K), while the combinations
 * that eliminate x or carry it (5 K, 3 K t, ...) leave the safe integer range.
 */
const arbHuge = (d: number) =>
  fc
    .tuple(
      arbBasic(spaceOf(d), 1),
      fc.integer({ min: 0, max: 2 ** 20 }),
      fc.integer({ min: -5, max: 5 }),
      fc.integer({ min: -5, max: 5 }),
    )
    .map(([b, k, t, s]): BasicSet => {
      const K = 2n ** 51n - BigInt(k);
      const n = 1 + d + b.nLocals;
      const single = (r: readonly bigint[]) => r.filter((x, i) => i > 0 && x !== 0n).length <= 1;
      const noX = (r: readonly bigint[]) =>
        single(r) ? [...r] : r.map((x, i) => (i === 1 ? 0n : x));
      const row = Array.from({ length: n }, (_, i) =>
        i === 0 ? -K * BigInt(t) - BigInt(s) : i === 1 ? K : i === 2 ? 1n : 0n,
      );
      return { ...b, eqs: b.eqs.map(noX), ineqs: [...b.ineqs.map(noX), row] };
    });

describe('overflow falls back to BigInt', () => {
  test(
    'isEmpty and projectOnto with huge coefficients agree with enumeration',
    inCall(() => {
      const before = overflowCount();
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 3 }).chain((d) => arbHuge(d)),
          (b) => {
            clearOmegaMemo();
            const s = { space: b.space, pieces: [b] };
            const want = brutePoints(s);
            if (P.isEmpty(b) !== (want.length === 0)) throw new Error('isEmpty');
            const keep = b.space.dims.slice(0, 1);
            const got = show(P.enumeratePoints(P.projectOnto(s, keep)));
            const shadow = show(
              [...new Set(want.map((p) => `${p[0]}`))]
                .map((x) => [BigInt(x)])
                .sort((p, q) => (p[0] < q[0] ? -1 : 1)),
            );
            if (got !== shadow) throw new Error(`projection: got ${got} want ${shadow}`);
            return true;
          },
        ),
        { numRuns: runs(200) },
      );
      expect(overflowCount()).toBeGreaterThan(before);
    }),
  );

  test(
    'the dual path returns exactly what the BigInt engine returns',
    inCall(() => {
      const before = overflowCount();
      fc.assert(
        fc.property(
          fc
            .integer({ min: 1, max: 3 })
            .chain((d) => fc.tuple(arbHuge(d), fc.integer({ min: 1, max: d }))),
          ([b, keep]) => {
            const sys: Sys = {
              n: 1 + b.space.dims.length + b.nLocals,
              nKeep: 1 + keep,
              eqs: b.eqs.map((r) => [...r]),
              ineqs: b.ineqs.map((r) => [...r]),
            };
            clearOmegaMemo();
            const w0 = workSpent();
            const got = project(sys);
            const w1 = workSpent();
            // The BigInt engine alone, spending on this call's meter as the memo's does.
            const want = engineOver(bigintRing, meterHere()).run(sys, false, false, Infinity);
            const w2 = workSpent();
            // Same pieces, and the same work charged (the number run's work is refunded).
            return text(got) === text(want) && w1 - w0 === w2 - w1;
          },
        ),
        { numRuns: runs(300) },
      );
      expect(overflowCount()).toBeGreaterThan(before);
    }),
  );

  test(
    'budgets answer the same with the memo and after an overflow',
    inCall(() => {
      // Guards the refund: an overflowed system must not be charged twice, and a memo hit
      // must be charged what the computation cost, or budgets would depend on history.
      const K = 2n ** 51n;
      const b: BasicSet = {
        space: spaceOf(2),
        nLocals: 1,
        eqs: [],
        ineqs: [
          [-2n * K - 1n, K, 1n, 0n], // x = 2 -> y >= 1, x > 2 free, x < 2 empty
          [1n, 0n, 2n, -3n], // 2 y - 3 z + 1 >= 0
          [5n, 1n, 0n, 0n],
          [5n, -1n, 0n, 0n],
          [5n, 0n, 1n, 0n],
          [5n, 0n, -1n, 0n],
          [3n, 0n, 0n, 1n],
          [3n, 0n, 0n, -1n],
        ],
      };
      const s = { space: b.space, pieces: [b] };
      clearOmegaMemo();
      const o0 = overflowCount();
      const w0 = workSpent();
      const first = P.printSet(P.projectOnto(s, ['x']));
      const cost = workSpent() - w0;
      expect(overflowCount()).toBeGreaterThan(o0);
      const w1 = workSpent();
      const again = P.printSet(P.projectOnto(s, ['x'])); // a memo hit
      expect(again).toBe(first);
      expect(workSpent() - w1).toBe(cost);
      expect(() => withWorkBudget(cost - 1, () => P.projectOnto(s, ['x']))).toThrow();
      expect(withWorkBudget(cost, () => P.printSet(P.projectOnto(s, ['x'])))).toBe(first);
    }),
  );

  test('a coefficient beyond 2^53 in the input goes to BigInt directly', () => {
    const huge = 2n ** 70n;
    const set = P.parseSet(`{ [x] : ${huge} x >= ${huge} and x <= 3 }`);
    expect(P.enumeratePoints(set)).toEqual([[1n], [2n], [3n]]);
    expect(P.isEmpty(P.parseSet(`{ [x] : ${huge} x >= ${huge + 1n} and x <= 1 }`))).toBe(true);
  });
});
