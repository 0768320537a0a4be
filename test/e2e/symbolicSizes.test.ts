/**
 * Sizes known only at run time: a mapping whose moduli are the extents saves nothing and is
 * not applied; sizes are printed with their precedence and simplified.
 */
import { analyze } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';

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
});
