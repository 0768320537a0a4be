import { declaredArrays } from './scan.js';

const names = (src: string) => declaredArrays(src).map((a) => `${a.function ?? '-'}:${a.name}`);

describe('sample array-declaration scanner', () => {
  it('finds file-scope, local, static, initialised and nested-block arrays with their function', () => {
    const src = `
#include <stdio.h>
#define N 10 /* int fake[3]; */
double g[N];
static int f(const double in[N], int n) // int alsofake[2];
{
    int x, y, tot[4];
    static const int lut[4] = {1, 2, 3, 4};
    double *p = g, a[N][N], b = 0.0;
    for (x = 0; x < n; x++) { double blk[3]; blk[0] = in[x]; b += blk[0]; }
    printf("int s[3];\\n");
    return lut[0] + tot[0] + (int)p[0] + (int)a[0][0] + (int)b;
}
int main(void) { int q[2] = {0, 1}; return f(0, q[0]); }
`;
    expect(names(src)).toEqual(['-:g', 'f:tot', 'f:lut', 'f:a', 'f:blk', 'main:q']);
  });

  it('does not take parameters, pointers or calls for declarations', () => {
    // guards against counting `double in[N]` of a parameter list as a local array
    const src = 'void k(int n, double in[n][n], double *out) { double *p = out; p[0] = in[0][0]; }';
    expect(names(src)).toEqual([]);
  });
});
