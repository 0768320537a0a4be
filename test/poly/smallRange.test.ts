/**
 * The Omega test enumerates a variable of small range instead of splintering on large
 * coefficients (src/poly/eliminate.ts, `smallestRange`): exactness against brute force,
 * and the cost on the system that used to need millions of splinters.
 */
import fc from 'fast-check';
import * as P from '../../src/poly/index.js';
import { withWorkBudget } from '../../src/poly/budget.js';
import { BOX, brutePoints, show, spaceOf } from '../../scripts/poly-oracle.js';

const big = fc.integer({ min: -40, max: 40 }).map(BigInt);

describe('small ranges instead of splinters', () => {
  // Guards exactness of the branching: coefficients up to 40 (hundreds of splinters per
  // inexact step) over locals whose range is small, bounded explicitly (a) or only through
  // the real shadow (b, from -BOX <= x - K b <= BOX).
  it('projections and emptiness agree with enumeration', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -60, max: 60 }).map(BigInt), big, big, big, big), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.integer({ min: 4, max: 9 }).map(BigInt),
        fc.integer({ min: 0, max: 3 }).map(BigInt),
        (rows, K, A) => {
          const space = spaceOf(2);
          const ineqs: bigint[][] = rows.map(([c, x, y, a, b]) => [c, x, y, a, b]);
          ineqs.push([A, 0n, 0n, 1n, 0n], [A, 0n, 0n, -1n, 0n]);
          ineqs.push([BOX, 1n, 0n, 0n, -K], [BOX, -1n, 0n, 0n, K]);
          for (const j of [1, 2]) {
            const lo = [BOX, 0n, 0n, 0n, 0n];
            const hi = [BOX, 0n, 0n, 0n, 0n];
            lo[j] = 1n;
            hi[j] = -1n;
            ineqs.push(lo, hi);
          }
          const s: P.PolySet = { space, pieces: [{ space, nLocals: 2, eqs: [], ineqs }] };
          const want = brutePoints(s);
          expect(P.isEmpty(s)).toBe(want.length === 0);
          expect(show(brutePoints(P.projectOnto(s, ['x', 'y'])))).toBe(show(want));
        },
      ),
      { numRuns: 150 },
    );
  });

  // Guards the cost: dynprog's check of (d0 + d1 mod 1999997, d1 mod 500000) at N = 10^6
  // reduced to this system, which took more than 3 million work units (about 2 million
  // splinters on a); b lies in [-1, 1] by the real shadow, three cases settle it.
  it('decides the dynprog system in a few hundred units', () => {
    const s = P.parseSet(
      '{ [a, b] : 1999997a - 500000b >= -999997 and 500000b - 1999997a >= 1 and b >= -1 ' +
        'and 1999997a - 1000000b >= -999997 }',
    );
    expect(withWorkBudget(5_000, () => P.isEmpty(s))).toBe(true);
  });
});
