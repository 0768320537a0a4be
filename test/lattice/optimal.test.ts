/**
 * The exhaustive search (optimal.ts) against an independent brute force over every Hermite
 * basis by increasing determinant, its product decomposition (productSplit.ts) and its
 * clique lower bounds (cliqueBound.ts).
 */
import fc from 'fast-check';
import { parseSet } from '../../src/poly/index.js';
import {
  chooseMapping,
  enumerateUnion,
  fixPieces,
  isStrictlyAdmissible,
  mappingSize,
} from '../../src/lattice/index.js';
import type { Mapping } from '../../src/lattice/index.js';
import { optimalSearch } from '../../src/lattice/optimal.js';
import { randomPolytope } from './polytopes.js';
import { greedyClique, PointSet } from '../../src/lattice/cliqueBound.js';
import { isProductSplit, productBlocks } from '../../src/lattice/productSplit.js';

const key = (x: readonly number[]) => x.join(',');

/** Independent check: no non-zero d of DS with M d = 0 mod b. */
function admissibleBrute(points: readonly (readonly bigint[])[], m: Mapping): boolean {
  return points.every(
    (d) =>
      d.every((v) => v === 0n) ||
      m.M.some((row, i) => row.reduce((s, v, j) => s + v * d[j], 0n) % m.b[i] !== 0n),
  );
}

/**
 * Smallest determinant of a full-rank sublattice of Z^n avoiding the non-zero points: every
 * upper-triangular Hermite basis of determinant D = 1, 2, ... (no pruning), membership by
 * solving the triangular system from the last coordinate.
 */
function bruteOptimum(points: readonly (readonly number[])[], n: number): number {
  const pts = points.filter((x) => x.some((v) => v !== 0));
  const contains = (H: number[][], y: readonly number[]): boolean => {
    const r = [...y];
    for (let k = n - 1; k >= 0; k--) {
      if (r[k] % H[k][k] !== 0) return false;
      const t = r[k] / H[k][k];
      for (let i = 0; i <= k; i++) r[i] -= t * H[i][k];
    }
    return true;
  };
  const bases = function* (D: number): Generator<number[][]> {
    const H = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const diag = function* (k: number, rest: number): Generator<void> {
      if (k === n) {
        if (rest === 1) yield;
        return;
      }
      for (let h = 1; h <= rest; h++) {
        if (rest % h !== 0) continue;
        H[k][k] = h;
        yield* diag(k + 1, rest / h);
      }
    };
    const offsets = function* (k: number, i: number): Generator<void> {
      if (k === n) {
        yield;
        return;
      }
      if (i === k) {
        yield* offsets(k + 1, 0);
        return;
      }
      for (let v = 0; v < H[i][i]; v++) {
        H[i][k] = v;
        yield* offsets(k, i + 1);
      }
    };
    for (const _d of diag(0, D)) for (const _o of offsets(0, 0)) yield H;
  };
  for (let D = 1; ; D++) for (const H of bases(D)) if (!pts.some((y) => contains(H, y))) return D;
}

/** Does S - S stay inside DS (S a clique)? */
function isClique(points: readonly (readonly number[])[], S: readonly (readonly number[])[]) {
  const set = new Set(points.map(key));
  return S.every((x) => S.every((y) => set.has(key(x.map((v, i) => v - y[i])))));
}

/** Random 0-symmetric point sets (not convex: holes allowed), 0 included. */
const randomSymmetricPoints = (n: number, r: number) =>
  fc
    .array(fc.array(fc.integer({ min: -r, max: r }), { minLength: n, maxLength: n }), {
      maxLength: 12,
    })
    .map((xs) => {
      const out = new Map<string, number[]>([[key(new Array(n).fill(0)), new Array(n).fill(0)]]);
      for (const x of xs) {
        out.set(key(x), x);
        const m = x.map((v) => (v === 0 ? 0 : -v));
        out.set(key(m), m);
      }
      return [...out.values()];
    });

const big = (pts: readonly (readonly number[])[]) => pts.map((x) => x.map(BigInt));

describe('exhaustive search against brute force', () => {
  it('matches the brute-force optimum on random 0-symmetric 3-D polytopes', () => {
    fc.assert(
      fc.property(randomPolytope(3, 4, 2), (ds) => {
        const points = enumerateUnion(fixPieces(ds));
        const nums = points.map((x) => x.map(Number));
        const r = optimalSearch(points, 3, 1000n, 1e9);
        expect(r.optimal).toBe(true);
        expect(r.mapping !== null && admissibleBrute(points, r.mapping)).toBe(true);
        expect(Number(r.size)).toBe(bruteOptimum(nums, 3));
        expect(r.lowerBound <= r.size).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('matches the brute-force optimum on random non-convex symmetric 3-D sets', () => {
    fc.assert(
      fc.property(randomSymmetricPoints(3, 2), (nums) => {
        const points = big(nums);
        const r = optimalSearch(points, 3, 1000n, 1e9);
        expect(r.optimal).toBe(true);
        expect(r.mapping !== null && admissibleBrute(points, r.mapping)).toBe(true);
        expect(Number(r.size)).toBe(bruteOptimum(nums, 3));
      }),
      { numRuns: 40 },
    );
  });

  it('is never beaten by a heuristic (3-D)', async () => {
    await fc.assert(
      fc.asyncProperty(randomPolytope(3, 4, 3), async (ds) => {
        const r = await chooseMapping(ds, { heuristic: 'opt', budgetMs: 5000 });
        // DS = {0}: a scalar, no search needed.
        if (r.dimension === 0) return expect(r.size).toBe(1n);
        expect(r.optimal!.optimal).toBe(true);
        for (const c of r.candidates) expect(c.size >= r.optimal!.size).toBe(true);
        expect(r.size).toBe(r.optimal!.size);
      }),
      { numRuns: 15 },
    );
  });
});

describe('Cartesian products', () => {
  /** A x B with A on `left` coordinates and B on the others (coordinates interleaved). */
  const product = (A: number[][], B: number[][], left: number[]) => {
    const n = left.length + B[0].length;
    const right = Array.from({ length: n }, (_, i) => i).filter((i) => !left.includes(i));
    const out: number[][] = [];
    for (const a of A)
      for (const b of B) {
        const x = new Array<number>(n);
        left.forEach((c, i) => (x[c] = a[i]));
        right.forEach((c, i) => (x[c] = b[i]));
        out.push(x);
      }
    return out;
  };

  it('productBlocks finds the split of a product, and every block it returns splits', () => {
    fc.assert(
      fc.property(
        randomSymmetricPoints(2, 2),
        randomSymmetricPoints(1, 3),
        fc.constantFrom([0, 1], [0, 2], [1, 2]),
        (A, B, left) => {
          const pts = product(A, B, left);
          const blocks = productBlocks(pts, 3);
          for (const b of blocks) {
            const rest = [0, 1, 2].filter((c) => !b.includes(c));
            if (rest.length > 0) expect(isProductSplit(pts, b, rest)).toBe(true);
          }
          // The known split is at least as coarse as the one found: no block straddles it.
          for (const b of blocks) {
            const inLeft = b.filter((c) => left.includes(c)).length;
            expect(inLeft === 0 || inLeft === b.length).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a non-product is one block', () => {
    // The hexagon |a|, |b|, |a - b| <= 1 is not {-1, 0, 1}^2.
    const hex = [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, 1],
      [-1, -1],
    ];
    expect(productBlocks(hex, 2)).toEqual([[0, 1]]);
  });

  // Guards against taking the product of the factors' optima as a lower bound: with
  // non-convex factors the product can be beaten (e.g. opt(A x [-2, 2]) = 13 < 5 x 3).
  it('the search of a product (non-convex factors) still matches brute force', () => {
    fc.assert(
      fc.property(randomSymmetricPoints(2, 2), randomSymmetricPoints(1, 2), (A, B) => {
        const pts = product(A, B, [0, 2]);
        const r = optimalSearch(big(pts), 3, 1000n, 1e9);
        expect(r.optimal).toBe(true);
        expect(r.mapping !== null && admissibleBrute(big(pts), r.mapping)).toBe(true);
        expect(Number(r.size)).toBe(bruteOptimum(pts, 3));
      }),
      { numRuns: 30 },
    );
  });
});

describe('clique lower bounds', () => {
  it('the greedy clique never exceeds the optimum (random 2-D and 3-D sets)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }).chain((n) => randomSymmetricPoints(n, 2)),
        (pts) => {
          const n = pts[0].length;
          const g = greedyClique(pts, n, 1e9);
          expect(Number(g.size) <= bruteOptimum(pts, n)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  // Guards against a bitmap the size of the bounding box of a thin, spread-out set.
  it('membership in a spread-out set (hashed keys) agrees with a plain set', () => {
    const pts = [
      [0, 0, 0],
      [40000, 1, -30000],
      [-40000, -1, 30000],
      [1, 50000, 2],
      [-1, -50000, -2],
    ];
    const s = new PointSet(pts, 3);
    for (const x of [...pts, [40000, 1, 30000], [1, 1, 1], [0, 0, 1]])
      expect(s.has(x)).toBe(pts.some((y) => key(y) === key(x)));
    expect(greedyClique(pts, 3, 1e6).size).toBe(2n);
  });

  it('finds the triangle of a hexagon: N(N+1)/2 cells, a real clique', () => {
    for (const N of [2, 4, 6]) {
      const hex: number[][] = [];
      for (let a = 1 - N; a < N; a++)
        for (let b = 1 - N; b < N; b++) if (Math.abs(a - b) < N) hex.push([a, b]);
      expect(greedyClique(hex, 2, 1e9).size).toBe(BigInt((N * (N + 1)) / 2));
      const T: number[][] = [];
      for (let a = 0; a < N; a++) for (let b = 0; b <= a; b++) T.push([a, b]);
      expect(isClique(hex, T)).toBe(true);
    }
  });
});

describe('reg_detect diff (N = 6, P = 64): hexagon x interval', () => {
  const diff = parseSet(
    '[N, P] -> { [a, b, c] : -(N-1) <= a <= N-1 and -(N-1) <= b <= N-1 and -(N-1) <= a - b <= N-1 and -(P-1) <= c <= P-1 }',
  );
  const params = { N: 6n, P: 64n };

  // Guards issue #5: the search stopped at 2304 (even with 60 s) where 27 x 64 = 1728 exists.
  it.each([
    ['opt', 300],
    ['auto', undefined],
  ] as const)(
    '--heuristic %s reaches 1728 = 27 x 64 (budget %s ms)',
    async (heuristic, budgetMs) => {
      const r = await chooseMapping(diff, { heuristic, params, budgetMs });
      expect(r.size).toBe(1728n);
      expect(mappingSize(r.mapping)).toBe(1728n);
      expect(isStrictlyAdmissible(diff, r.mapping, params)).toBe(true);
      // One row group per factor: the interval keeps its own modulus 64 on c.
      expect(r.mapping.M.some((row, i) => r.mapping.b[i] === 64n && row[2] !== 0n)).toBe(true);
      // Lower bound: the triangle (21 cells) times the interval (64), a clique of DS.
      expect(r.optimal!.lowerBound).toBe(1344n);
    },
  );

  it('the 2-D factor alone is proved optimal at 27 (sum_t / mean)', async () => {
    const hex = parseSet(
      '[N] -> { [a, b] : -(N-1) <= a <= N-1 and -(N-1) <= b <= N-1 and -(N-1) <= a - b <= N-1 }',
    );
    const r = await chooseMapping(hex, { heuristic: 'opt', params: { N: 6n } });
    expect(r.size).toBe(27n);
    expect(r.optimal!.optimal).toBe(true);
  });
});
