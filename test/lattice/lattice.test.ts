import fc from 'fast-check';
import {
  chooseMapping,
  enumerateUnion,
  fixPieces,
  isStrictlyAdmissible,
} from '../../src/lattice/index.js';
import type { Mapping } from '../../src/lattice/index.js';
import { band, randomPolytope, set } from './polytopes.js';

// Toeplitz y of durbin, N = 100: { -99 <= a + 2b <= 99, -99 <= a - b <= 99, -1 <= b <= 1 }.
const toeplitz = set(
  ['a', 'b'],
  [...band([1, 2], -99, 99), ...band([1, -1], -99, 99), ...band([0, 1], -1, 1)],
);

/** Independent check: no non-zero d of DS with M d = 0 mod b. */
function admissibleBrute(points: bigint[][], m: Mapping): boolean {
  return points.every(
    (d) =>
      d.every((v) => v === 0n) ||
      m.M.some((row, i) => row.reduce((s, v, j) => s + v * d[j], 0n) % m.b[i] !== 0n),
  );
}

/** Smallest index of a lattice {x ≡ 0 mod a, y ≡ (x / a) c mod d} (all of Z^2's sublattices) avoiding DS. */
function bruteOptimum2(points: bigint[][]): bigint {
  const pts = points.filter((p) => p.some((v) => v !== 0n)).map((p) => p.map(Number));
  for (let D = 1; ; D++) {
    for (let a = 1; a <= D; a++) {
      if (D % a !== 0) continue;
      const d = D / a;
      for (let c = 0; c < d; c++) {
        const hit = pts.some(([x, y]) => x % a === 0 && (((y - (x / a) * c) % d) + d) % d === 0);
        if (!hit) return BigInt(D);
      }
    }
  }
}

describe('lattice search on the Toeplitz y (durbin, N = 100)', () => {
  it('enumerates the 591 points of DS', () => {
    expect(enumerateUnion(fixPieces(toeplitz)).length).toBe(591);
  });

  it('finds lambda = (1/99, 1), heuristics 200 and the optimum 197', async () => {
    const r = await chooseMapping(toeplitz, {
      heuristic: 'auto',
      budgetMs: 5000,
      fullSearch: true,
    });
    expect(r.successiveMinima!.minima.map((m) => m.lambda)).toEqual(['1/99', '1']);
    expect(r.successiveMinima!.minima.every((m) => m.exact)).toBe(true);
    const size = (h: string) =>
      r.candidates
        .filter((c) => c.heuristic === h)
        .reduce((m, c) => (c.size < m ? c.size : m), 1n << 60n);
    expect(size('h1')).toBe(256n);
    expect(size('h1a')).toBe(200n);
    expect(size('h2')).toBe(200n);
    expect(size('h3')).toBe(200n);
    expect(r.optimal!.size).toBe(197n);
    expect(r.optimal!.optimal).toBe(true);
    // auto keeps the axis-aligned 200 (197 saves only 1.5% < 5%)
    expect(r.size).toBe(200n);
    expect(r.mapping.M.every((row) => row.filter((v) => v !== 0n).length === 1)).toBe(true);
  });

  // Guards the cost of `contract durbin.c` (issue 17): auto searched for the optimum 197
  // (~15,000 lattices) only to keep the axis-aligned 200 by policy. It now looks only below
  // what beats 200 by more than 5% (190), and the clique bound 197 ends that at once.
  it('auto searches only below its policy goal, and the clique bound settles it', async () => {
    const r = await chooseMapping(toeplitz, { heuristic: 'auto', budgetMs: 5000 });
    expect(r.optimal!.goal).toBe(191n);
    expect(r.optimal!.mapping).toBeNull();
    expect(r.optimal!.nodes).toBe(0);
    expect(r.optimal!.lowerBound).toBeGreaterThanOrEqual(191n);
    expect(r.size).toBe(200n);
    // A smaller minGain moves the goal above 197 (199): the hull heuristic already gives the
    // optimum 2a + b mod 197, which is taken; the search only proves nothing is smaller.
    const eager = await chooseMapping(toeplitz, { heuristic: 'auto', minGain: 0.01 });
    expect(eager.size).toBe(197n);
    expect(eager.heuristic).toBe('hull');
    expect(eager.optimal!.optimal).toBe(true);
  });

  it('opt takes the smallest: 2a + b mod 197 as in the paper', async () => {
    const r = await chooseMapping(toeplitz, { heuristic: 'opt' });
    expect(r.size).toBe(197n);
    expect(r.mapping).toEqual({ M: [[2n, 1n]], b: [197n] });
    expect(isStrictlyAdmissible(toeplitz, r.mapping)).toBe(true);
    // One cell fewer is not admissible (guards the optimality claim).
    expect(isStrictlyAdmissible(toeplitz, { M: [[2n, 1n]], b: [196n] })).toBe(false);
  });
});

describe('lattice search, degenerate DS', () => {
  it('DS = {0}: a scalar', async () => {
    const r = await chooseMapping(set(['i', 'j'], [...band([1, 0], 0, 0), ...band([0, 1], 0, 0)]), {
      heuristic: 'auto',
    });
    expect(r.size).toBe(1n);
    expect(r.mapping.M).toEqual([]);
  });

  it('DS on a line: the other direction gets modulus 1', async () => {
    // { (t, t) : -3 <= t <= 3 }: 7 cells conflict pairwise along the diagonal.
    const ds = set(['i', 'j'], [...band([1, -1], 0, 0), ...band([1, 0], -3, 3)]);
    const r = await chooseMapping(ds, { heuristic: 'opt' });
    expect(r.dimension).toBe(1);
    expect(r.size).toBe(4n);
  });
});

const randomDs = (n: number) => randomPolytope(n, 5, 4);

describe('random 0-symmetric polytopes', () => {
  it('every returned mapping is admissible (1-3 dims)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }).chain(randomDs), async (ds) => {
        const points = enumerateUnion(fixPieces(ds));
        const r = await chooseMapping(ds, { heuristic: 'auto', budgetMs: 2000 });
        for (const c of r.candidates) expect(admissibleBrute(points, c.mapping)).toBe(true);
        expect(admissibleBrute(points, r.mapping)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('the optimal search matches brute force in 2D and no heuristic beats it', async () => {
    await fc.assert(
      fc.asyncProperty(randomDs(2), async (ds) => {
        const points = enumerateUnion(fixPieces(ds));
        const r = await chooseMapping(ds, { heuristic: 'opt', budgetMs: 5000 });
        expect(r.size).toBe(bruteOptimum2(points));
        for (const c of r.candidates) expect(c.size >= r.size).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});
