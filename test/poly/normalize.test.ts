/**
 * Normalisation of Omega systems (src/poly/normalize.ts) on both backends: a row and its
 * opposite are found through a hash that is odd under negation modulo 2^32 (coefficients enter
 * through ToInt32), also when coefficients exceed 2^32; duplicate coefficient vectors keep the
 * tightest row.
 */
import fc from 'fast-check';
import { normalize, normalizerOver, type SysOf } from '../../src/poly/normalize.js';
import { bigintRing, numberRing } from '../../src/poly/ring.js';

const SCALE = Number(process.env.POLY_SCALE ?? 0.25);
const small = normalizerOver(numberRing);
const big = normalizerOver(bigintRing);

// Coefficients around and beyond 2^32 (where ToInt32 wraps), kept far below 2^53.
const coefficient = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }),
  fc.integer({ min: 2 ** 32 - 2, max: 2 ** 34 }),
  fc.integer({ min: -(2 ** 40), max: -(2 ** 32) }),
);

describe('normalize finds opposite and duplicate rows', () => {
  test('r + a >= 0 and -r + b >= 0: empty, an equality, or both kept', () => {
    fc.assert(
      fc.property(
        fc.array(coefficient, { minLength: 3, maxLength: 6 }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -3, max: 3 }),
        (cs, a, b) => {
          // Two unit coefficients: gcd 1, and more than one variable (no single-column bound).
          const v = [1, -1, ...cs];
          const rows = (x: number, y: number, w: number[]): number[][] => [
            [x, ...w],
            [y, ...w.map((c) => -c)],
            [x + 1, ...w], // a looser duplicate of the first row: dropped
          ];
          const sys = (w: number[]): SysOf<number> => ({
            n: 1 + w.length,
            nKeep: 1,
            eqs: [],
            ineqs: rows(a, b, w),
          });
          const got = normalize(small, sys(v));
          const toBig = (s: SysOf<number>): SysOf<bigint> => ({
            ...s,
            ineqs: s.ineqs.map((r) => r.map(BigInt)),
          });
          const gotBig = normalize(big, toBig(sys(v)));
          if (a + b < 0) return got === null && gotBig === null;
          if (!got || !gotBig) return false;
          const shape = (s: SysOf<number> | SysOf<bigint>) => [s.eqs.length, s.ineqs.length];
          const want = a + b === 0 ? [1, 0] : [0, 2];
          return (
            JSON.stringify(shape(got)) === JSON.stringify(want) &&
            JSON.stringify(shape(gotBig)) === JSON.stringify(want)
          );
        },
      ),
      { numRuns: Math.max(50, Math.round(400 * SCALE)) },
    );
  });
});
