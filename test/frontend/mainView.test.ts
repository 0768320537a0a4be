/**
 * The main file's part of the unit (src/frontend/mainView.ts): when its parse stands for
 * the unit's, the model is built without parsing or walking the headers (issue 17: most of
 * the time per file). Each row says what a wrong verdict would do: "main" rows guard the
 * speed-up, "unit" rows guard a model that would lose something a header declares.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preprocessorOutput } from '../../src/frontend/preprocess.js';
import { mainView, standsForUnit } from '../../src/frontend/mainView.js';
import { buildCompilerModel } from '../../src/frontend/compilerView.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-mainview-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function write(source: string, headers: Record<string, string>): string {
  const sub = path.join(dir, `case${n++}`);
  fs.mkdirSync(sub);
  for (const [name, text] of Object.entries(headers)) fs.writeFileSync(path.join(sub, name), text);
  const file = path.join(sub, 't.c');
  fs.writeFileSync(file, source);
  return file;
}

const LOCAL =
  'void f(int *o) { int t[N]; for (int i = 0; i < N; i++) { t[i] = i; o[i] = t[i]; } }\n';

describe('mainView / standsForUnit', () => {
  // Four items per row: jest takes a fourth parameter without an argument for `done`.
  it.each<[string, 'main' | 'unit', string, Record<string, string>]>([
    ['system headers only', 'main', `#include <stdio.h>\n#define N 4\n${LOCAL}`, {}],
    [
      'a header whose names the file does not spell',
      'main',
      `#include "h.h"\n#define N 4\n${LOCAL}`,
      { 'h.h': 'enum { A = 1 };\nextern int table[8];\nconst int K = 3;\n' },
    ],
    [
      "a size that is a header's enumerator (a constant of the model)",
      'unit',
      `#include "h.h"\n${LOCAL}`,
      { 'h.h': 'enum { N = 8 };\n' },
    ],
    [
      "a size that is a header's const integer",
      'unit',
      `#include "h.h"\n${LOCAL}`,
      { 'h.h': 'static const int N = 8;\n' },
    ],
    [
      "a header's file-scope array the file uses (a global of the model)",
      'unit',
      '#include "h.h"\nint f(int i) { int t[2]; t[0] = table[i]; return t[0]; }\n',
      { 'h.h': 'extern int table[8];\n' },
    ],
    // Guards the spelled names of the main text: GNU C allows `$` in names, and read as
    // `table` the use of `table$` did not count, so the header's array was left out.
    [
      "a header's file-scope array whose name has a $ (GNU C)",
      'unit',
      '#include "h.h"\nint f(int i) { int t[2]; t[0] = table$[i]; return t[0]; }\n',
      { 'h.h': 'extern int table$[8];\n' },
    ],
    // Guards the multi-file modes (issue 27, item 4): a loop counter of a header's typedef
    // was "not of a known integer type" in --check/--list/-i, fine in `contract FILE`.
    [
      "a header's typedef the file spells (a loop counter's type)",
      'unit',
      '#include "h.h"\nvoid f(int *o) { int t[4]; for (idx_t i = 0; i < 4; i++) { t[i] = i; o[i] = t[i]; } }\n',
      { 'h.h': 'typedef int idx_t;\n' },
    ],
    [
      'a promise in a header',
      'unit',
      `#include "h.h"\n#define N 4\n${LOCAL}`,
      { 'h.h': '#pragma beeclak temporary(t)\n' },
    ],
    [
      'a syntax error in the file (the unit decides where the first error is)',
      'unit',
      '#include <stdio.h>\nvoid f(void) { int t[4]; t[0] = ; }\n',
      {},
    ],
    [
      'a header that does not parse on its own',
      'unit',
      `#include "h.h"\n#define N 4\n${LOCAL}`,
      { 'h.h': 'int g(void) { return ; \n' },
    ],
    // Guards unity builds (issue 27): the included .c file's functions call the main
    // file's; read from the main text alone, their calls were lost (a buffer read after the
    // call went unseen: test/adversarial/multifile/unity-host-reads-after).
    [
      'an included .c file (a unity build)',
      'unit',
      `#include "k.c"\n#define N 4\n${LOCAL}`,
      { 'k.c': 'static int k(void) { return 1; }\n' },
    ],
    [
      'a header included inside a function',
      'unit',
      'int f(void) {\n#include "h.h"\n  return x;\n}\n',
      { 'h.h': 'int x = 1;\n' },
    ],
  ])('%s: %s', (_what, expected, source, headers) => {
    const file = write(source, headers);
    const view = mainView(preprocessorOutput(source, file));
    expect(standsForUnit(view, []) ? 'main' : 'unit').toBe(expected);
  });

  it('a --temporary promise: the unit is parsed', () => {
    const source = `#include <stdio.h>\n#define N 4\n${LOCAL}`;
    const view = mainView(preprocessorOutput(source, write(source, {})));
    expect(standsForUnit(view, ['f:t'])).toBe(false);
  });

  it("the model knows a header's constant as before (the unit is parsed for it)", () => {
    const source = `#include "h.h"\n${LOCAL}`;
    const file = write(source, { 'h.h': 'enum { N = 8 };\n' });
    const t = buildCompilerModel(source, file).model.functions[0]!.arrays.find(
      (a) => a.name === 't',
    )!;
    expect(t.extents[0]?.value).toBe(8n);
    expect(t.candidate).toBe(true);
  });

  // One reading for one file and for many (issue 27, item 4): the model of a run over many
  // files (skipWithoutCandidates, the main view) is the model of `contract FILE`. Guards a
  // header's typedef missing from the main view's parse.
  it.each<[string, string, Record<string, string>]>([
    [
      'a counter of a header typedef',
      '#include "h.h"\nvoid f(int *o) { int t[4]; for (idx_t i = 0; i < 4; i++) { t[i] = i; o[i] = t[i]; } }\n',
      { 'h.h': 'typedef int idx_t;\n' },
    ],
    [
      'a cast to a header typedef',
      '#include "h.h"\nvoid f(int *o) { int t[4]; for (int i = 0; i < 4; i++) { t[(idx_t)i] = i; o[i] = t[i]; } }\n',
      { 'h.h': 'typedef int idx_t;\n' },
    ],
    ['system headers only', `#include <stdio.h>\n#define N 4\n${LOCAL}`, {}],
  ])('the same model for one file and for many: %s', (_what, source, headers) => {
    const file = write(source, headers);
    const shown = (skip: boolean) =>
      JSON.stringify(
        buildCompilerModel(source, file, { skipWithoutCandidates: skip }).model.functions,
        (_k, v) => (typeof v === 'bigint' ? `${v}n` : v),
      );
    expect(shown(true)).toBe(shown(false));
  });

  it('offsets are those of the unit: locations in the file are right with headers before', () => {
    const source = `#include <stdlib.h>\n#include <stdio.h>\n#define N 4\n\n${LOCAL}`;
    const fm = buildCompilerModel(source, write(source, {})).model.functions[0]!;
    expect(fm.loc.line).toBe(5);
    expect(fm.arrays.find((a) => a.name === 't')!.loc).toEqual({ line: 5, column: 22 });
  });
});
