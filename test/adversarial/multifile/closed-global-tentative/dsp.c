/* trap: a tentative definition of work in main.c too (one object under -fcommon; main.c reads it as its own): it stays
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
