/**
 * Where a file may change what a macro name means, read once per file
 * (src/frontend/macroChanges.ts; issue 29, item 3: a fixed macro's check read the text
 * between its definition and each function that uses it, quadratic in a file of many
 * functions under one `#define N`). The index must answer what the text between says.
 */
import { codeOnly } from '../../src/model/identifiers.js';
import { changedBetween, macroChanges } from '../../src/frontend/macroChanges.js';
import { lineStarts } from '../../src/frontend/parse.js';

/** As macroRoles.ts asks: after the definition's line `def` up to the start of line `last`. */
function changed(lines: readonly string[], name: string, def: number, last: number): boolean {
  const text = lines.join('\n');
  const starts = lineStarts(text);
  const from = starts[def] ?? text.length;
  const to = starts[last] ?? text.length;
  return changedBetween(macroChanges(codeOnly(text)), name, from, to);
}

/** The check each function made before: the text between read on its own. */
function readBetween(lines: readonly string[], name: string, def: number, last: number): boolean {
  const text = lines.join('\n');
  const starts = lineStarts(text);
  const between = codeOnly(
    text.slice(starts[def] ?? text.length, starts[last] ?? text.length),
  ).replace(/\\\r?\n/g, '');
  return (
    new RegExp(`(#|%:)\\s*(undef|define)\\s+${name}(?![\\w$])`).test(between) ||
    /(#|%:)\s*(include|include_next|import)(?![\w$])/.test(between) ||
    /pop_macro/.test(between)
  );
}

const F = 'int f(void) { return N; }';

// [why, the file's lines, whether N may change between line 1's definition and line `last`]
const CASES: [string, string[], number, boolean][] = [
  ['nothing between', ['#define N 4', 'int a;', F], 3, false],
  ['an #undef', ['#define N 4', '#undef N', F], 3, true],
  ['a redefinition', ['#define N 4', '#  define N 5', F], 3, true],
  ['a digraph', ['#define N 4', '%:undef N', F], 3, true],
  ['another name', ['#define N 4', '#define NX 5', '#undef M', F], 4, false],
  ['an include', ['#define N 4', '#include "x.h"', F], 3, true],
  ['include_next', ['#define N 4', '# include_next <x.h>', F], 3, true],
  ['#import', ['#define N 4', '#import "x.h"', F], 3, true],
  ['pop_macro', ['#define N 4', '#pragma pop_macro("N")', F], 3, true],
  ['in a comment', ['#define N 4', '/* #undef N */', '// #include "x"', F], 4, false],
  ['in a string', ['#define N 4', 'char *s = "#undef N";', F], 3, false],
  ['a spliced directive', ['#define N 4', '# \\', ' undef \\', 'N', F], 5, true],
  ['after the function', ['#define N 4', F, '#undef N'], 2, false],
  ['on the last line, not read', ['#define N 4', F, '#undef N'], 2, false],
  ['up to the file end', ['#define N 4', F, '#undef N'], 9, true],
];

test.each(CASES)('%s', (_, lines, last, expected) => {
  expect(changed(lines, 'N', 1, last)).toBe(expected);
});

// A comment that the definition's line opens: the preprocessor reads it as a comment. Read
// on its own, the text after the definition's line looked like a directive (the check
// answered "changed": conservative, a guard kept).
test('a comment opened on the definition line is a comment', () => {
  const lines = ['#define N 4 /* was', '#undef N */', F];
  expect(changed(lines, 'N', 1, 3)).toBe(false);
  expect(readBetween(lines, 'N', 1, 3)).toBe(true);
});

/** A deterministic pseudo-random sequence (32-bit LCG). */
function numbers(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
}

// Every stretch of random files of directives, comments and code: the index answers what
// reading the text between answered (no comment opens on a line it does not close).
test('random files: as the text between reads', () => {
  const pieces = [
    '#define N 1',
    '#undef N',
    '# define M 2',
    '#include "a.h"',
    '%:undef N',
    '#pragma pop_macro("N")',
    'int x = N; /* #undef N */',
    'char *s = "#define N";',
    '# \\',
    'define \\',
    'N 3',
    '  #  undef   N  // x',
    'int NN;',
    '#define NX 1',
  ];
  const next = numbers(7);
  for (let k = 0; k < 300; k++) {
    const lines = Array.from({ length: 2 + (next() % 12) }, () => pieces[next() % pieces.length]!);
    for (let def = 0; def <= lines.length; def++)
      for (let last = def; last <= lines.length + 1; last++)
        expect([k, def, last, changed(lines, 'N', def, last)]).toEqual([
          k,
          def,
          last,
          readBetween(lines, 'N', def, last),
        ]);
  }
});
