/** Small hand-written and random 0-symmetric polytopes for the lattice tests. */
import fc from 'fast-check';
import type { PolySet } from '../../src/poly/types.js';

/** A set without parameters from rows [c, a1, .., an] meaning c + a.x >= 0. */
export function set(dims: string[], ineqs: number[][]): PolySet {
  const space = { params: [], dims };
  return {
    space,
    pieces: [{ space, nLocals: 0, eqs: [], ineqs: ineqs.map((r) => r.map(BigInt)) }],
  };
}

/** lo <= a.x <= hi as two rows. */
export const band = (a: number[], lo: number, hi: number) => [
  [-lo, ...a],
  [hi, ...a.map((v) => -v)],
];

/**
 * Random 0-symmetric polytopes in n dimensions: up to three bands -h <= a.x <= h
 * (|a_i| <= 2, h <= maxBand) inside a box -h_i <= x_i <= h_i (h_i <= maxBox).
 */
export const randomPolytope = (n: number, maxBand: number, maxBox: number) =>
  fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.array(fc.integer({ min: -2, max: 2 }), { minLength: n, maxLength: n }),
          fc.integer({ min: 0, max: maxBand }),
        ),
        { maxLength: 3 },
      ),
      fc.array(fc.integer({ min: 0, max: maxBox }), { minLength: n, maxLength: n }),
    )
    .map(([bands, box]) => {
      const dims = ['x', 'y', 'z', 'w'].slice(0, n);
      const rows: number[][] = [];
      box.forEach((h, i) =>
        rows.push(
          ...band(
            dims.map((_, j) => (i === j ? 1 : 0)),
            -h,
            h,
          ),
        ),
      );
      for (const [a, h] of bands) rows.push(...band(a, -h, h));
      return set(dims, rows);
    });

/**
 * The pieces of dynprog's c conflict set (samples/dynprog.c), parameter N: the hexagon-like
 * set |d0|, |d1|, |d1 - d0| <= N - 2 as the lifetime analysis produces it (11 pieces).
 */
export const DYNPROG_C_PIECES = `
  [d0, d1] : d0 = 0 and -(N-3) <= d1 <= -1;
  [d0, d1] : -(N-3) <= d0 <= -1 and -(N-3) <= d1 <= d0 + N-3;
  [d0, d1] : 2 <= d0 <= N-2 and d0 - (N-2) <= d1 <= N-2;
  [d0, d1] : 1 <= d0 <= N-2 and 1 <= d1 <= N-2;
  [d0, d1] : 0 <= d1 <= d0 + N-2 and d0 <= -1;
  [d0, d1] : d0 = 0 and 1 <= d1 <= N-3;
  [d0, d1] : 1 <= d0 <= N-3 and d0 - (N-3) <= d1 <= N-3;
  [d0, d1] : -(N-2) <= d0 <= -2 and -(N-2) <= d1 <= d0 + N-2;
  [d0, d1] : -(N-2) <= d0 <= -1 and -(N-2) <= d1 <= -1;
  [d0, d1] : 1 <= d0 and d0 - (N-2) <= d1 <= 0;
  [d0, d1] : d0 = 0 and d1 = 0`;
