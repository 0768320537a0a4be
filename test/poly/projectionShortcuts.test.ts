/**
 * Regressions for the exact shortcuts of the Omega test (src/poly/omega.ts) and for
 * `eliminateLocals`: each case used to split into one piece per residue class, or to keep
 * empty-looking pieces, and every later operation paid for it.
 */
import {
  eliminateLocals,
  enumeratePoints,
  maximize,
  minimize,
  parseSet,
  printSet,
  projectOnto,
} from '../../src/poly/index.js';
import type { PolySet } from '../../src/poly/index.js';
import { withWorkBudget } from '../../src/poly/budget.js';

const x = { coeffs: { x: 1n }, constant: 0n };
const points = (s: PolySet) =>
  enumeratePoints(s)
    .map((p) => p.join(','))
    .sort();

describe('dark shadow equal to the real shadow: no splinters', () => {
  // Guards the mot_detect.c ODelta blow-up: the window `4 <= x - 29 q <= 32` of a subscript
  // linearized with W = 29 was split into 28 residue pieces of x modulo 29 per elimination
  // (and 29^k pieces for k such accesses), although its dark shadow is the real shadow.
  const window = '{ [x] : exists q : 4 <= x - 29q <= 32 and 4 <= q <= 32 }';
  it('a window as wide as its coefficient projects to one interval', () => {
    const p = withWorkBudget(10_000, () => projectOnto(parseSet(window), ['x']));
    expect(printSet(p)).toBe('{ [x] : 120 <= x <= 960 }');
  });
  it('a narrower window still needs its residues, and gets them exactly', () => {
    const s = parseSet('{ [x] : exists q : 0 <= x - 5q <= 2 and 0 <= q <= 3 }');
    const p = projectOnto(s, ['x']);
    expect(points(p)).toEqual(points(s));
    expect(points(p)).toEqual(['0', '1', '10', '11', '12', '15', '16', '17', '2', '5', '6', '7']);
  });
  it('two accesses to one cell through the same window: (i, j) -> 29 i + j is injective', () => {
    // x written at (a, b) and read at (c, d) with 29 a + b = 29 c + d - 1: c - a is 0 or 1.
    const s = parseSet(
      '{ [t] : exists a, b, c, d : 29a + b + 1 = 29c + d and 0 <= b <= 28 and 0 <= d <= 28 ' +
        'and 0 <= a <= 28 and 0 <= c <= 28 and t = c - a }',
    );
    const p = withWorkBudget(20_000, () => projectOnto(s, ['t']));
    expect(points(p)).toEqual(['0', '1']);
    expect(p.pieces.length).toBeLessThanOrEqual(2);
  });
});

describe('equalities among kept columns are substituted', () => {
  // Guards the empty pieces `d = 0 and d = 1` (and `d = 29 e + 1 and d = 0`) that projections
  // used to return: they passed as non-empty until an emptiness test eliminated d.
  it('contradicting kept equalities give no piece', () => {
    expect(
      projectOnto(parseSet('{ [d] : exists e : d = 0 and d = 29e + 1 }'), ['d']).pieces,
    ).toEqual([]);
    expect(
      projectOnto(parseSet('{ [d, y] : d = 0 and d = y + 1 and y = 0 }'), ['d']).pieces,
    ).toEqual([]);
  });
  it('a consistent system keeps its points', () => {
    const s = parseSet('{ [d, y] : exists e : d = y + 1 and y = 2e and 0 <= y <= 6 }');
    expect(points(projectOnto(s, ['d', 'y']))).toEqual(points(s));
    expect(maximize(projectOnto(s, ['d']), { coeffs: { d: 1n }, constant: 0n })).toEqual({
      kind: 'value',
      value: 7n,
    });
  });
});

describe('eliminateLocals', () => {
  it('projects a piece whose locals go without splitting, keeps a strided one quantified', () => {
    const s = parseSet(
      '{ [x] : exists k : x = k + 1 and 0 <= k <= 3; [x] : exists k : x = 3k and 0 <= x <= 9 }',
    );
    const e = eliminateLocals(s, 1);
    expect(points(e)).toEqual(points(s));
    expect(e.pieces.map((b) => b.nLocals)).toEqual([0, 1]);
    expect(minimize(e, x)).toEqual({ kind: 'value', value: 0n });
  });
  it('drops empty pieces', () => {
    const s = parseSet('{ [x] : exists k : x = 2k and x = 2k + 1; [x] : x = 4 }');
    expect(printSet(eliminateLocals(s, 1))).toBe('{ [x] : x = 4 }');
  });
});
