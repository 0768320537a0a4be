/**
 * Private arrays of contracted parameters are new stack (src/pipeline/privateStack.ts): the
 * private copies of one function must fit in PRIVATE_STACK_BYTES together and have a size
 * known at compile time. Guards adi at EXTRALARGE_DATASET, whose contracted `v` (2000 x 1999
 * doubles, on the heap in the original) became a private array of 32 MB on the stack and
 * crashed the contracted program. Every output compiles with -Wall -Werror and prints what
 * the original prints.
 */
import { analyze, contract } from '../../src/index.js';
import { PRIVATE_STACK_BYTES } from '../../src/pipeline/privateStack.js';
import { compileAndRun } from '../helpers/cc.js';

/** A kernel with scratch parameters of `rows` x `cols[k]` doubles, each row consumed at once. */
function program(cols: number[]): string {
  const names = cols.map((_, k) => `t${k}`);
  const params = names.map((t, k) => `double ${t}[4][${cols[k]}]`).join(', ');
  const body = names
    .map(
      (t, k) =>
        `    for (int j = 0; j < ${cols[k]}; j++) ${t}[i][j] = (i + 1) * (j % 5);\n` +
        `    for (int j = 0; j < ${cols[k]}; j++) s += ${t}[i][j];\n`,
    )
    .join('');
  const decls = names
    .map((t, k) => `  double (*${t})[4][${cols[k]}] = malloc(sizeof *${t});\n`)
    .join('');
  return `#include <stdio.h>
#include <stdlib.h>
static void kernel(${params}, double out[4]) {
  for (int i = 0; i < 4; i++) {
    double s = 0;
${body}    out[i] = s;
  }
}
int main(void) {
${decls}  double out[4];
  kernel(${names.map((t) => `*${t}`).join(', ')}, out);
${names.map((t) => `  free(${t});\n`).join('')}  for (int i = 0; i < 4; i++) printf("%.1f\\n", out[i]);
  return 0;
}
`;
}

const limitCells = Number(PRIVATE_STACK_BYTES) / 8;

describe('private arrays of parameters fit on the stack', () => {
  it.each([
    // [row lengths, expected status per array]
    [
      [1000, 2000],
      ['contracted', 'contracted'],
    ],
    // One row alone is more than the limit.
    [[limitCells + 8], ['unchanged']],
    // Each fits, not both: the larger is given up, the smaller kept.
    [
      [Math.floor(limitCells * 0.6), Math.floor(limitCells * 0.5)],
      ['unchanged', 'contracted'],
    ],
    // Exactly the limit together: kept.
    [
      [limitCells / 2, limitCells / 2],
      ['contracted', 'contracted'],
    ],
  ])('rows of %j doubles', async (cols, expected) => {
    const source = program(cols);
    const report = await analyze(source);
    const statuses = cols.map((_, k) =>
      report.arrays.find((a) => a.function === 'kernel' && a.name === `t${k}`)!,
    );
    expect(statuses.map((a) => a.status)).toEqual(expected);
    for (const a of statuses.filter((x) => x.status === 'unchanged')) {
      expect(a.reason).toMatch(/would be on the stack of kernel\(\)/);
      expect(a.compressedCells).toBe(a.originalCells);
      expect(a.warnings.join(' ')).not.toContain('gets a private array');
    }
    for (const a of statuses.filter((x) => x.status === 'contracted'))
      expect(a.warnings.join(' ')).toContain('gets a private array');
    const { code } = await contract(source);
    const original = compileAndRun(source, 'original');
    const contracted = compileAndRun(code, 'contracted');
    expect(contracted.diagnostics).toBe('');
    expect(contracted.stdout).toBe(original.stdout);
    expect(contracted.stdout.length).toBeGreaterThan(0);
  });

  // Guards --private-stack (privateStackBytes): the limit was a constant. A lower limit
  // gives up a copy that fits the default; a higher one keeps a copy over the default.
  it('the limit is an option', async () => {
    const status = async (cols: number[], privateStackBytes?: number) =>
      (
        await analyze(program(cols), privateStackBytes === undefined ? {} : { privateStackBytes })
      ).arrays.find((a) => a.function === 'kernel' && a.name === 't0')!;
    expect((await status([1000])).status).toBe('contracted');
    const low = await status([1000], 4000);
    expect(low.status).toBe('unchanged');
    expect(low.reason).toMatch(/more than 4000 \(.*--private-stack sets the limit\)/);
    expect((await status([limitCells + 8])).status).toBe('unchanged');
    expect((await status([limitCells + 8], 2 * Number(PRIVATE_STACK_BYTES))).status).toBe(
      'contracted',
    );
  });

  it('a private array whose size is known only at run time is given up', async () => {
    const source = `#include <stdlib.h>
static void kernel(int n, int m, double t[n][m], double out[n]) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++) t[i][j] = i + j;
    for (int j = 0; j < m; j++) s += t[i][j];
    out[i] = s;
  }
}
void run(int m, double out[3]) { double *t = malloc(sizeof(double) * 3 * m); kernel(3, m, (double (*)[m])t, out); free(t); }
`;
    const t = (await analyze(source)).arrays.find(
      (a) => a.function === 'kernel' && a.name === 't',
    )!;
    expect(t.status).toBe('unchanged');
    expect(t.reason).toContain('with a size known only at run time');
  });
});
