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
