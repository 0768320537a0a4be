/**
 * The lattice search on conflict sets too large to list (issue 14): the Hermite search by
 * integer programs (querySearch.ts) against the search over listed points, the clique
 * bounds found without listing (segmentClique.ts), and nw's diagonal-free DS, whose
 * skewed optimum (d0 - d1) mod (2N - 1) must be found and proved at any size.
 */
import fc from 'fast-check';
import { fixParams, parseSet } from '../../src/poly/index.js';
import {
  chooseMapping,
  enumerateUnion,
  enumerationStats,
  fixPieces,
  formatMapping,
} from '../../src/lattice/index.js';
import { DsQueries } from '../../src/lattice/dsQueries.js';
import { shortDirectionBases } from '../../src/lattice/heuristics.js';
import { optimalSearch, spanBasis } from '../../src/lattice/optimal.js';
import { querySearch } from '../../src/lattice/querySearch.js';
import { lastTrue, longestSegment, segmentClique } from '../../src/lattice/segmentClique.js';
import { randomPolytope } from './polytopes.js';
import { inCall } from '../helpers/inCall.js';
import type { PolySet } from '../../src/poly/types.js';

/** samples/nw.c's conflict set (M[b][a], N x N): the first row and column against each other. */
const NW = parseSet(
  '[N] -> { [d0, d1] : d1 = 0 and 1 <= d0 <= N - 1; [d0, d1] : d1 = 0 and -(N - 1) <= d0 <= -1; ' +
    '[d0, d1] : 0 <= d0 <= N - 1 and -(N - 1) <= d1 <= -1; [d0, d1] : -(N - 1) <= d0 <= 0 and 1 <= d1 <= N - 1; ' +
    '[d0, d1] : d0 = 1 and -(N - 3) <= d1 <= 0; [d0, d1] : d0 = -1 and 0 <= d1 <= N - 3; [d0, d1] : d0 = 0 and d1 = 0 }',
);

/** Both searches from the same upper bound, with budgets that let both finish. */
function bothSearches(ds: PolySet) {
  const n = ds.space.dims.length;
  const points = enumerateUnion(fixPieces(ds));
  const box = points.reduce(
    (w, x) =>
      w.map((v, i) => ((x[i] < 0n ? -x[i] : x[i]) + 1n > v ? (x[i] < 0n ? -x[i] : x[i]) + 1n : v)),
    Array<bigint>(n).fill(1n),
  );
  const upper = box.reduce((s, v) => s * v, 1n) + 1n;
  const byPoints = optimalSearch(points, n, upper, 1e9);
  const q = new DsQueries(ds);
  const { rank, Q } = spanBasis(q.spanPoints(), n);
  const byQueries = querySearch(ds, Q, rank, upper, 1n, 1e12, q.symmetric);
  return { points, byPoints, byQueries };
}

describe('Hermite search by integer programs (querySearch)', () => {
  it.each([
    [
      'toeplitz band (durbin y at N = 10)',
      '{ [a, b] : -10 < a + 2b < 10 and -10 < a - b < 10 and -1 <= b <= 1 }',
      17n,
    ],
    ['nw at N = 6', null, 11n],
    ['a thin 3-D slab', '{ [a, b, c] : -3 <= a <= 3 and -2 <= b <= 2 and c = 0 }', 12n],
    [
      'a union of two segments',
      '{ [a, b] : b = 0 and -4 <= a <= 4; [a, b] : a = b and -2 <= a <= 2 }',
      5n,
    ],
  ])('%s: the same optimum as the search over listed points', (_name, text, size) => {
    const ds = text === null ? fixParams(NW, { N: 6n }) : parseSet(text);
    const { byPoints, byQueries } = bothSearches(ds);
    expect(byQueries.optimal).toBe(true);
    expect(byPoints.optimal).toBe(true);
    expect(byQueries.size).toBe(byPoints.size);
    expect(byQueries.size).toBe(size);
  });

  it('agrees with the point search on random polytopes (2-3 dims)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }).chain((n) => randomPolytope(n, 4, 3)),
        (ds) => {
          const { byPoints, byQueries } = bothSearches(ds);
          expect(byQueries.size).toBe(byPoints.size);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('clique bounds without listing (segmentClique)', () => {
  it.each([
    // The first row and column of nw: 2N - 1 cells live at once.
    ['nw, N = 6', null, 11n],
    ['a box 7 x 3 (4 x 2 cells)', '{ [a, b] : -3 <= a <= 3 and -1 <= b <= 1 }', 8n],
    ['a segment with a hole', '{ [a] : -2 <= a <= 2; [a] : 4 <= a <= 5; [a] : -5 <= a <= -4 }', 3n],
  ])('%s', (_name, text, size) => {
    const ds = text === null ? fixParams(NW, { N: 6n }) : parseSet(text);
    const q = new DsQueries(ds);
    expect(segmentClique(ds, q.box())).toBe(size);
  });

  it('is never above the optimum on random polytopes (it is a lower bound)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }).chain((n) => randomPolytope(n, 4, 3)),
        (ds) => {
          const n = ds.space.dims.length;
          const points = enumerateUnion(fixPieces(ds));
          const opt = optimalSearch(points, n, 10_000n, 1e9);
          expect(segmentClique(ds, new DsQueries(ds).box())).toBeLessThanOrEqual(opt.size);
        },
      ),
      { numRuns: 25 },
    );
  });

  /** The segment clique of `set` at a value of N, and the exact inclusions it asked. */
  const cliqueAt = (set: PolySet, N: bigint) => {
    const ds = fixParams(set, { N });
    const stats = { inclusions: 0 };
    const size = segmentClique(ds, new DsQueries(ds).box(), stats);
    return { size, inclusions: stats.inclusions };
  };

  // Guards issue 17's "static path cost independent of N": bisection from the middle asked
  // log2(N) exact inclusions (linebuf's tmp: 113 ms of the lattice stage at 10^6); first a
  // stride (pieces with a local: no vertex test), then durbin's value-based DS of y (7 pieces
  // without locals, where the box's vertices guide the bisection: 20 inclusions more at 10^6).
  it.each([
    [
      'a stride',
      '[N] -> { [a, b] : exists e : a = 3e and -N <= a <= N and -N <= b <= N }',
      10n,
      11n,
      1_000_001n,
    ],
    [
      "durbin's y",
      `[N] -> {
        [d0, d1] : d1 = -1 and 1 <= d0 <= N-2; [d0, d1] : d1 = -1 and -(N-3) <= d0 <= N-3;
        [d0, d1] : d1 = 0 and -(N-1) <= d0 <= -1; [d0, d1] : d1 = 1 and -(N-2) <= d0 <= -1;
        [d0, d1] : d1 = 1 and -(N-3) <= d0 <= N-3; [d0, d1] : d1 = 0 and 1 <= d0 <= N-1;
        [d0, d1] : d0 = 0 and d1 = 0 }`,
      100n,
      196n,
      1_999_996n,
    ],
  ])('%s: as many exact inclusions at N = 10^6 as at a small N', (_n, text, N, small, large) => {
    const set = parseSet(text);
    const s = cliqueAt(set, N);
    const l = cliqueAt(set, 1_000_000n);
    expect([s.size, l.size]).toEqual([small, large]);
    expect(l.inclusions).toBe(s.inclusions);
  });

  // Guards the guided bisection: whatever the cheap necessary condition does beyond the
  // answer (true, false, or noise), the exact predicate's last true value comes out.
  it('lastTrue finds the threshold of a monotone predicate, guided by any necessary condition', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 41 }),
        fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
        (lo, width, offset, noise) => {
          const hi = lo + width;
          const answer = lo - 1 + Math.min(offset, width + 1);
          let exact = 0;
          const ok = (v: bigint) => {
            exact++;
            return Number(v) <= answer;
          };
          const cheap = (v: bigint) => Number(v) <= answer || noise[Number(v) - lo + 5];
          expect(lastTrue(BigInt(lo), BigInt(hi), ok, cheap)).toBe(BigInt(answer));
          expect(lastTrue(BigInt(lo), BigInt(hi), ok)).toBe(BigInt(answer));
          expect(exact).toBeLessThanOrEqual(2 * (3 + Math.ceil(Math.log2(width + 2))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('longestSegment stops at the first hole', () => {
    const ds = parseSet(
      '{ [a, b] : -3 <= a <= 3 and b = 0; [a, b] : 5 <= a <= 9 and b = 0; [a, b] : -9 <= a <= -5 and b = 0 }',
    );
    expect(longestSegment(ds, [1n, 0n], 100n)).toBe(3n);
    expect(longestSegment(ds, [2n, 0n], 100n)).toBe(1n);
    expect(longestSegment(ds, [5n, 0n], 100n)).toBe(1n);
    expect(longestSegment(ds, [0n, 1n], 100n)).toBe(0n);
  });
});

describe("nw's diagonal-free conflict set at any size", () => {
  it.each([129n, 1000n, 10000n])(
    'N = %s: (d0 - d1) mod (2N - 1), proved optimal, nothing listed',
    inCall(async (N: bigint) => {
      const before = enumerationStats();
      const c = await chooseMapping(NW, { heuristic: 'auto', params: { N } });
      expect(enumerationStats()).toEqual(before);
      expect(formatMapping(c.mapping, ['d0', 'd1'])).toBe(`(d0 - d1 mod ${2n * N - 1n})`);
      // Guards the old skip: "box of 66049 points > 50000" left the axis-aligned N^2.
      expect(c.optimal).toMatchObject({
        method: 'queries',
        optimal: true,
        lowerBound: 2n * N - 1n,
      });
    }),
  );

  it('short skewed rows lead heuristic 3 bases up to dimension 3', () => {
    expect(shortDirectionBases(2).map((b) => b.basis[0].join(' '))).toEqual(['1 -1', '1 1']);
    expect(shortDirectionBases(3)).toHaveLength(10);
    expect(shortDirectionBases(4)).toEqual([]);
  });
});
