/* trap: main.c includes dsp.h, which declares work extern, without using it: another unit names it, so it stays (conservative: a header declaration counts as a use)
   expect: smooth:work unchanged [external-linkage]
   expect: smooth:x unchanged
*/
#define N 64
float work[N];
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
