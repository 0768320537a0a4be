/**
 * A parameter value (-D n=8) on a kernel that assigns its parameter: the statement domains
 * are over-approximated and spell the access's own quotient name. Guards an internal error
 * ("existential '_q0' shadows a variable of the space", exit 70) when delinearization built
 * an access's instance set from such a domain.
 */
import { contract } from '../../src/index.js';

const SOURCE = `double kernel(int n, const double *in, double *out)
{
    double t[64];
    int i, j;
    for (i = 0; i < n; i++) {
        for (j = 0; j < 4; j++)
            t[(i * 4 + j) % 64] = in[i] * j;
        for (j = 0; j < 4; j++)
            out[i] += t[(i * 4 + 3 - j) % 64];
    }
    n = n - 1;
    return out[n];
}
`;

describe('a parameter value on a kernel that assigns the parameter', () => {
  it('is analysed without an internal error, and t stays (n is not the value given)', async () => {
    const result = await contract(SOURCE, { defines: { n: 8 } });
    const t = result.report.arrays.find((a) => a.name === 't')!;
    expect(['contracted', 'scalarized']).not.toContain(t.status);
    expect(result.code).toBe(SOURCE);
  });
});
