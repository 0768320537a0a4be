/**
 * Pairing a hand-folded file's accesses with the original's (`check --against`), on small
 * snippets: which arrays are folded, which original cell each access stands for, and why
 * an array is skipped when the two files do not line up.
 */
import { pairFoldedArrays, type FoldPairing } from '../../src/pipeline/checking/pairAccesses.js';

const ORIGINAL = `#include <stdio.h>
#define N 8
int main(void) {
  int t[N][N];
  int s[N];
  int i, j;
  s[0] = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      t[i][j] = i + j;
  for (i = 1; i < N; i++)
    s[i] = s[i - 1] + t[i][i - 1];
  printf("%d\\n", s[N - 1]);
  return 0;
}
`;

/** The original with its text edited: each [from, to] replaces the first occurrence. */
function edited(...edits: [string, string][]): string {
  let text = ORIGINAL;
  for (const [from, to] of edits) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  return text;
}

// t loses its first dimension, s becomes a scalar: the fold the cases below start from.
const FOLDED: [string, string][] = [
  ['int t[N][N];', 'int t[N];'],
  ['int s[N];', 'int s;'],
  ['s[0] = 0;', 's = 0;'],
  ['t[i][j] = i + j;', 't[j] = i + j;'],
  ['s[i] = s[i - 1] + t[i][i - 1];', 's = s + t[i - 1];'],
  ['s[N - 1]);', 's);'],
];

/** One line per access: kind, the candidate's text, the original cell, `;` if deferred. */
function summary(candidate: string, p: FoldPairing): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const a of p.arrays)
    out[a.name] = a.accesses.map(
      (x) =>
        `${x.kind} ${candidate.slice(x.range.start, x.range.end)} as ` +
        `${a.name}[${x.originalIndexTexts!.join('][')}]${x.statementRange ? ' ;' : ''}`,
    );
  for (const s of p.skipped) out[`${s.name} skipped`] = [`${s.scope}: ${s.reason}`];
  return out;
}

function pair(candidate: string, original = ORIGINAL) {
  return summary(
    candidate,
    pairFoldedArrays({ text: original, file: 'orig.c' }, { text: candidate, file: 'cand.c' }),
  );
}

const PAIRED = {
  t: ['write t[j] as t[i][j] ;', 'read t[i - 1] as t[i][i - 1]'],
  s: ['write s as s[0] ;', 'write s as s[i] ;', 'read s as s[i - 1]', 'read s as s[N - 1]'],
};

interface Case {
  name: string;
  candidate: string;
  /** The original, when not ORIGINAL. */
  original?: string;
  expected: Record<string, string[]>;
}

describe('pairing a hand-folded file with its original', () => {
  test.each<Case>([
    {
      // Guards that a scalar (plain identifier accesses) and a dropped dimension are paired.
      name: 'a dropped dimension and a scalar',
      candidate: edited(...FOLDED),
      expected: PAIRED,
    },
    {
      // Guards against comments or layout making a candidate unpairable.
      name: 'comments and line breaks differ',
      candidate: edited(
        ...FOLDED,
        ['int i, j;', '/* hand-folded */ int i,\n      j;'],
        ['return 0;', 'return 0; // done'],
      ),
      expected: PAIRED,
    },
    {
      // Guards against counting a scalar's declarator as an access when it is not the
      // declaration's first name (`int i, s;`): found on samples/gauss.c's tot.
      name: 'a scalar declared after another name',
      original: ORIGINAL.replace('int s[N];\n  int i, j;', 'int i, j, s[N];'),
      candidate: edited(...FOLDED).replace('int s;\n  int i, j;', 'int i, j, s;'),
      expected: PAIRED,
    },
    {
      // Guards against instrumenting arrays the candidate left as they were.
      name: 'nothing folded (same declarations, other spacing)',
      candidate: edited(['int t[N][N];', 'int t[ N ][ N ];']),
      expected: {},
    },
    {
      // Guards against pairing accesses of a restructured loop (here: reversed).
      name: 'a reordered loop',
      candidate: edited(...FOLDED, ['for (j = 0; j < N; j++)', 'for (j = N - 1; j >= 0; j--)']),
      expected: {
        't skipped': [
          'main: cand.c differs from orig.c in main at cand.c:9 (`for (j = N - 1; j >= 0; j--)`) besides the subscripts and declarations of folded arrays: its accesses cannot be paired',
        ],
        's skipped': [
          'main: cand.c differs from orig.c in main at cand.c:9 (`for (j = N - 1; j >= 0; j--)`) besides the subscripts and declarations of folded arrays: its accesses cannot be paired',
        ],
      },
    },
    {
      // Guards against pairing by position when an access is missing.
      name: 'an access less',
      candidate: edited(...FOLDED, ['s = 0;', 'j = 0;']),
      expected: {
        's skipped': ['main: main has 4 accesses of it in orig.c, 3 in cand.c'],
        't skipped': [
          'main: cand.c differs from orig.c in main at cand.c:7 (`j = 0;`) besides the subscripts and declarations of folded arrays: its accesses cannot be paired',
        ],
      },
    },
    {
      // Guards against following an array whose address escapes (its accesses through the
      // pointer could not be checked).
      name: 'the address of the array is taken',
      candidate: edited(...FOLDED, ['return 0;', 'return s + *t;']),
      original: ORIGINAL.replace('return 0;', 'return s[0] + *t[0];'),
      expected: {
        't skipped': ['main: it is subscripted with 1 of its 2 dimensions at orig.c:14'],
        s: [...PAIRED.s, 'read s as s[0]'],
      },
    },
    {
      // Guards against a candidate that turned the array into a pointer (not instrumentable).
      name: 'the candidate declares a pointer',
      candidate: edited(...FOLDED.filter(([from]) => from !== 'int s[N];'), [
        'int s[N];',
        'int *s;',
      ]),
      expected: {
        's skipped': ['main: cand.c declares it as `*s`'],
        // s is not followed, so its accesses count as a restructuring for t.
        't skipped': [
          'main: cand.c differs from orig.c in main at cand.c:5 (`int *s;`) besides the subscripts and declarations of folded arrays: its accesses cannot be paired',
        ],
      },
    },
    {
      // Guards against pairing across a missing function.
      name: 'the function is renamed',
      candidate: edited(...FOLDED, ['int main(void)', 'int kernel(void)']),
      expected: {
        't skipped': ['main: function main is missing in cand.c'],
        's skipped': ['main: function main is missing in cand.c'],
      },
    },
  ])('$name', ({ candidate, original, expected }) => {
    expect(pair(candidate, original)).toEqual(expected);
  });

  // Guards against deferring a write to the `;` when C sequences it before a later read of
  // the same statement (a comma), which would report a false clobber.
  test('only a whole-statement assignment waits for its `;`', () => {
    const original = `int f(void) {
  int t[4], r = 0;
  for (int i = 0; i < 4; i++)
    t[i] = i, r += t[i];
  for (int i = 0; i < 4; i++)
    (t[i]) += 1;
  for (int i = 0; i < 4; i++)
    if ((t[i] = i)) r++;
  return r + t[3]++;
}
`;
    const candidate = original.replace('t[4]', 't[1]').replace(/t\[i\]|t\[3\]/g, 't[0]');
    expect(pair(candidate, original)).toEqual({
      t: [
        'write t[0] as t[i]',
        'read t[0] as t[i]',
        'readwrite t[0] as t[i] ;',
        'write t[0] as t[i]',
        'readwrite t[0] as t[3]',
      ],
    });
  });

  // Guards that a folded file-scope array is followed in every function that uses it, and
  // not at all when a function the original does not pair uses it too.
  test.each([
    ['used by two functions', '', { g: ['write g[0] as g[i] ;', 'read g[0] as g[n - 1]'] }],
    [
      'also used by a function only the candidate has',
      'int h(void) { return (int)g[0]; }\n',
      {
        'g skipped': ['file scope: it is also used in h, which orig.c does not pair'],
      },
    ],
  ])('a global %s', (_what, extra, expected) => {
    const original = `double g[100];
void fill(int n) { for (int i = 0; i < n; i++) g[i] = i; }
double last(int n) { return g[n - 1]; }
`;
    const candidate =
      original.replace('g[100]', 'g[1]').replace('g[i]', 'g[0]').replace('g[n - 1]', 'g[0]') +
      extra;
    expect(pair(candidate, original)).toEqual(expected);
  });

  // Guards against following one of two same-named arrays (which declaration an access
  // refers to needs scopes), and against a note when neither is folded.
  test.each([
    ['neither is folded', (s: string) => s.replace('return r;', 'return r; /* same */'), {}],
    [
      'one is folded',
      (s: string) =>
        s.replace('int u[2]; u[1]', 'int u[1]; u[0]').replace('r += u[1]', 'r += u[0]'),
      { 'u skipped': ['f: it is declared more than once in f of either file'] },
    ],
  ])('two arrays of one name in one function: %s', (_what, fold, expected) => {
    const original = `int f(void) {
  int r = 0;
  { int u[2]; u[0] = 1; r += u[0]; }
  { int u[2]; u[1] = 2; r += u[1]; }
  return r;
}
`;
    expect(pair(fold(original), original)).toEqual(expected);
  });
});
