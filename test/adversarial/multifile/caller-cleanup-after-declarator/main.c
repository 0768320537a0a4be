/* trap: the caller's cleanup function reads the buffer after the call (a declaration the
   parser does not read: main() is not analysed)
   expect: none */
#include <stdio.h>
#define N 16
double kern(double t[N], const double *in);
static void show(double (*p)[N]) { printf("last %.3f\n", (*p)[N - 1]); }
int main(void) {
  double in[N];
  for (int i = 0; i < N; i++)
    in[i] = i % 5 + 1;
  {
    double t[N] __attribute__((cleanup(show)));
    printf("%.3f\n", kern(t, in));
  }
  return 0;
}
