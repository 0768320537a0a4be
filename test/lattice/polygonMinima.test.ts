import fc from 'fast-check';
import { parseSet } from '../../src/poly/index.js';
import { fixPieces } from '../../src/lattice/index.js';
import {
  exactSuccessiveMinima,
  successiveMinima,
  type SuccessiveMinima,
} from '../../src/lattice/minima.js';
import { spanBasis } from '../../src/lattice/optimal.js';
import { DsQueries } from '../../src/lattice/dsQueries.js';
import {
  convexHull,
  planePolygon,
  type Polygon,
  type Vec2,
} from '../../src/lattice/polygonHull.js';
import { polygonGauge, polygonMinima, type Ratio } from '../../src/lattice/polygonMinima.js';

const cmp = (a: Ratio, b: Ratio) => {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
};
const text = (r: Ratio) => `${(r.num * 1000000n) / r.den}`;

/** lambda_1, lambda_2 by listing every integer vector of a box (ordered by gauge). */
function bruteMinima(K: Polygon, R: bigint): [Ratio, Ratio] {
  const g = polygonGauge(K);
  const all: { z: Vec2; v: Ratio }[] = [];
  for (let x = -R; x <= R; x++)
    for (let y = -R; y <= R; y++) if (x !== 0n || y !== 0n) all.push({ z: [x, y], v: g([x, y]) });
  all.sort((a, b) => cmp(a.v, b.v));
  const first = all[0];
  const second = all.find((e) => first.z[0] * e.z[1] - first.z[1] * e.z[0] !== 0n)!;
  return [first.v, second.v];
}

/** A 0-symmetric polygon from a few integer points and their negatives (scale s). */
const polygonArb = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -9, max: 9 })), {
      minLength: 2,
      maxLength: 5,
    }),
    fc.integer({ min: 1, max: 3 }),
  )
  .map(([pts, s]): Polygon | null => {
    const ps: Vec2[] = pts.flatMap(([x, y]) => [
      [BigInt(x), BigInt(y)] as Vec2,
      [BigInt(-x), BigInt(-y)] as Vec2,
    ]);
    const vertices = convexHull(ps);
    return vertices.length >= 3 ? { vertices, scale: BigInt(s), rows: [] } : null;
  });

const values = (m: SuccessiveMinima) => m.minima.map((x) => x.lambda);

describe('successive minima of a polygon (generalized Gauss reduction)', () => {
  // Guards polygonMinima against the definition: lambda_1 is the smallest gauge of a
  // non-zero integer vector, lambda_2 the smallest at which two independent ones appear;
  // the vectors found attain them and form a basis of Z^2.
  it('agrees with listing every integer vector of a box', () => {
    fc.assert(
      fc.property(polygonArb, (K) => {
        if (!K) return;
        const { vectors, values: v } = polygonMinima(K);
        const [l1, l2] = bruteMinima(K, 12n);
        expect([text(v[0]), text(v[1])]).toEqual([text(l1), text(l2)]);
        const g = polygonGauge(K);
        expect(cmp(g(vectors[0]), v[0])).toBe(0);
        expect(cmp(g(vectors[1]), v[1])).toBe(0);
        const det = vectors[0][0] * vectors[1][1] - vectors[0][1] * vectors[1][0];
        expect(det === 1n || det === -1n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  // Guards the thin, skewed case: the Gauss steps must walk far along the polygon
  // (mu in the hundreds), which a search near mu = 0 would miss.
  it('a thin skewed polygon: both minima 1, at (199, 1) and (200, 1)', () => {
    const K: Polygon = {
      vertices: convexHull([
        [200n, 1n],
        [-200n, -1n],
        [199n, 1n],
        [-199n, -1n],
      ]),
      scale: 1n,
      rows: [],
    };
    const { values: v } = polygonMinima(K);
    const [l1, l2] = bruteMinima(K, 201n);
    expect([text(v[0]), text(v[1])]).toEqual([text(l1), text(l2)]);
    expect([text(v[0]), text(v[1])]).toEqual(['1000000', '1000000']);
  });
});

describe('successive minima without GLPK (rank 1 and 2)', () => {
  const exact = (set: string, params: Record<string, bigint> = {}) => {
    const pieces = fixPieces(parseSet(set), params);
    const n = pieces[0].nDims;
    const { rank, Q } = spanBasis(new DsQueries(parseSet(set)).spanPoints(), n);
    return {
      got: exactSuccessiveMinima(
        pieces,
        n,
        rank,
        Q,
        rank === 2 ? planePolygon(pieces, n, Q) : null,
      ),
      pieces,
      n,
    };
  };

  // Guards the replacement of GLPK's integer programs: the same minima on sets of rank 1
  // and 2 (a plane inside 3-D included), where the relaxation of every piece is integral.
  it.each([
    ['durbin K', '{ [a, b] : -1 <= b <= 1 and -99 <= a + 2b <= 99 and -99 <= a - b <= 99 }'],
    ['hexagon', '{ [a, b] : -8 <= a <= 8 and -8 <= b <= 8 and -8 <= a - b <= 8 }'],
    ['segment', '{ [a] : -17 <= a <= 17 }'],
    ['line in 2-D', '{ [a, b] : a = 2b and -5 <= b <= 5 }'],
    ['plane in 3-D', '{ [a, b, c] : c = a + b and -6 <= a <= 6 and -3 <= b <= 3 }'],
  ])('%s: the same minima as the integer programs', async (_name, set) => {
    const { got, pieces, n } = exact(set);
    expect(got).toBeDefined();
    const glpk = await successiveMinima(pieces, n);
    expect(values(got!)).toEqual(values(glpk));
    expect(got!.dimension).toBe(glpk.dimension);
  });

  // Guards the fall-back: a rank-1 set given through an existential local has no closed
  // gauge; the exact route must decline (GLPK answers) rather than guess.
  it('declines a rank-1 set with existential locals', () => {
    const { got } = exact('{ [a] : exists e : a = 3e and -9 <= a <= 9 }');
    expect(got).toBeUndefined();
  });
});
