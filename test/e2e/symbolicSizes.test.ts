/**
 * Sizes known only at run time: a mapping whose moduli are the extents saves nothing and is
 * not applied; sizes are printed with their precedence and simplified.
 */
import { analyze, contract } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';
import { compileAndRun } from '../helpers/cc.js';

/** codec2's Levinson-Durbin (lpc.c), its order a run-time parameter, run at orders 0 to 12. */
const LEVINSON = `#include <stdio.h>
void levinson_durbin(float R[], float lpcs[], int order) {
  float a[order + 1][order + 1];
  float sum, e, k;
  int i, j;
  e = R[0];
  for (i = 1; i <= order; i++) {
    sum = 0.0;
    for (j = 1; j <= i - 1; j++) sum += a[i - 1][j] * R[i - j];
    k = -1.0 * (R[i] + sum) / e;
    if (k > 1.0) k = 0.0;
    a[i][i] = k;
    for (j = 1; j <= i - 1; j++) a[i][j] = a[i - 1][j] + k * a[i - 1][i - j];
    e *= (1 - k * k);
  }
  for (i = 1; i <= order; i++) lpcs[i] = a[order][i];
  lpcs[0] = 1.0;
}
int main(void) {
  float R[13], l[13];
  for (int i = 0; i < 13; i++) R[i] = 1.0f / (i + 1) + (i % 3) * 0.01f;
  for (int order = 0; order <= 12; order++) {
    levinson_durbin(R, l, order);
    for (int i = 0; i <= order; i++) printf("%d %d %.9g\\n", order, i, l[i]);
  }
  return 0;
}
`;

describe('symbolic sizes', () => {
  // Guards `mean[x0 mod maxgrid][x1 mod maxgrid]`: moduli spelled `maxgrid` against extents
  // spelled `maxgrid + 0` were compared as text, so a mapping that keeps every cell was applied.
  it('moduli equal to the extents (as affine forms) leave the array unchanged', async () => {
    const r = await analyze(`void kernel(int maxgrid, double out[10]) {
  double mean[maxgrid + 0][maxgrid + 0];
  for (int i = 0; i < maxgrid; i++)
    for (int j = 0; j < maxgrid; j++) mean[i][j] = i + j;
  for (int i = 0; i < maxgrid; i++)
    for (int j = 0; j < maxgrid; j++) out[0] += mean[j][i];
}
`);
    const mean = r.arrays.find((a) => a.name === 'mean')!;
    expect(mean.status).toBe('unchanged');
    expect(mean.code).toBe(codeOf('no-saving'));
    expect(mean.originalCells).toBe('maxgrid*maxgrid');
  });

  // Guards `maxgrid + 0*maxgrid + 0` for (maxgrid + 0) * (maxgrid + 0).
  it('cell counts keep their precedence: (n + 1)*m', async () => {
    const r = await analyze(`void kernel(int n, int m, double out[10]) {
  double t[n + 1][m];
  for (int i = 0; i <= n; i++) {
    for (int j = 0; j < m; j++) t[i][j] = i * j;
    for (int j = 0; j < m; j++) out[0] += t[i][j];
  }
}
`);
    const t = r.arrays.find((a) => a.name === 't')!;
    expect(t.originalCells).toBe('(n + 1)*m');
    expect(t.status).toBe('contracted');
    expect(t.compressedCells).toBe('m');
  });

  // Guards the refusal of codec2's a[order + 1][order + 1] as unbounded (no symbolic bound
  // was proved where DS holds only d = 0): two rows of order + 1, the same outputs.
  it('Levinson-Durbin with a run-time order keeps two rows', async () => {
    const r = await contract(LEVINSON, { file: 'lpc.c' });
    expect(r.code).toContain('float a[2][order + 1];');
    expect(r.code).toContain('a[i % 2][j] = a[(i - 1) % 2][j]');
    const before = compileAndRun(LEVINSON, 'lpc');
    const after = compileAndRun(r.code, 'lpc_contracted');
    expect(after.compiled).toBe(true);
    expect(before.stdout.split('\n').length).toBeGreaterThan(90);
    expect(after.stdout).toBe(before.stdout);
  });
});
