/** coalesce keeps the set (checked by enumeration) and drops duplicate and nested pieces. */
import {
  coalesce,
  complement,
  enumeratePoints,
  intersect,
  parseSet,
  printSet,
} from '../../src/poly/index.js';

const CASES: { set: string; pieces: number }[] = [
  // Duplicates in another row order and scaling.
  { set: '{ [x] : 0 <= x <= 4; [x] : 2x <= 8 and x >= 0 }', pieces: 1 },
  // A piece nested in another.
  { set: '{ [x, y] : 0 <= x <= 4 and 0 <= y <= 4; [x, y] : 1 <= x <= 2 and y = 3 }', pieces: 1 },
  // A local that projects away without splitting.
  { set: '{ [x] : exists k : x = k and 0 <= k <= 3 }', pieces: 1 },
  // A stride stays (projection would split it); the union is kept as it is.
  { set: '{ [x] : exists k : x = 2k and 0 <= x <= 6; [x] : x = 9 }', pieces: 2 },
];

describe.each(CASES)('coalesce $set', ({ set, pieces }) => {
  const s = parseSet(set);
  const c = coalesce(s);
  it('has the same integer points', () => {
    const pts = (x: typeof s) =>
      enumeratePoints(x)
        .map((p) => p.join(','))
        .sort();
    expect(pts(c)).toEqual(pts(s));
  });
  it(`has ${pieces} piece(s)`, () => {
    expect({ printed: printSet(c), pieces: c.pieces.length }).toEqual({
      printed: printSet(c),
      pieces,
    });
  });
});

describe('complement within a bounded space', () => {
  it('is the box minus the set, point for point', () => {
    const box = parseSet('{ [x, y] : 0 <= x <= 5 and 0 <= y <= 5 }');
    const s = parseSet('{ [x, y] : exists k : x = 2k and y <= x }');
    const pts = (x: typeof s) =>
      enumeratePoints(x)
        .map((p) => p.join(','))
        .sort();
    const expected = pts(box).filter((p) => !pts(intersect(s, box)).includes(p));
    expect(pts(complement(s, box))).toEqual(expected);
  });
});
