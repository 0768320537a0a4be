/* trap: square VLA buffers of run-time sizes passed to another file's kernel
   expect: main:argv unchanged
   expect: main:in unchanged
   expect: main:buf unchanged
   expect: main:small unchanged
*/
#include <stdio.h>
double wave(int n, double t[n][n], const double *in);
int main(int argc, char **argv) {
  int n = argc + 3;
  double in[32], buf[n][n], small[argc][argc];
  (void)argv;
  for (int i = 0; i < 32; i++) in[i] = i;
  printf("%f %f\n", wave(n, buf, in), wave(argc, small, in));
  return 0;
}
