/**
 * C integer semantics in the model (issue 13): a subscript, condition or bound is affine
 * only when its C value equals its mathematical value wherever it is evaluated; constant
 * expressions get the value the compiler gives them. Each row guards one rule.
 */
import { fn, stmt, accessTexts, reasonsOf } from './helpers.js';

const wrap = (decls: string, loop: string) =>
  `#include <stdint.h>\nvoid f(unsigned n, int m, double *out) {\n  double t[300];\n  ${decls}\n  ${loop}\n}`;

/** [rule, code, statement prefix, the access of t expected] ("t[?]": any index). */
const SUBSCRIPTS: [string, string, string, string][] = [
  [
    'a cast that fits is the value',
    wrap('', 'for (int i = 0; i < 256; i++) t[(uint8_t)i] = 0;'),
    't[',
    'write t[i]',
  ],
  [
    'a cast that may wrap is any index',
    wrap('', 'for (int i = 0; i < 300; i++) t[(uint8_t)i] = 0;'),
    't[',
    'write t[?]',
  ],
  [
    'an unsigned sum that wraps is any index',
    wrap('', 'for (unsigned i = 1; i < 64; i++) t[i + 4294967295u] = 0;'),
    't[',
    'write t[?]',
  ],
  [
    'an unsigned sum that cannot wrap is exact',
    wrap('', 'for (unsigned i = 1; i < 64; i++) t[i + 3u] = 0;'),
    't[',
    'write t[i + 3]',
  ],
  [
    'a negative int in unsigned arithmetic is any index',
    wrap('', 'for (int i = 0; i < 64; i++) t[i - 1u + 1] = 0;'),
    't[',
    'write t[?]',
  ],
  [
    'unsigned division of non-negatives is exact',
    wrap('', 'for (unsigned i = 0; i < 64; i++) t[i / 2u] = 0;'),
    't[',
    'write t[',
  ],
  [
    'a char cast that fits 0..127 is the value',
    wrap('', 'for (int i = 0; i < 100; i++) t[(char)i] = 0;'),
    't[',
    'write t[i]',
  ],
  [
    'a plain char cast beyond 127 is any index (signedness unknown)',
    wrap('', 'for (int i = 0; i < 200; i++) t[(char)i] = 0;'),
    't[',
    'write t[?]',
  ],
];

/** [rule, code, expected reason of t (a substring)]. */
const LOOPS: [string, string, string][] = [
  [
    'an unsigned char counter that wraps before `!= 4`',
    wrap('', 'for (unsigned char c = 250; c != 4; c++) t[c] = 0;'),
    'may pass its type',
  ],
  [
    'a counter whose exit value leaves its type',
    wrap('', 'for (unsigned short k = 65530; k <= 65535; k++) t[k % 300] = 0;'),
    'may step past the range',
  ],
  [
    'an unsigned counter compared with a signed bound',
    wrap('', 'for (unsigned i = 0; i < m; i++) t[i] = 0;'),
    'may step past the range',
  ],
  [
    'an initial value that does not fit the counter',
    wrap('', 'for (unsigned char c = 300; c < 255; c++) t[c] = 0;'),
    'initial value',
  ],
];

describe('integer semantics of subscripts', () => {
  it.each(SUBSCRIPTS)('%s', (_rule, code, prefix, expected) => {
    const f = fn(code);
    expect(accessTexts(stmt(f, prefix)).join(' | ')).toContain(expected);
  });
});

describe('loop counters keep the model values only inside their type', () => {
  it.each(LOOPS)('%s', (_rule, code, reason) => {
    expect(reasonsOf(fn(code), 't').join(' | ')).toContain(reason);
  });

  it('models an unsigned counter bounded by an unsigned argument', () => {
    const f = fn(wrap('', 'for (unsigned i = 0; i < n; i++) t[i] = 0;'));
    expect(reasonsOf(f, 't')).toEqual([]);
  });
});

describe('integer constant expressions as C folds them', () => {
  const extent = (decl: string) =>
    fn(`#define N 100\nvoid f(void) { double ${decl}; e[0] = 0; }`).arrays[0].extents.map((x) =>
      x.value === undefined ? '?' : String(x.value),
    );
  it.each([
    ['e[N / 2]', ['50']],
    ['e[512 * 4 / 16]', ['128']],
    ['e[(0u < -1) ? 8 : 4]', ['8']],
    ['e[-7 / 2 + 10]', ['7']],
    ['e[sizeof(int) * 2]', ['8']],
    ['e[(unsigned char)300]', ['44']],
    ['e[-1u / 65536u / 65536u + 3]', ['3']],
  ] as const)('%s', (decl, expected) => {
    expect(extent(decl)).toEqual(expected);
  });
});
