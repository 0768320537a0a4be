/**
 * A hand-linearized array whose lifetime analysis on its linear subscripts overruns the
 * budget is analysed in its multi-dimensional view, the differences bounded in the linear
 * index (src/lifetime/linearView.ts). Guards issue 27: MachSuite nw's `M[row + a_idx]`,
 * `row = b_idx * (ALEN + 1)`, was `lifetime-budget` at the default work (the linear analysis
 * splinters into one piece per residue of the stride), and contracted only with 30 to 100
 * times the work.
 */
import { analyzeSource } from '../../src/pipeline/analysis.js';
import { analysisOptions } from '../helpers/analysisOptions.js';
import { codeOf } from '../../src/model/reasons.js';
import { contract } from '../../src/index.js';
import { compileAndRun } from '../helpers/cc.js';

// nw's shape: row 0 and column 0 first, then each cell from its three neighbours; the
// statements name `row` and `row_up`, not the loop counter (the view is not printable).
const nw = (n: number) => `
#define L ${n}
int kern(const char *a, const char *b) {
  int M[(L + 1) * (L + 1)];
  int i, j;
  for (i = 0; i < L + 1; i++) M[i] = -i;
  for (j = 0; j < L + 1; j++) M[j * (L + 1)] = -j;
  for (j = 1; j < L + 1; j++)
    for (i = 1; i < L + 1; i++) {
      int row_up = (j - 1) * (L + 1);
      int row = j * (L + 1);
      int s = a[i - 1] == b[j - 1] ? 1 : -1;
      int ul = M[row_up + (i - 1)] + s;
      int up = M[row_up + i] - 1;
      int le = M[row + (i - 1)] - 1;
      int m = ul > up ? ul : up;
      M[row + i] = m > le ? m : le;
    }
  return M[(L + 1) * (L + 1) - 1];
}
`;
const MAIN = `
#include <stdio.h>
int main(void) {
  char a[L], b[L];
  for (int k = 0; k < L; k++) { a[k] = "acgt"[k * 7 % 4]; b[k] = "acgt"[k * 5 % 3]; }
  printf("%d\\n", kern(a, b));
  return 0;
}
`;

describe('a linearized array analysed in its view when its own subscripts are too costly', () => {
  it('contracts nw-shaped M within a work its linear analysis overruns', async () => {
    const r = await analyzeSource(
      nw(16),
      'nw.c',
      analysisOptions({ compiler: false, workUnits: 100_000 }),
    );
    const m = r.report.arrays.find((a) => a.name === 'M')!;
    expect(m.code).toBeUndefined();
    expect(m.status).toBe('contracted');
    // The same modulus as the linear analysis finds with enough work (17 * 16 + 1).
    expect(m.mapping).toEqual({ M: [[1]], b: [273] });
    expect(m.ds?.exact).toBe(false);
  });

  it('the contracted program prints what the original does', async () => {
    const source = nw(16) + MAIN;
    const out = await contract(source, { file: 'nw.c', compiler: false, workUnits: 100_000 });
    expect(out.code).toContain('% 273]');
    const before = compileAndRun(source, 'nw_before');
    const after = compileAndRun(out.code, 'nw_after');
    expect(after.compiled).toBe(true);
    expect(after.stdout).toBe(before.stdout);
  });

  it('still refuses when the view overruns too', async () => {
    const r = await analyzeSource(
      nw(16),
      'nw.c',
      analysisOptions({ compiler: false, workUnits: 2_000 }),
    );
    expect(r.report.arrays.find((a) => a.name === 'M')!.code).toBe(codeOf('lifetime-budget'));
  });
});
