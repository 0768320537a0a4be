/**
 * Vectorization assertions over a loop (src/frontend/escapes.ts SHARING_PRAGMAS). A folded
 * array adds dependences between iterations (`t[i % 2]` written in one, read in the next);
 * `#pragma GCC ivdep` and its kin tell the compiler there are none. Guards: before
 * 2026-11-26 such arrays were contracted, and the program below built with
 * `gcc -O3 -march=native` computed 16876342 instead of 16795382. The run itself cannot be a
 * test (it depends on the machine's vector units): the decision is.
 */
import { analyze } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';

const program = (pragma: string) => `#include <stdio.h>
#define N 1024
static void kernel(const float *in, float *out)
{
    float t[N];
    t[0] = in[0];
${pragma}
    for (int i = 1; i < N; i++) {
        t[i] = in[i] * 2.0f;
        out[i] = t[i] + t[i - 1];
    }
}
int main(void)
{
    static float in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = (float)(i % 17);
    kernel(in, out);
    double s = 0;
    for (int i = 0; i < N; i++) s += out[i] * (i + 1);
    printf("%f\\n", s);
    return 0;
}
`;

async function decision(pragma: string) {
  const report = await analyze(program(pragma), { file: 'vector.c' });
  return report.arrays.find((a) => a.name === 't')!;
}

describe('a loop under a vectorization assertion keeps its arrays', () => {
  it.each([
    '#pragma GCC ivdep',
    '#pragma ivdep',
    '#pragma simd',
    '#pragma loop(ivdep)',
    '#pragma clang loop vectorize(assume_safety)',
    '_Pragma("GCC ivdep")',
    '#  pragma GCC \\\n ivdep',
  ])('%s', async (pragma) => {
    const t = await decision(pragma);
    expect(t.status).toBe('unchanged');
    expect(t.code).toBe(codeOf('shared-by-threads'));
  });

  it.each([
    '',
    '#pragma GCC unroll 4',
    '#pragma clang loop unroll(enable)',
    '#pragma GCC novector',
  ])('not under %j: contracted', async (pragma) => {
    expect((await decision(pragma)).status).toBe('contracted');
  });
});
