/* trap: the extent of another file's VLA, known only at run time (and 1 for a tiny call)
   expect: main:argv unchanged
   expect: main:in unchanged
*/
#include <stdio.h>
double smooth(int n, const double *in);
int main(int argc, char **argv) {
  double in[32];
  (void)argv;
  for (int i = 0; i < 32; i++) in[i] = i;
  printf("%f %f\n", smooth(argc + 15, in), smooth(argc, in));
  return 0;
}
