/* trap: the buffers are globals with external linkage: main.c passes one and reads it
   after the call, and report() of main.c reads the other
   expect: fill:t unchanged [buffer-not-analysable]
   expect: accumulate:hist unchanged [external-linkage]
   expect: accumulate:x unchanged
*/
#define N 8
double scratch[N];
double hist[N];
void fill(double t[N]) {
  for (int i = 0; i < N; i++) t[i] = i + 0.5;
  for (int i = 1; i < N; i++) t[i] += t[i - 1];
}
double accumulate(const double *x) {
  double s = 0;
  for (int i = 0; i < N; i++) hist[i] = x[i] * 2.0;
  for (int i = 0; i < N; i++) s += hist[i];
  return s;
}
