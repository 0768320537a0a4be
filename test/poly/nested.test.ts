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
