/** Hand-picked cases where an inexact method would be wrong (strides, holes, dark shadow). */
import {
  enumeratePoints,
  gist,
  intersect,
  isEmpty,
  isSubset,
  maximize,
  maximizeParametric,
  minimize,
  parseSet,
  printSet,
  projectOnto,
  samplePoint,
  simplify,
  subtract,
  lexLessThan,
  fromConjunctions,
} from '../../src/poly/index.js';
import { formatAffine, variable } from '../../src/poly/affine.js';

const pts = (s: ReturnType<typeof parseSet>, params?: Record<string, bigint>) =>
  enumeratePoints(s, params)
    .map((p) => p.join(','))
    .join(' ');
const v = (name: string) => variable(name);

describe('exact integer emptiness', () => {
  test.each([
    ['{ [x] : 1 <= 2x <= 1 }', true],
    ['{ [x, y] : 1 <= 3x - 3y <= 2 }', true],
    // Real shadow non-empty, no integer point: needs the dark shadow and splinters.
    ['{ [x, y] : 27 <= 11x + 13y <= 45 and -10 <= 7x - 9y <= 4 }', true],
    ['{ [x, y] : 2 <= 3y - x <= 3 and 0 <= x <= 0 }', false],
    ['{ [x] : exists a, b : x = 6a + 1 and x = 4b + 3 }', false],
    ['{ [x] : exists a, b : x = 6a + 1 and x = 4b }', true],
    ['[N] -> { [i] : 0 <= i < N and N <= 0 }', true],
    ['[N] -> { [i] : 0 <= i < N and N = 1000000000000 }', false],
  ])('%s empty: %s', (text, want) => {
    expect(isEmpty(parseSet(text))).toBe(want);
  });
});

describe('exact projection', () => {
  test.each([
    ['{ [x, y] : x = 3y + 1 and 0 <= y <= 3 }', ['x'], '1 4 7 10'],
    // The real shadow is [0, 10]; the integer shadow has holes at x = 2 mod 3.
    ['{ [x, y] : 2 <= 3y - x <= 3 and 0 <= x <= 10 }', ['x'], '0 1 3 4 6 7 9 10'],
    ['{ [x, y, z] : x = 2y and y = 3z and -2 <= z <= 2 }', ['x'], '-12 -6 0 6 12'],
    ['{ [x, y] : 0 <= x <= 4 and x <= 2y <= x + 1 and 3y <= 2x + 1 }', ['y'], '0 1 2'],
  ])('%s onto %j', (text, keep, want) => {
    expect(pts(projectOnto(parseSet(text), keep))).toBe(want);
  });

  test('a projection with a parameter keeps the stride exactly', () => {
    const s = projectOnto(parseSet('[N] -> { [x, y] : x = 4y and 0 <= x < N }'), ['x']);
    expect(pts(s, { N: 13n })).toBe('0 4 8 12');
    expect(printSet(s)).toMatch(/exists e0 : x = 4e0/);
  });
});

describe('optimisation', () => {
  const s = parseSet('{ [x, y] : 0 <= x <= 10 and exists k : y = 3k and 0 <= y <= x }');
  test('max and min', () => {
    expect(maximize(s, { coeffs: { x: -1n, y: 1n }, constant: 0n })).toEqual({
      kind: 'value',
      value: 0n,
    });
    expect(maximize(s, v('y'))).toEqual({ kind: 'value', value: 9n });
    expect(minimize(s, { coeffs: { x: 1n, y: -2n }, constant: 0n })).toEqual({
      kind: 'value',
      value: -9n,
    });
  });
  test('unbounded and empty', () => {
    expect(maximize(parseSet('{ [x] : exists k : x = 2k and x >= 0 }'), v('x'))).toEqual({
      kind: 'unbounded',
    });
    expect(minimize(parseSet('{ [x] : exists k : x = 2k and x >= 5 }'), v('x'))).toEqual({
      kind: 'value',
      value: 6n,
    });
    expect(maximize(parseSet('{ [x] : 1 <= 2x <= 1 }'), v('x'))).toEqual({ kind: 'empty' });
  });
  test('magnitude of constants does not matter', () => {
    const big = parseSet(
      '{ [x, y] : 0 <= x <= 1000000000000 and 0 <= y <= x and exists k : x + y = 7k }',
    );
    expect(maximize(big, { coeffs: { x: 1n, y: 1n }, constant: 0n })).toEqual({
      kind: 'value',
      value: 1999999999998n,
    });
  });
  test('samplePoint lies in the set', () => {
    const p = samplePoint(
      parseSet('[N] -> { [i, j] : 0 <= i < j < N and exists k : i = 2k + 1 }'),
    )!;
    expect(p.i % 2n).toBe(1n);
    expect(p.i < p.j && p.j < p.N).toBe(true);
  });
});

describe('maximizeParametric', () => {
  const show = (text: string, obj: string) => {
    const r = maximizeParametric(parseSet(text), v(obj));
    if (r.kind !== 'pieces') return r.kind;
    return r.pieces
      .map((p) => `${formatAffine(p.value)} on ${printSet(simplify(p.context))}`)
      .join(' | ');
  };
  test('a single affine piece', () => {
    expect(show('[N] -> { [i, j] : 0 <= i < j < N }', 'j')).toBe('N - 1 on [N] -> { [] : 2 <= N }');
  });
  test('two pieces (a max of two affine forms)', () => {
    const r = maximizeParametric(
      parseSet('[N, M] -> { [i] : 0 <= i <= N or 0 <= i <= M }'),
      v('i'),
    );
    expect(r.kind).toBe('pieces');
    if (r.kind !== 'pieces') return;
    expect(r.pieces.length).toBe(2);
  });
  test('unbounded and empty', () => {
    expect(show('[N] -> { [i] : i >= N }', 'i')).toBe('unbounded');
    expect(show('[N] -> { [i] : i >= N and i < N }', 'i')).toBe('empty');
  });
  test('a non-affine maximum is refused, never under-estimated', () => {
    expect(() => maximizeParametric(parseSet('[N] -> { [i] : 0 <= 2i <= N }'), v('i'))).toThrow(
      /not affine/,
    );
  });
});

describe('set operations', () => {
  test('difference with a strided piece splits on residues', () => {
    const d = subtract(
      parseSet('{ [x] : 0 <= x <= 8 }'),
      parseSet('{ [x] : exists k : x = 3k + 1 }'),
    );
    expect(pts(d)).toBe('0 2 3 5 6 8');
  });
  test('difference with an existential that is not a stride', () => {
    const b = parseSet('{ [x] : exists y : 2 <= 3y - x <= 3 }');
    expect(pts(subtract(parseSet('{ [x] : 0 <= x <= 10 }'), b))).toBe('2 5 8');
  });
  test('subset', () => {
    expect(
      isSubset(parseSet('{ [x] : exists k : x = 4k }'), parseSet('{ [x] : exists k : x = 2k }')),
    ).toBe(true);
    expect(
      isSubset(parseSet('{ [x] : exists k : x = 2k }'), parseSet('{ [x] : exists k : x = 4k }')),
    ).toBe(false);
  });
  test('intersection aligns parameters', () => {
    const s = intersect(
      parseSet('[N] -> { [i] : 0 <= i < N }'),
      parseSet('[M] -> { [i] : i >= M }'),
    );
    expect(s.space.params).toEqual(['N', 'M']);
    expect(pts(s, { N: 5n, M: 3n })).toBe('3 4');
  });
  test('simplify finds implicit equalities and redundant constraints', () => {
    expect(
      printSet(simplify(parseSet('{ [x, y] : x <= y <= x and 0 <= x <= 3 and x <= 10 }'))),
    ).toBe('{ [x, y] : y = x and 0 <= x <= 3 }');
  });
  test('gist drops what the context implies', () => {
    const g = gist(
      parseSet('[N] -> { [i] : 0 <= i < N and N >= 10 }'),
      parseSet('[N] -> { [i] : N >= 20 }'),
    );
    expect(printSet(g)).toBe('[N] -> { [i] : 0 <= i <= N - 1 }');
  });
});

describe('lexLessThan', () => {
  test('pieces are disjoint and prefix-equal', () => {
    const s = fromConjunctions(
      { params: [], dims: ['a', 'b', 'c', 'd'] },
      lexLessThan([v('a'), v('b')], [v('c'), v('d')]),
    );
    expect(s.pieces.length).toBe(2);
    expect(printSet(s)).toBe('{ [a, b, c, d] : a + 1 <= c; [a, b, c, d] : c = a and b + 1 <= d }');
  });
});
