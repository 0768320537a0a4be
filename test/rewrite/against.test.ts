/**
 * `check --against`: the owner check of a file folded by hand (slots as written), each
 * access told which original cell it stands for.
 */
import { instrument } from '../../src/rewrite/instrument.js';
import { RewriteError } from '../../src/rewrite/plan.js';
import { compileAndRun } from './compileRun.js';
import { makePlan, type ArraySpec } from './planBuilder.js';

// A line buffer: row y of tmp is read by the stencils of rows y, y+1 and y+2.
function linebuf(rows: string, fold: (index: string) => string): string {
  return `#include <stdio.h>
#define H 9
#define W 5
int main(void) {
  double tmp${rows}[W];
  double sum = 0;
  int x, y;
  for (y = 0; y < H; y++) {
    for (x = 0; x < W; x++)
      tmp[${fold('y')}][x] = y * 3.0 + x;
    if (y >= 2)
      for (x = 0; x < W; x++)
        sum = sum * 0.5 + tmp[${fold('y - 2')}][x] + 2.0 * tmp[${fold('y - 1')}][x] + tmp[${fold('y')}][x];
  }
  printf("%.6f\\n", sum);
  return 0;
}
`;
}

function linebufArray(rows: string, fold: (index: string) => string): ArraySpec {
  const write = `tmp[${fold('y')}][x]`;
  return {
    name: 'tmp',
    declarator: `tmp${rows}[W]`,
    declaration: `double tmp${rows}[W];`,
    extents: ['H', 'W'],
    rows: [],
    accesses: [
      {
        at: write,
        kind: 'write',
        ranges: [],
        original: ['y', 'x'],
        statement: `${write} = y * 3.0 + x;`,
      },
      { at: `tmp[${fold('y - 2')}][x]`, kind: 'read', ranges: [], original: ['y - 2', 'x'] },
      { at: `tmp[${fold('y - 1')}][x]`, kind: 'read', ranges: [], original: ['y - 1', 'x'] },
      { at: write, n: 1, kind: 'read', ranges: [], original: ['y', 'x'] },
    ],
  };
}

const original = linebuf('[H]', (i) => i);

function checked(rows: string, fold: (index: string) => string): string {
  const folded = linebuf(rows, fold);
  const plan = makePlan(folded, [linebufArray(rows, fold)]);
  return instrument({ ...plan, fileName: 'folded.c', slots: 'as-written' }).text;
}

describe('instrumenting a hand-folded file', () => {
  test('a right fold (3 rows) passes and prints what the original prints', async () => {
    const fold = (i: string) => `(${i}) % 3`;
    const [expected, plain, shadow] = await Promise.all([
      compileAndRun('linebuf', original),
      compileAndRun('folded', linebuf('[3]', fold)),
      compileAndRun('checked', checked('[3]', fold)),
    ]);
    expect(expected.code).toBe(0);
    expect(plain).toEqual(expected);
    expect(shadow).toEqual(expected);
  });

  test('a wrong fold (2 rows) is reported with both cells and their difference', async () => {
    const shadow = await compileAndRun(
      'checked',
      checked('[2]', (i) => `(${i}) % 2`),
    );
    expect(shadow.code).toBe(97);
    expect(shadow.stderr.trim()).toBe(
      'folded.c:13: beeclak check: clobbered read of tmp[0][0]: slot last written for tmp[2][0] (difference [-2, 0])',
    );
  });

  // A scalar in the folded file is accessed without brackets.
  test('a folded scalar (no brackets) still maps to its original cells', async () => {
    const folded = `#include <stdio.h>
int main(void) {
  int sum;
  sum = 1;
  for (int i = 1; i < 20; i++) sum = (sum * 7 + i) % 1009;
  printf("%d\\n", sum);
  return 0;
}
`;
    const array: ArraySpec = {
      name: 'sum',
      declarator: 'sum',
      declaration: 'int sum;',
      extents: ['20'],
      rows: [],
      accesses: [
        { at: 'sum', n: 1, kind: 'write', ranges: [], original: ['0'], statement: 'sum = 1;' },
        {
          at: 'sum',
          n: 2,
          kind: 'write',
          ranges: [],
          original: ['i'],
          statement: 'sum = (sum * 7 + i) % 1009;',
        },
        { at: 'sum', n: 3, kind: 'read', ranges: [], original: ['i - 1'] },
        { at: 'sum', n: 4, kind: 'read', ranges: [], original: ['19'] },
      ],
    };
    const text = instrument({
      ...makePlan(folded, [array]),
      fileName: 'f.c',
      slots: 'as-written',
    }).text;
    const [plain, shadow] = await Promise.all([
      compileAndRun('plain', folded),
      compileAndRun('checked', text),
    ]);
    expect(plain.code).toBe(0);
    expect(shadow).toEqual(plain);
  });

  test('refused without the original index texts', () => {
    const fold = (i: string) => `(${i}) % 3`;
    const folded = linebuf('[3]', fold);
    const spec = linebufArray('[3]', fold);
    const plan = makePlan(folded, [
      { ...spec, accesses: spec.accesses.map((a) => ({ ...a, original: undefined })) },
    ]);
    expect(() => instrument({ ...plan, fileName: 'f.c', slots: 'as-written' })).toThrow(
      RewriteError,
    );
  });
});
