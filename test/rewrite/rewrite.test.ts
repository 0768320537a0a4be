import { rewrite } from '../../src/rewrite/rewrite.js';
import { annotationText, describeMapping } from '../../src/rewrite/describe.js';
import { RewriteError } from '../../src/rewrite/plan.js';
import { makePlan, row, within, type ArraySpec } from './planBuilder.js';

interface Case {
  name: string;
  source: string;
  arrays: ArraySpec[];
  options?: { modulo?: 'exact' | 'pow2'; annotate?: boolean; unsafeMacros?: string[] };
  expected: string;
  helper?: boolean;
}

function check(c: Case): void {
  const out = rewrite(makePlan(c.source, c.arrays, c.options));
  expect(out.text).toBe(c.expected);
  expect(out.helperEmitted).toBe(c.helper ?? false);
}

/** The helper inserted before line `line`, which keeps its number after it (`#line`). */
const HELPER = (line: number) =>
  "/* beeclak: a mod b in [0, b) for b > 0, also for negative a (C's % is not). */\n" +
  'static inline long beeclak_mod(long a, long b) { long r = a % b; return r < 0 ? r + b : r; }\n' +
  `#line ${line}\n`;

describe('scalarization: no rows make a scalar', () => {
  test.each<Case>([
    {
      name: 'two-dimensional array and its accesses',
      source: 'double y[N][N];\ny[i][k] = y[i][k-1] + 1;\n',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [],
          accesses: [
            { at: 'y[i][k]', ranges: [] },
            { at: 'y[i][k-1]', ranges: [] },
          ],
        },
      ],
      expected: 'double y;\ny = y + 1;\n',
    },
    {
      name: 'one-dimensional with a compound assignment',
      source: 'int s[100]; for (i = 0; i < 100; i++) s[i] += s[i - 1];',
      arrays: [
        {
          name: 's',
          declarator: 's[100]',
          rows: [],
          accesses: [
            { at: 's[i]', ranges: [] },
            { at: 's[i - 1]', ranges: [] },
          ],
        },
      ],
      expected: 'int s; for (i = 0; i < 100; i++) s += s;',
    },
  ])('$name', check);
});

describe('dropped dimensions and index forms', () => {
  test.each<Case>([
    {
      name: 'identity row kept, second row dropped: y[i][k] -> y[i]',
      source: 'double y[N][N]; y[i][k] = 0;',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [row([1, 0], 'N')],
          accesses: [{ at: 'y[i][k]', ranges: [{ withinModulus: true }] }],
        },
      ],
      expected: 'double y[N]; y[i] = 0;',
    },
    {
      name: 'skewed row (1, 1) gives i + k, (2, -1) gives 2 * i - k',
      source: 'double y[N][N]; y[i][k] = 0;',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [row([1, 1], 7), row([2, -1], 5)],
          accesses: [{ at: 'y[i][k]', ranges: [within(0, 6), within(0, 4)] }],
        },
      ],
      expected: 'double y[7][5]; y[i + k][2 * i - k] = 0;',
    },
    {
      name: 'complex index texts are parenthesized, macros kept',
      source: 'double y[N][N]; y[i+1][M - k] = 0;',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [row([-1, 3], 4)],
          accesses: [{ at: 'y[i+1][M - k]', ranges: [within(0, 3)] }],
        },
      ],
      expected: 'double y[4]; y[-(i+1) + 3 * (M - k)] = 0;',
    },
    {
      name: 'zero row value prints 0',
      source: 'int t[4]; t[j] = 1;',
      arrays: [
        {
          name: 't',
          declarator: 't[4]',
          rows: [row([0], 3)],
          accesses: [{ at: 't[j]', ranges: [within(0, 0)] }],
        },
      ],
      expected: 'int t[3]; t[0] = 1;',
    },
  ])('$name', check);
});

describe('macros whose expansion is not one token', () => {
  // Guards against `2 * M % 4` expanding to `2 * i + 1 % 4` for `#define M i + 1`.
  test.each<Case>([
    {
      name: 'an unsafe macro index is parenthesized as an operand',
      source: '#define M i + 1\nint t[8]; t[M] = t[M];',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([2], 4)],
          accesses: [
            { at: 't[M]', ranges: [within(0)] },
            { at: 't[M]', n: 1, ranges: [within(0, 3)] },
          ],
        },
      ],
      options: { unsafeMacros: ['M'] },
      expected: '#define M i + 1\nint t[4]; t[(2 * (M)) % 4] = t[2 * (M)];',
    },
    {
      name: 'an unsafe macro modulus is parenthesized after %',
      source: '#define B 2 + 2\nint t[8]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([1], 'B', 4)],
          accesses: [{ at: 't[i]', ranges: [within(0)] }],
        },
      ],
      options: { unsafeMacros: ['B'] },
      expected: '#define B 2 + 2\nint t[B]; t[i % (B)] = 0;',
    },
  ])('$name', check);
});

describe('symbolic sizes stay symbolic', () => {
  test.each<Case>([
    {
      name: 'y[N][N] -> y[N][2]',
      source: 'double y[N][N]; y[i][k] = y[i][k - 1];',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [row([1, 0], 'N'), row([0, 1], 2)],
          accesses: [
            { at: 'y[i][k]', ranges: [{ withinModulus: true }, within(0, 99)] },
            { at: 'y[i][k - 1]', ranges: [{ withinModulus: true }, within(0, 98)] },
          ],
        },
      ],
      expected: 'double y[N][2]; y[i][k % 2] = y[i][(k - 1) % 2];',
    },
    {
      name: 'a symbolic modulus not proven in range gets %, parenthesized when compound',
      source: 'void f(int n) { unsigned t[n+1]; t[j] = 0; }',
      arrays: [
        {
          name: 't',
          declarator: 't[n+1]',
          rows: [row([1], 'n + 1')],
          accesses: [{ at: 't[j]', ranges: [within(0)] }],
        },
      ],
      expected: 'void f(int n) { unsigned t[n + 1]; t[j % (n + 1)] = 0; }',
    },
    {
      name: 'a symbolic modulus with a known value still prints its text',
      source: 'double y[N]; y[k] = 0;',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N]',
          rows: [row([1], 'M', 4)],
          accesses: [{ at: 'y[k]', ranges: [within(0, 9)] }],
        },
      ],
      expected: 'double y[M]; y[k % M] = 0;',
    },
  ])('$name', check);
});

describe('the modulo: elided, %, offset or helper', () => {
  test.each<Case>([
    {
      name: '% elided when 0 <= value <= b - 1 is proven',
      source: 'int t[8]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([1], 8)],
          accesses: [{ at: 't[i]', ranges: [within(0, 7)] }],
        },
      ],
      expected: 'int t[8]; t[i] = 0;',
    },
    {
      name: '% kept when the max reaches b',
      source: 'int t[8]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([1], 8)],
          accesses: [{ at: 't[i]', ranges: [within(0, 8)] }],
        },
      ],
      expected: 'int t[8]; t[i % 8] = 0;',
    },
    {
      name: 'negative lower bound: offset by the smallest multiple of b making it >= 0',
      source: 'double y[N][N]; y[i][k] = 0;',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [row([2, -1], 197)],
          accesses: [{ at: 'y[i][k]', ranges: [within(-99, 198)] }],
        },
      ],
      expected: 'double y[197]; y[(2 * i - k + 197) % 197] = 0;',
    },
    {
      name: 'offset is a multiple of b larger than b when needed (min -5, b 2 -> 6)',
      source: 'int t[10]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[10]',
          rows: [row([-1], 2)],
          accesses: [{ at: 't[i]', ranges: [within(-5, 0)] }],
        },
      ],
      expected: 'int t[2]; t[(-i + 6) % 2] = 0;',
    },
    {
      name: 'unknown lower bound: the helper, emitted once after the last include',
      source:
        '#include <stdio.h>\n#include "k.h"\nint g;\nvoid f(void) {\n  int t[10];\n  t[i - j] = t[j - i];\n}\n',
      arrays: [
        {
          name: 't',
          declarator: 't[10]',
          rows: [row([1], 3)],
          accesses: [
            { at: 't[i - j]', ranges: [within(undefined, 9)] },
            { at: 't[j - i]', ranges: [within()] },
          ],
        },
      ],
      expected:
        '#include <stdio.h>\n#include "k.h"\n' +
        HELPER(3) +
        'int g;\nvoid f(void) {\n  int t[3];\n  t[beeclak_mod((long)(i - j), 3)] = t[beeclak_mod((long)(j - i), 3)];\n}\n',
      helper: true,
    },
    {
      name: 'symbolic modulus with a negative lower bound: the helper (no proven offset)',
      source: 'int t[N]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[N]',
          rows: [row([-1], 'N')],
          accesses: [{ at: 't[i]', ranges: [within(-9, 0)] }],
        },
      ],
      expected: HELPER(1) + 'int t[N]; t[beeclak_mod(-(long)i, N)] = 0;',
      helper: true,
    },
    {
      name: 'helper placed after a conditional include block, not inside it',
      source: '#ifdef X\n#include <x.h>\n#endif\nint t[4]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[4]',
          rows: [row([1], 2)],
          accesses: [{ at: 't[i]', ranges: [within()] }],
        },
      ],
      expected:
        '#ifdef X\n#include <x.h>\n#endif\n' +
        HELPER(4) +
        'int t[2]; t[beeclak_mod((long)i, 2)] = 0;',
      helper: true,
    },
  ])('$name', check);
});

describe('pow2: masks', () => {
  test.each<Case>([
    {
      name: 'masks for known powers of two, also for possibly negative values',
      source: 'double y[N][N]; y[i][k] = y[i - 1][k];',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [row([1, 0], 256), row([0, 1], 2)],
          accesses: [
            { at: 'y[i][k]', ranges: [within(0, 300), within(0, 99)] },
            { at: 'y[i - 1][k]', ranges: [within(-1, 299), within(0, 99)] },
          ],
        },
      ],
      options: { modulo: 'pow2' },
      expected: 'double y[256][2]; y[i & 255][k & 1] = y[(i - 1) & 255][k & 1];',
    },
    {
      name: 'a proven in-range value needs no mask',
      source: 'int t[4]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[4]',
          rows: [row([1], 4)],
          accesses: [{ at: 't[i]', ranges: [within(0, 3)] }],
        },
      ],
      options: { modulo: 'pow2' },
      expected: 'int t[4]; t[i] = 0;',
    },
    {
      name: 'unknown modulus value falls back to the exact form',
      source: 'int t[N]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[N]',
          rows: [row([1], 'N')],
          accesses: [{ at: 't[i]', ranges: [within(0)] }],
        },
      ],
      options: { modulo: 'pow2' },
      expected: 'int t[N]; t[i % N] = 0;',
    },
    {
      // Guards the crash of `--modulo pow2` on dynprog: its rounded mapping was not
      // admissible, so the array kept the exact modulus 61.
      name: 'a modulus that is not a power of two keeps the exact form',
      source: 'int t[64]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[64]',
          rows: [row([1], 61)],
          accesses: [{ at: 't[i]', ranges: [within(0)] }],
        },
      ],
      options: { modulo: 'pow2' },
      expected: 'int t[61]; t[i % 61] = 0;',
    },
  ])('$name', check);
});

describe('nested accesses compose', () => {
  test.each<Case>([
    {
      name: 'both outer and inner array contracted: a[b[i]]',
      source: 'int a[100], b[100]; x = a[b[i]];',
      arrays: [
        {
          name: 'a',
          declarator: 'a[100]',
          rows: [row([1], 16)],
          accesses: [{ at: 'a[b[i]]', ranges: [within(0)] }],
        },
        {
          name: 'b',
          declarator: 'b[100]',
          rows: [row([1], 2)],
          accesses: [{ at: 'b[i]', ranges: [within(0, 99)] }],
        },
      ],
      expected: 'int a[16], b[2]; x = a[b[i % 2] % 16];',
    },
    {
      name: 'inner scalarized inside an outer skewed row: parenthesized only when needed',
      source: 'int a[9][9], s[9]; a[s[j]][j+1] = 0;',
      arrays: [
        {
          name: 'a',
          declarator: 'a[9][9]',
          rows: [row([1, 1], 5)],
          accesses: [{ at: 'a[s[j]][j+1]', ranges: [within(0, 4)] }],
        },
        { name: 's', declarator: 's[9]', rows: [], accesses: [{ at: 's[j]', ranges: [] }] },
      ],
      expected: 'int a[5], s; a[s + (j+1)] = 0;',
    },
  ])('$name', check);
});

describe('everything else stays byte for byte', () => {
  test.each<Case>([
    {
      name: 'nothing to contract: the text is unchanged',
      source: '#include <stdio.h>\r\nint main(void) { return 0; }\r\n',
      arrays: [],
      expected: '#include <stdio.h>\r\nint main(void) { return 0; }\r\n',
    },
    {
      name: 'comments, macros, pragmas and odd spacing',
      source:
        '#define N 10 /* size */\n// kernel\nvoid k(void) {\n\tdouble  y[N] ; /* tmp */\n#pragma HLS pipeline II=1\n\tfor (int i = 0; i < N; i++)   y[ i ] = 2 * i;   // fill\n}\n',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N]',
          rows: [row([1], 2)],
          accesses: [{ at: 'y[ i ]', ranges: [within(0, 9)] }],
        },
      ],
      expected:
        '#define N 10 /* size */\n// kernel\nvoid k(void) {\n\tdouble  y[2] ; /* tmp */\n#pragma HLS pipeline II=1\n\tfor (int i = 0; i < N; i++)   y[i % 2] = 2 * i;   // fill\n}\n',
    },
    {
      name: 'CRLF line endings kept, also for added lines',
      source: '#include <stdio.h>\r\nint main(void) {\r\n  int t[5];\r\n  t[i] = 1;\r\n}\r\n',
      arrays: [
        {
          name: 't',
          declarator: 't[5]',
          declaration: 'int t[5];',
          rows: [row([1], 2)],
          accesses: [{ at: 't[i]', ranges: [within()] }],
          annotation: 't[i] -> t[i mod 2], 5 -> 2 cells',
        },
      ],
      options: { annotate: true },
      expected:
        '#include <stdio.h>\r\n' +
        HELPER(2).replace(/\n/g, '\r\n') +
        'int main(void) {\r\n  /* beeclak: t[i] -> t[i mod 2], 5 -> 2 cells */\r\n#line 3\r\n  int t[2];\r\n  t[beeclak_mod((long)i, 2)] = 1;\r\n}\r\n',
      helper: true,
    },
    {
      name: 'multiple declarators: only the contracted one changes',
      source: 'double x, y[N][N], z[3] = {0};\ny[i][k] = x;',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          rows: [row([0, 1], 2)],
          accesses: [{ at: 'y[i][k]', ranges: [within(0, 1)] }],
        },
      ],
      expected: 'double x, y[2], z[3] = {0};\ny[k] = x;',
    },
    {
      name: 'several arrays in several functions',
      source: 'void f(void) { int t[8]; t[i] = 0; }\nvoid g(void) { int t[8]; t[i] = 1; }\n',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([1], 2)],
          accesses: [{ at: 't[i]', ranges: [within(0, 7)] }],
        },
        {
          name: 't',
          declarator: 't[8]',
          declaratorN: 1,
          rows: [],
          accesses: [{ at: 't[i]', n: 1, ranges: [] }],
        },
      ],
      expected: 'void f(void) { int t[2]; t[i % 2] = 0; }\nvoid g(void) { int t; t = 1; }\n',
    },
  ])('$name', check);
});

describe('annotations', () => {
  test.each<Case>([
    {
      name: 'own line above the declaration, with its indentation (a #line keeps its number)',
      source: 'void f(void) {\n    double x, y[N][N];\n    y[i][k] = 0;\n}\n',
      arrays: [
        {
          name: 'y',
          declarator: 'y[N][N]',
          declaration: 'double x, y[N][N];',
          rows: [row([1, 0], 'N'), row([0, 1], 2)],
          accesses: [{ at: 'y[i][k]', ranges: [{ withinModulus: true }, within(0, 1)] }],
          annotation: 'y[i][k] -> y[i][k % 2], 10000 -> 200 cells',
        },
      ],
      options: { annotate: true },
      expected:
        'void f(void) {\n    /* beeclak: y[i][k] -> y[i][k % 2], 10000 -> 200 cells */\n#line 2\n    double x, y[N][2];\n    y[i][k] = 0;\n}\n',
    },
    {
      name: 'not emitted without --annotate',
      source: 'int t[4]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[4]',
          rows: [],
          accesses: [{ at: 't[i]', ranges: [] }],
          annotation: 'x */ y',
        },
      ],
      expected: 'int t; t = 0;',
    },
  ])('$name', check);

  // Guards against a `*/` in the annotation closing the comment early.
  test('a comment terminator in the annotation is defused', () => {
    const source = 'int t[4]; t[i] = 0;';
    const plan = makePlan(
      source,
      [
        {
          name: 't',
          declarator: 't[4]',
          rows: [],
          accesses: [{ at: 't[i]', ranges: [] }],
          annotation: 'x */ y',
        },
      ],
      { annotate: true },
    );
    expect(rewrite(plan).text).toBe('/* beeclak: x * / y */\n#line 1\nint t; t = 0;');
  });
});

describe('refusals: a doubtful plan is an internal error, never output', () => {
  const defaultSource = 'int t[8], u[8]; t[u[i]] = 0;';
  test.each<{
    name: string;
    source?: string;
    arrays: ArraySpec[];
    modulo?: 'exact' | 'pow2';
    message: RegExp;
  }>([
    {
      name: 'two edits of the same access',
      arrays: [
        { name: 't', declarator: 't[8]', rows: [], accesses: [{ at: 't[u[i]]', ranges: [] }] },
        { name: 't', declarator: 't[8]', rows: [], accesses: [{ at: 't[u[i]]', ranges: [] }] },
      ],
      message: /same text/,
    },
    {
      name: 'an access nested where its text is not kept (in a declarator)',
      source: 'int u[8]; int t[sizeof u[0]]; t[i] = 0;',
      arrays: [
        {
          name: 't',
          declarator: 't[sizeof u[0]]',
          rows: [],
          accesses: [{ at: 't[i]', ranges: [] }],
        },
        { name: 'u', declarator: 'u[8]', rows: [], accesses: [{ at: 'u[0]', ranges: [] }] },
      ],
      message: /outside the text it keeps/,
    },
    {
      name: 'a declarator range that misses the name',
      arrays: [{ name: 't', declarator: '[8], u', rows: [], accesses: [] }],
      message: /declarator range/,
    },
    {
      name: 'an access range of another array',
      arrays: [
        { name: 'u', declarator: 'u[8]', rows: [], accesses: [{ at: 't[u[i]]', ranges: [] }] },
      ],
      message: /access range/,
    },
    {
      name: 'an access range that stops before its last index',
      arrays: [
        { name: 't', declarator: 't[8]', rows: [], accesses: [{ at: 't[u[i]', ranges: [] }] },
      ],
      message: /access .*t\[u\[i\]/,
    },
    {
      name: 'a row of the wrong length',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([1, 0], 2)],
          accesses: [{ at: 't[u[i]]', ranges: [within()] }],
        },
      ],
      message: /indices/,
    },
    {
      name: 'a modulus 1 row that should have been dropped',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([1], 1)],
          accesses: [{ at: 't[u[i]]', ranges: [within()] }],
        },
      ],
      message: /modulus 1/,
    },
    {
      name: 'missing row ranges',
      arrays: [
        {
          name: 't',
          declarator: 't[8]',
          rows: [row([1], 2)],
          accesses: [{ at: 't[u[i]]', ranges: [] }],
        },
      ],
      message: /row ranges/,
    },
  ])('$name', ({ source, arrays, modulo, message }) => {
    const plan = makePlan(source ?? defaultSource, arrays, { modulo: modulo ?? 'exact' });
    expect(() => rewrite(plan)).toThrow(RewriteError);
    expect(() => rewrite(plan)).toThrow(message);
  });
});

describe('annotation texts', () => {
  test.each<{ rows: ReturnType<typeof row>[]; names: string[]; expected: string }>([
    {
      rows: [row([1, 0], 'N'), row([0, 1], 2)],
      names: ['i', 'k'],
      expected: 'y[i][k] -> y[i % N][k % 2]',
    },
    { rows: [row([2, 1], 197)], names: ['i', 'k'], expected: 'y[i][k] -> y[(2 * i + k) % 197]' },
    { rows: [], names: ['i', 'k'], expected: 'y[i][k] -> y' },
  ])('$expected', ({ rows, names, expected }) => {
    expect(describeMapping('y', rows, names)).toBe(expected);
  });

  test('with cell counts', () => {
    expect(
      annotationText('y', [row([0, 1], 2)], ['i', 'k'], { before: '10000', after: '200' }),
    ).toBe('y[i][k] -> y[k % 2], 10000 -> 200 cells');
  });

  // Guards against two annotations at the same place (one declaration, two arrays)
  // being refused as overlapping edits or losing one of them.
  test('two contracted arrays of one declaration both get their line', () => {
    const source = '  double y[N][N], z[N];\n  y[i][k] = z[k];\n';
    const plan = makePlan(
      source,
      [
        {
          name: 'y',
          declarator: 'y[N][N]',
          declaration: 'double y[N][N], z[N];',
          rows: [],
          accesses: [{ at: 'y[i][k]', ranges: [] }],
          annotation: 'y scalar',
        },
        {
          name: 'z',
          declarator: 'z[N]',
          declaration: 'double y[N][N], z[N];',
          rows: [],
          accesses: [{ at: 'z[k]', ranges: [] }],
          annotation: 'z scalar',
        },
      ],
      { annotate: true },
    );
    expect(rewrite(plan).text).toBe(
      '  /* beeclak: y scalar */\n#line 1\n  /* beeclak: z scalar */\n#line 1\n  double y, z;\n  y = z;\n',
    );
  });
});
