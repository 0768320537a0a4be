/* trap: VLA buffers of run-time sizes (argc + 15, and argc: 1 cell) passed to another file's
   kernel
   expect: main:argv unchanged
   expect: main:in unchanged
   expect: main:buf unchanged
   expect: main:one unchanged
*/
#include <stdio.h>
double fill(int n, double t[n], const double *in);
int main(int argc, char **argv) {
  int n = argc + 15;
  double in[32], buf[n], one[argc];
  (void)argv;
  for (int i = 0; i < 32; i++) in[i] = i;
  printf("%f %f\n", fill(n, buf, in), fill(argc, one, in));
  return 0;
}
