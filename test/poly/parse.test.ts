/** The set notation: parsing, printing, error columns. */
import { enumeratePoints, parseSet, printSet, ParseError } from '../../src/poly/index.js';

const pts = (text: string, params?: Record<string, bigint>): string =>
  enumeratePoints(parseSet(text), params)
    .map((p) => `(${p.join(',')})`)
    .join(' ');

describe('parseSet', () => {
  test.each([
    ['{ [i] : 0 <= i < 4 }', '(0) (1) (2) (3)'],
    ['{ [i, j] : 0 <= i < j < 3 }', '(0,1) (0,2) (1,2)'],
    ['{ [i] : 0 <= i <= 6 and exists k : i = 2k }', '(0) (2) (4) (6)'],
    ['{ [i] : 0 <= i <= 6 and exists k : i = 2*k + 1 }', '(1) (3) (5)'],
    ['{ [i] : 0 <= 2(i + 1) <= 6 }', '(-1) (0) (1) (2)'],
    ['{ [i] : i = 0 or i = 5 }', '(0) (5)'],
    ['{ [i] : (i = 0 or i = 5) and i > 1 }', '(5)'],
    ['{ [i] : (i + 1) * 2 = 4 }', '(1)'],
    ['{ [i] : i >= 0 and i > -3 and 3 > i }', '(0) (1) (2)'],
    ['{ [a, 1] : 0 <= a <= 1; [a, b] : a = 5 and b = 0 }', '(0,1) (1,1) (5,0)'],
    ['{ [2, 3] }', '(2,3)'],
    ['{ [x] : false }', ''],
    ['{ [x] : 0 <= x <= 2 and true }', '(0) (1) (2)'],
    ['{ [a, b] : lexlt([a, b], [1, 1]) and 0 <= a <= 1 and 0 <= b <= 1 }', '(0,0) (0,1) (1,0)'],
    ['{ [a, b] : lexge([a, b], [1, 1]) and 0 <= a <= 1 and 0 <= b <= 1 }', '(1,1)'],
    ['{ [x] : exists k : x = 2k and exists k : x = 3k and -6 <= x <= 6 }', '(-6) (0) (6)'],
    ['{ [x] : ((exists k : x = 2k) or x = 1) and 0 <= x <= 3 }', '(0) (1) (2)'],
  ])('%s', (text, want) => {
    expect(pts(text)).toBe(want);
  });

  test('enumeration refuses an unbounded set instead of looping', () => {
    expect(() => pts('{ [x] : exists k : x = 2k }')).toThrow(/unbounded/);
  });

  test('parameters and their values', () => {
    expect(pts('[N] -> { [i] : 0 <= i < N }', { N: 3n })).toBe('(0) (1) (2)');
  });

  test('the Toeplitz DS of docs/design.md ("Lifetime analysis") has 591 points for N = 100', () => {
    const ds = parseSet(`[N] -> { [a, b] : -1 <= b <= 1 and ((0 <= b <= -a and b < N + a)
        or (b > -N + a and 2 - N - a <= b <= 0)); [a, 1] : 2 - N <= a <= N - 3 }`);
    expect(enumeratePoints(ds, { N: 100n }).length).toBe(591);
  });

  test.each([
    ['{ [x] : 0 <= x < = 10 }', 18, /expected an expression/],
    ['{ [x] : 0 <= y }', 14, /unknown variable 'y'/],
    ['{ [x] : x * x = 1 }', 11, /non-affine/],
    ['{ [x] : x = 1 ', 15, /expected '}'/],
    ['{ [x] : x = 1 } junk', 17, /unexpected text/],
    ['{ [x] : x = 1; [x, y] : x = y }', 16, /expected 1 dimensions/],
    ['[N] -> { [N] : N = 1 }', 11, /is a parameter/],
    ['{ [x] : x # 1 }', 11, /unexpected character/],
    ['{ [x] : x }', 11, /expected a comparison/],
  ])('error in %s at column %i', (text, col, msg) => {
    let err: unknown;
    try {
      parseSet(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).column).toBe(col);
    expect((err as ParseError).message).toMatch(msg);
  });
});

describe('printSet', () => {
  test.each([
    ['[N] -> { [i, j] : 0 <= i < j < N }', '[N] -> { [i, j] : 0 <= i and i + 1 <= j <= N - 1 }'],
    ['{ [x] : exists k : x = 3k + 1 }', '{ [x] : exists e0 : x = 3e0 + 1 }'],
    ['{ [x, y] }', '{ [x, y] }'],
    ['{ [x] : false }', '{ [x] : false }'],
  ])('%s', (text, want) => {
    expect(printSet(parseSet(text))).toBe(want);
    expect(printSet(parseSet(want))).toBe(want);
  });
});
