/* post() gets the buffer after the call to kernel(), whose parameter is contracted; it reads
   the buffer under #ifdef DEBUG only. The decision read post()'s code for N == 16 and
   without DEBUG, so post() is guarded too, though none of its arrays changed: its guards
   must say whose arrays were contracted (they named post() as if its own had been). */
#include <stdio.h>
#ifndef N
#define N 16
#endif
static double kernel(double t[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t[i][j] = i + 0.5 * j + (i > 0 ? t[i - 1][j] : 0.0);
      s += t[i][j];
    }
  return s;
}
static void post(double t[N][N]) {
#ifdef DEBUG
  printf("dump %f\n", t[N - 1][3]);
#else
  puts("release");
#endif
}
int main(void) {
  double buf[N][N];
  double r = kernel(buf);
  post(buf);
  printf("%.2f\n", r);
  return 0;
}
