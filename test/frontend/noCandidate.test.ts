/**
 * The pre-filter of the multi-file mode (src/frontend/noCandidate.ts): which files are left
 * unmodelled because none of their arrays can be a candidate. Each row says what a wrong
 * verdict would do: "skip" rows guard the speed-up (issue 17: ~110 ms of CPU per file, most
 * of it parsing system headers), "model" rows guard soundness and the errors of bad input.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preprocessorOutput } from '../../src/frontend/preprocess.js';
import { withoutCandidates } from '../../src/frontend/noCandidate.js';
import { mainView } from '../../src/frontend/mainView.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-nocand-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function verdict(
  source: string,
  headers: Record<string, string> = {},
  temporaries: string[] = [],
): ReturnType<typeof withoutCandidates> {
  const sub = path.join(dir, `case${n++}`);
  fs.mkdirSync(sub);
  for (const [name, text] of Object.entries(headers)) fs.writeFileSync(path.join(sub, name), text);
  const file = path.join(sub, 't.c');
  fs.writeFileSync(file, source);
  return withoutCandidates(mainView(preprocessorOutput(source, file)), { temporaries });
}

const STRUCT_WITH_GAP = `struct s {\n  int a;\n${'\n'.repeat(12)}  int b;\n};\n`;

describe('withoutCandidates', () => {
  // Four items per row: jest takes a fourth parameter without an argument for `done`.
  it.each<[string, 'skip' | 'model', string, Record<string, string>]>([
    ['no array at all', 'skip', '#include <stdio.h>\nint f(int x) { return x + 1; }\n', {}],
    [
      'array parameters of a function that is not static (no caller is visible)',
      'skip',
      '#include <stdlib.h>\nvoid f(int a[4], double b[8][8]) { a[0] = 1; b[1][2] = 0; }\n',
      {},
    ],
    ['a file-scope array a function uses', 'skip', 'int g[4];\nint f(void) { return g[1]; }\n', {}],
    ['an extern array', 'skip', 'extern int e[];\nint f(void) { return e[0]; }\n', {}],
    [
      'a header struct whose lines the preprocessor renumbers (a marker inside it)',
      'skip',
      '#include "s.h"\nint f(struct s *p) { return p->a; }\n',
      { 's.h': STRUCT_WITH_GAP },
    ],
    ['a local array: a candidate', 'model', 'void f(void) { int t[4]; t[0] = 1; }\n', {}],
    [
      'a static local array (conservative)',
      'model',
      'int f(void) { static int t[4]; return t[0]; }\n',
      {},
    ],
    [
      'an array parameter of a static function (a temporary across calls)',
      'model',
      'static void f(int a[4]) { a[0] = 1; }\nvoid g(void) { int b[4]; f(b); }\n',
      {},
    ],
    [
      'an array parameter of a static function, even without a caller',
      'model',
      'static void f(int a[4]) { a[0] = 1; }\n',
      {},
    ],
    ['a K&R parameter declaration', 'model', 'void f(a) int a[10]; { a[0] = 1; }\n', {}],
    [
      'a local array declared by a macro (the model sees the expansion)',
      'model',
      '#define DECL(x) int x[4]\nvoid f(void) { DECL(t); t[0] = 1; }\n',
      {},
    ],
    [
      'a local array declared by a macro of a header',
      'model',
      '#include "d.h"\nvoid f(void) { DECL(t); t[0] = 1; }\n',
      { 'd.h': '#define DECL(x) int x[4]\n' },
    ],
    [
      'a promise in the file (a name that matches nothing is an error)',
      'model',
      '#pragma beeclak temporary(a)\nvoid f(int a[4]) { a[0] = 1; }\n',
      {},
    ],
    [
      'a promise out of a macro of a header (_Pragma)',
      'model',
      '#include "p.h"\nPROMISE\nvoid f(int x) { (void)x; }\n',
      { 'p.h': '#define PROMISE _Pragma("beeclak temporary(t)")\n' },
    ],
    [
      'a promise in a header',
      'model',
      '#include "p.h"\nvoid f(int x) { (void)x; }\n',
      { 'p.h': '#pragma beeclak temporary(t)\n' },
    ],
    ['a syntax error (the full path reports it)', 'model', 'void f(void) { int x = ; }\n', {}],
    [
      'a syntax error only after macro expansion',
      'model',
      '#define EMPTY = ;\nint y EMPTY\nint f(void) { return 0; }\n',
      {},
    ],
    [
      'a header included inside an initializer (not between top-level items)',
      'model',
      'const int tab[] = {\n#include "v.h"\n};\nint f(int i) { return tab[i]; }\n',
      { 'v.h': '1, 2, 3\n' },
    ],
    [
      'a function body out of a header',
      'model',
      'int f(int x)\n#include "body.h"\n',
      { 'body.h': '{ return x; }\n' },
    ],
    [
      'a header that does not parse on its own (its first error could be in the file)',
      'model',
      '#include "bad.h"\nint f(int x) { return x; }\n',
      { 'bad.h': 'int g(void) { return ; \n' },
    ],
  ])('%s: %s', (_what, expected, source, headers) => {
    expect(verdict(source, headers) ? 'skip' : 'model').toBe(expected);
  });

  it('a --temporary promise: the file is modelled (a promise may name a parameter)', () => {
    expect(verdict('void f(int a[4]) { a[0] = 1; }\n', {}, ['f:a'])).toBeUndefined();
  });

  it('the note names the functions whose array parameters are left, at the first one; headers are listed', () => {
    const r = verdict('#include "h.h"\n\nvoid f(int a[4]) { a[0] = 1; }\nvoid g(int b[2]) {}\n', {
      'h.h': 'int h;\n',
    });
    expect(r?.note.severity).toBe('note');
    expect(r?.note.loc.line).toBe(3);
    expect(r?.note.message).toContain('array parameters of f() and g()');
    expect(r?.includes.some((f) => f.endsWith(`${path.sep}h.h`))).toBe(true);
  });
});
