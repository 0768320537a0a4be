/**
 * Contracted parameters fold in place in their callers' buffers where the mapping folds row
 * by row (src/pipeline/wholeProgram/placement.ts); the private arrays that remain are new stack
 * (src/pipeline/wholeProgram/privateStack.ts): the private copies of one function must fit in
 * PRIVATE_STACK_BYTES together and have a size known at compile time. Guards adi at
 * EXTRALARGE_DATASET, whose contracted `v` (2000 x 1999 doubles, on the heap in the original)
 * became a private array of 32 MB on the stack and crashed the contracted program. Every
 * output compiles with -Wall -Werror and prints what the original prints.
 */
import { analyze, contract } from '../../src/index.js';
import {
  PRIVATE_STACK_BYTES,
  limitPrivateStack,
} from '../../src/pipeline/wholeProgram/privateStack.js';
import type { ArrayInfo, FunctionModel } from '../../src/model/types.js';
import { compileAndRun } from '../helpers/cc.js';
import { hasWarning } from '../helpers/codes.js';

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

// Guards issue 26's "never more memory": these scratch parameters used to get private copies
// on the kernel's stack (new memory; the larger ones were then given up by the stack limit).
// Their mappings fold row by row, so the kernel now indexes the caller's heap buffer in place:
// every one is contracted, no stack is used, the output is the same.
describe('scratch parameters fold in place instead of taking stack', () => {
  it.each([
    [[1000, 2000]],
    [[limitCells + 8]],
    [[Math.floor(limitCells * 0.6), Math.floor(limitCells * 0.5)]],
  ])('rows of %j doubles', async (cols) => {
    const source = program(cols);
    const report = await analyze(source);
    const arrays = cols.map((_, k) =>
      report.arrays.find((a) => a.function === 'kernel' && a.name === `t${k}`)!,
    );
    for (const a of arrays) {
      expect(a.status).toBe('contracted');
      expect(hasWarning(a, 'folded-in-place')).toBe(true);
      expect(hasWarning(a, 'private-array')).toBe(false);
    }
    const { code } = await contract(source);
    expect(code).not.toContain('private cop');
    const original = compileAndRun(source, 'original');
    const contracted = compileAndRun(code, 'contracted');
    expect(contracted.diagnostics).toBe('');
    expect(contracted.stdout).toBe(original.stdout);
    expect(contracted.stdout.length).toBeGreaterThan(0);
  });

  // PolyBench 3.2's durbin y and doitgen sum were refused: a private copy of a run-time size.
  it('a parameter of a run-time size folds in place', async () => {
    const source = `#include <stdlib.h>
#include <stdio.h>
static void kernel(int n, int m, double t[n][m], double out[n]) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++) t[i][j] = i + j;
    for (int j = 0; j < m; j++) s += t[i][j];
    out[i] = s;
  }
}
void run(int m, double out[3]) { double *t = malloc(sizeof(double) * 3 * m); kernel(3, m, (double (*)[m])t, out); free(t); }
int main(void) { double out[3]; run(7, out); printf("%g %g %g\\n", out[0], out[1], out[2]); return 0; }
`;
    const { code, report } = await contract(source);
    const t = report.arrays.find((a) => a.function === 'kernel' && a.name === 't')!;
    expect(t.status).toBe('contracted');
    expect(code).toContain('t[0][j]');
    const original = compileAndRun(source, 'original');
    const contracted = compileAndRun(code, 'contracted');
    expect(contracted.diagnostics).toBe('');
    expect(contracted.stdout).toBe(original.stdout);
  });
});

// The private arrays that remain (a mapping that does not fold row by row) are new stack:
// limitPrivateStack keeps them within the limit, largest given up first, and gives up a size
// known only at run time. Decisions made by hand: the mechanism, whatever mapping leads there.
describe('private arrays of parameters fit on the stack', () => {
  const decision = (name: string, cells: number | undefined) => {
    const fn = { name: 'kernel' } as FunctionModel;
    const d = {
      fn,
      array: { name, storage: 'parameter' } as ArrayInfo,
      placement: 'private' as const,
      ...(cells === undefined ? { symbolicModuli: [{ coeffs: { n: 1n }, constant: 0n }] } : {}),
    };
    return {
      d,
      cells: cells ?? 'n',
      ...(cells !== undefined ? { bytes: BigInt(cells * 8) } : {}),
    };
  };
  const dropped = (xs: ReturnType<typeof decision>[], limit?: bigint) =>
    limitPrivateStack(xs, limit);
  const run = (xs: ReturnType<typeof decision>[], limit?: bigint) => {
    const gone = dropped(xs, limit);
    return xs.filter((x) => !gone.has(x.d)).map((x) => x.d.array.name);
  };

  it.each([
    // [cells of each private array, kept]
    [
      [1000, 2000],
      ['a0', 'a1'],
    ],
    [[limitCells + 8], []],
    [[Math.floor(limitCells * 0.6), Math.floor(limitCells * 0.5)], ['a1']],
    [
      [limitCells / 2, limitCells / 2],
      ['a0', 'a1'],
    ],
  ])('private arrays of %j cells keep %j', (cells, kept) => {
    const xs = cells.map((c, k) => decision(`a${k}`, c));
    expect(run(xs)).toEqual(kept);
    const gone = dropped(xs);
    for (const x of xs.filter((x) => !kept.includes(x.d.array.name)))
      expect(gone.get(x.d)?.reason).toBe('private-stack-limit');
  });

  // Guards --private-stack (privateStackBytes): the limit was a constant.
  it('the limit is an option', () => {
    expect(run([decision('a0', 1000)], 4000n)).toEqual([]);
    expect(run([decision('a0', limitCells + 8)], 2n * PRIVATE_STACK_BYTES)).toEqual(['a0']);
  });

  it('a private array whose size is known only at run time is given up', () => {
    const x = decision('a0', undefined);
    expect(run([x])).toEqual([]);
    expect(dropped([x]).get(x.d)?.reason).toBe('private-stack-run-time-size');
  });
});
