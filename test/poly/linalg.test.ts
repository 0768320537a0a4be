import fc from 'fast-check';
import {
  determinant,
  hermite,
  integerKernel,
  lllReduce,
  inverseUnimodular,
  isHermite,
  isUnimodular,
  completeToUnimodular,
  multiply,
  mulVec,
  smith,
} from '../../src/poly/linalg.js';

const matrix = (rows: number, cols: number) =>
  fc.array(
    fc.array(fc.integer({ min: -6, max: 6 }).map(BigInt), { minLength: cols, maxLength: cols }),
    {
      minLength: rows,
      maxLength: rows,
    },
  );
const shaped = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }))
  .chain(([r, c]) => matrix(r, c));
const square = fc.integer({ min: 1, max: 4 }).chain((n) => matrix(n, n));
const abs = (x: bigint) => (x < 0n ? -x : x);

describe('linalg', () => {
  it('determinant on a table of cases', () => {
    expect(
      determinant([
        [2n, 1n],
        [1n, 3n],
      ]),
    ).toBe(5n);
    expect(
      determinant([
        [0n, 1n],
        [1n, 0n],
      ]),
    ).toBe(-1n);
    expect(
      determinant([
        [1n, 2n, 3n],
        [4n, 5n, 6n],
        [7n, 8n, 9n],
      ]),
    ).toBe(0n);
  });

  it('Hermite: U unimodular, H = U A, H in Hermite form', () => {
    fc.assert(
      fc.property(shaped, (A) => {
        const h = hermite(A);
        expect(isUnimodular(h.U)).toBe(true);
        expect(multiply(h.U, A)).toEqual(h.H);
        expect(isHermite(h)).toBe(true);
      }),
    );
  });

  it('Smith: S = U A V diagonal, divisibility chain, |det| preserved', () => {
    fc.assert(
      fc.property(square, (A) => {
        const s = smith(A);
        expect(isUnimodular(s.U) && isUnimodular(s.V)).toBe(true);
        expect(multiply(multiply(s.U, A), s.V)).toEqual(s.S);
        for (let i = 0; i + 1 < s.diagonal.length; i++) {
          const [a, b] = [s.diagonal[i], s.diagonal[i + 1]];
          expect(a === 0n ? b === 0n : b % a === 0n).toBe(true);
        }
        expect(s.diagonal.reduce((p, v) => p * v, 1n)).toBe(abs(determinant(A)));
      }),
    );
  });

  it('integer kernel: A K = 0 and rank + nullity = n', () => {
    fc.assert(
      fc.property(shaped, (A) => {
        const K = integerKernel(A);
        for (const k of K) expect(mulVec(A, k).every((v) => v === 0n)).toBe(true);
        expect(hermite(A).pivots.length + K.length).toBe(A[0].length);
      }),
    );
  });

  it('completion: unimodular Q whose first columns span the vectors', () => {
    // Guards the section 4.1.1 trick: y_j >= 1 for j >= i must mean independence.
    const Q = completeToUnimodular([[2n, 4n, 0n]], 3);
    expect(isUnimodular(Q)).toBe(true);
    expect([Q[0][0], Q[1][0], Q[2][0]].map((v) => abs(v))).toEqual([1n, 2n, 0n]);
    expect(multiply(Q, inverseUnimodular(Q))).toEqual([
      [1n, 0n, 0n],
      [0n, 1n, 0n],
      [0n, 0n, 1n],
    ]);
  });
});

describe('LLL reduction', () => {
  // The textbook example: a reduced basis of the same lattice has rows of squared norms
  // 1, 2, 5 (e.g. (0,1,0), (1,0,1), (-1,0,2); ties at mu = 1/2 may pick another sign).
  it('reduces [[1,1,1],[-1,0,2],[3,5,6]] to rows of squared norms 1, 2, 5', () => {
    const rows = [
      [1n, 1n, 1n],
      [-1n, 0n, 2n],
      [3n, 5n, 6n],
    ];
    const r = lllReduce(rows);
    expect(hermite(r).H).toEqual(hermite(rows).H);
    expect(r.map((v) => v.reduce((s, x) => s + x * x, 0n))).toEqual([1n, 2n, 5n]);
  });
  it('keeps the lattice (same Hermite form) and never lengthens the shortest row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.bigInt({ min: -9n, max: 9n }), { minLength: 3, maxLength: 3 }), {
          minLength: 3,
          maxLength: 3,
        }),
        (rows) => {
          fc.pre(determinant(rows) !== 0n);
          const r = lllReduce(rows);
          expect(hermite(r).H).toEqual(hermite(rows).H);
          const norm = (v: bigint[]) => v.reduce((s, x) => s + x * x, 0n);
          const shortest = (m: bigint[][]) => m.map(norm).reduce((a, b) => (a < b ? a : b));
          expect(shortest(r) <= shortest(rows)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
