/**
 * The cheap coalescing steps (src/poly/sets.ts pieceSubset, src/poly/coalesce.ts dropNested)
 * and the isl export (src/poly/isl.ts).
 */
import fc from 'fast-check';
import * as P from '../../src/poly/index.js';
import { isSubset, pieceSubset } from '../../src/poly/sets.js';
import { arbBasic, brutePoints, show, spaceOf } from '../../scripts/poly-oracle.js';

const SCALE = Number(process.env.POLY_SCALE ?? 0.25);
const one = (b: P.BasicSet): P.PolySet => ({ space: b.space, pieces: [b] });

describe('pieceSubset', () => {
  test('agrees with isSubset (locals or not)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 2 })
          .chain((d) => fc.tuple(arbBasic(spaceOf(d)), arbBasic(spaceOf(d)))),
        ([b, c]) => pieceSubset(b, c) === isSubset(one(b), one(c)),
      ),
      { numRuns: Math.max(20, Math.round(300 * SCALE)) },
    );
  });

  // Guards the early exit: an equality of the container must be checked on both sides.
  test.each([
    ['{ [x] : x = 2 }', '{ [x] : 0 <= x <= 3 }', true],
    ['{ [x] : 0 <= x <= 3 }', '{ [x] : x = 2 }', false],
    ['{ [x] : 2 <= x <= 3 }', '{ [x] : x = 2 }', false],
    ['{ [x] : 1 <= x <= 2 }', '{ [x] : x = 2 }', false],
    ['{ [x, y] : x = y and 0 <= x <= 4 }', '{ [x, y] : x - y = 0 }', true],
  ])('%s inside %s: %s', (b, c, want) => {
    expect(pieceSubset(P.parseSet(b).pieces[0], P.parseSet(c).pieces[0])).toBe(want);
  });
});

// Guards statesRow (src/poly/sets.ts): a row of the piece that states a constraint of the other
// set skips the exact emptiness test of its negation. Each case has rows with the same
// coefficients whose constant (or sign) makes the difference: a wrong direction of the
// comparison, or an equality taken for its opposite with another constant, drops or keeps
// points that enumeration sees.
describe('rows a piece states itself (no emptiness test)', () => {
  const minus: [string, string][] = [
    ['{ [x] : 0 <= x <= 5 }', '{ [x] : 1 <= x <= 5 }'],
    ['{ [x] : 1 <= x <= 5 }', '{ [x] : 0 <= x <= 4 }'],
    ['{ [x] : x = 2 }', '{ [x] : x <= 1 }'],
    ['{ [x] : x = 2 }', '{ [x] : x <= 2 }'],
    ['{ [x] : x = 2 }', '{ [x] : x >= 3 }'],
    ['{ [x] : x = 2 }', '{ [x] : x >= 2 }'],
    ['{ [x] : x = 2 }', '{ [x] : -x + 2 = 0 }'],
    ['{ [x] : x = 2 }', '{ [x] : x = -2 }'],
    ['{ [x, y] : x = y and 0 <= x <= 4 }', '{ [x, y] : y - x = 0 and x <= 2 }'],
    ['{ [x, y] : x = y + 1 and 0 <= x <= 4 }', '{ [x, y] : x = y - 1 and 0 <= x <= 4 }'],
    ['{ [x] : exists e : 0 <= x - 3e <= 1 and 0 <= x <= 9 }', '{ [x] : 0 <= x <= 9 and x >= 3 }'],
    ['{ [x] : exists e : x = 3e and 0 <= x <= 9 }', '{ [x] : exists e : x = 3e and 1 <= x <= 9 }'],
  ];
  test.each(minus)('%s minus %s', (a, b) => {
    const [sa, sb] = [P.parseSet(a), P.parseSet(b)];
    const inB = new Set(brutePoints(sb).map((p) => p.join(',')));
    const want = brutePoints(sa).filter((p) => !inB.has(p.join(',')));
    expect(show(brutePoints(P.subtract(sa, sb)))).toBe(show(want));
  });
  test.each([
    ['{ [x] : 1 <= x <= 3 }', '{ [x] : 0 <= x <= 3 }', true],
    ['{ [x] : 0 <= x <= 3 }', '{ [x] : 1 <= x <= 3 }', false],
    ['{ [x] : x = 3 }', '{ [x] : x <= 3 }', true],
    ['{ [x] : x = 3 }', '{ [x] : x <= 2 }', false],
    ['{ [x] : x = 3 }', '{ [x] : -x + 3 = 0 }', true],
    ['{ [x] : x = 3 }', '{ [x] : x = -3 }', false],
    ['{ [x] : exists e : x = 2e and 0 <= x <= 4 }', '{ [x] : 1 <= x <= 4 }', false],
  ])('%s inside %s: %s', (b, c, want) => {
    const [pb, pc] = [P.parseSet(b).pieces[0], P.parseSet(c).pieces[0]];
    expect(pieceSubset(pb, pc)).toBe(want);
    expect(isSubset(one(pb), one(pc))).toBe(want);
  });
  // Rows written by hand, signs as given (parsed equalities come normalised): x = 3 against
  // x >= 4, x >= 3, x = -3 written -x - 3 = 0, and x = 3 written -x + 3 = 0.
  const space = { params: [], dims: ['x'] };
  const piece = (eqs: bigint[][], ineqs: bigint[][]): P.BasicSet => ({
    space,
    nLocals: 0,
    eqs,
    ineqs,
  });
  test.each([
    [[[-3n, 1n]], [], [], [[-4n, 1n]], false],
    [[[-3n, 1n]], [], [], [[-3n, 1n]], true],
    [[[3n, -1n]], [], [], [[-4n, 1n]], false],
    [[[3n, -1n]], [], [], [[-3n, 1n]], true],
    [[[-3n, 1n]], [], [[-3n, -1n]], [], false],
    [[[-3n, 1n]], [], [[3n, -1n]], [], true],
  ])('hand-written rows, case %#', (be, bi, ce, ci, want) => {
    const [pb, pc] = [piece(be, bi), piece(ce, ci)];
    expect(pieceSubset(pb, pc)).toBe(want);
    expect(isSubset(one(pb), one(pc))).toBe(want);
  });
});

/** Two unions of one or two random pieces in one space of 1 or 2 dims. */
const unionPair: fc.Arbitrary<[P.PolySet, P.PolySet]> = fc
  .integer({ min: 1, max: 2 })
  .chain((d) =>
    fc.tuple(
      fc.array(arbBasic(spaceOf(d)), { minLength: 1, maxLength: 2 }),
      fc.array(arbBasic(spaceOf(d)), { minLength: 1, maxLength: 2 }),
    ),
  )
  .map(([a, b]) => [
    { space: a[0].space, pieces: a },
    { space: b[0].space, pieces: b },
  ]);

// Guards the callers that read emptiness off the piece count (src/lifetime: `live`, the
// clobber intersections, the exposed reads): subtract and intersect must never return a
// piece without a point.
test('subtract and intersect return only pieces with points', () => {
  fc.assert(
    fc.property(unionPair, ([sa, sb]) => {
      const out = [...P.subtract(sa, sb).pieces, ...P.intersect(sa, sb).pieces];
      return out.every((p) => !P.isEmpty(p));
    }),
    { numRuns: Math.max(20, Math.round(300 * SCALE)) },
  );
});

// Guards the row sharing of withParams and fixParams (same parameters: the set itself, no
// copy): no operation may write into its operands' rows or row lists.
test('set operations leave their operands unchanged', () => {
  const text = (x: P.PolySet) =>
    JSON.stringify(x.pieces, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
  fc.assert(
    fc.property(unionPair, ([sa, sb]) => {
      const before = [text(sa), text(sb)];
      P.subtract(sa, sb);
      P.intersect(sa, sb);
      P.coalesce(P.union(sa, sb));
      P.simplify(P.fixParams(sa, {}));
      P.projectOnto(sb, sb.space.dims.slice(0, 1));
      return text(sa) === before[0] && text(sb) === before[1];
    }),
    { numRuns: Math.max(20, Math.round(200 * SCALE)) },
  );
});

// Guards isSubsetOfProjection (upward-exposed reads decided without the difference): the
// answer of isSubset, for projections (strides kept as locals) and for a set whose local sits
// in an inequality (not in stride form: it must be projected first, not read as is).
describe('isSubsetOfProjection', () => {
  test('agrees with isSubset on projections', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 2 })
          .chain((d) =>
            fc.tuple(
              fc.array(arbBasic(spaceOf(d)), { minLength: 1, maxLength: 2 }),
              fc.array(arbBasic(spaceOf(d + 1)), { minLength: 1, maxLength: 3 }),
            ),
          ),
        ([a, b]) => {
          const sa = { space: a[0].space, pieces: a };
          const sb = P.projectOnto({ space: b[0].space, pieces: b }, sa.space.dims);
          return P.isSubsetOfProjection(sa, sb) === isSubset(sa, sb);
        },
      ),
      { numRuns: Math.max(20, Math.round(300 * SCALE)) },
    );
  });
  test.each([
    ['{ [x] : 0 <= x <= 6 and exists e : x = 2e }', '{ [x] : exists e : x = 2e }', true],
    ['{ [x] : 0 <= x <= 6 }', '{ [x] : exists e : x = 2e }', false],
    ['{ [x] : 0 <= x <= 6 }', '{ [x] : exists e : x = 2e; [x] : exists e : x = 2e + 1 }', true],
    // Two locals in one equality (review): x = 4a + 6b is every even x, not a stride of 4.
    ['{ [x] : x = 2 }', '{ [x] : exists a, b : x = 4a + 6b }', true],
    ['{ [x] : x = 2 }', '{ [x] : exists a, b : x = 4a + 6b and 0 <= x <= 20 }', true],
  ])('%s inside %s: %s', (a, b, want) => {
    expect(P.isSubsetOfProjection(P.parseSet(a), P.parseSet(b))).toBe(want);
  });
  test('a local in an inequality is projected, not dropped', () => {
    // { [x] : exists e : 2e <= x <= 2e } is the even x; read with its local dropped it would
    // be everything.
    const space = { params: [], dims: ['x'] };
    const even: P.PolySet = {
      space,
      pieces: [
        {
          space,
          nLocals: 1,
          eqs: [],
          ineqs: [
            [0n, 1n, -2n],
            [0n, -1n, 2n],
          ],
        },
      ],
    };
    expect(P.isSubsetOfProjection(P.parseSet('{ [x] : 0 <= x <= 1 }'), even)).toBe(false);
    expect(P.isSubsetOfProjection(P.parseSet('{ [x] : x = 4 }'), even)).toBe(true);
  });
});

describe('dropNested', () => {
  test('keeps the points, drops repeated and nested pieces', () => {
    const s = P.parseSet(
      '{ [x, y] : 0 <= x <= 3 and 0 <= y <= 3; [x, y] : x = 1 and y = 2; [x, y] : 0 <= y <= 3 and 0 <= x <= 3; [x, y] : x = 7 and y = 0 }',
    );
    const d = P.dropNested(s);
    expect(d.pieces.length).toBe(2);
    expect(show(brutePoints(d, 8n))).toBe(show(brutePoints(s, 8n)));
  });

  test('the same points on random unions', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 2 })
          .chain((d) => fc.array(arbBasic(spaceOf(d)), { maxLength: 4 })),
        (pieces) => {
          if (pieces.length === 0) return true;
          const s = { space: pieces[0].space, pieces };
          return show(brutePoints(P.dropNested(s))) === show(brutePoints(s));
        },
      ),
      { numRuns: Math.max(20, Math.round(200 * SCALE)) },
    );
  });
});

describe('toIsl', () => {
  test.each([
    [
      '[N] -> { [i] : 0 <= i < N }',
      undefined,
      '[N] -> { [i] : 0 + 1*i >= 0 and -1 + 1*N - 1*i >= 0 }',
    ],
    [
      '{ [i, j] : exists k : i = 2k and j = i }',
      1,
      '[] -> { [i] -> [j] : exists (e0 : 0 + 1*i - 2*e0 = 0 and 0 - 1*i + 1*j = 0) }',
    ],
    ['{ [i] : 1 = 0 }', undefined, '[] -> { [i] : 1 = 0 }'],
  ])('%s', (set, nIn, want) => {
    const s = P.parseSet(set);
    // The row order is the core's: compare the constraint multiset.
    const norm = (t: string) =>
      t
        .replace(/exists \(e0 : |\)/g, '')
        .split(/ and |: /)
        .sort()
        .join('|');
    expect(norm(P.toIsl(s, nIn))).toBe(norm(want));
  });
});
