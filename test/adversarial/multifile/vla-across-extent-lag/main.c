/* trap: the extent of another file's VLA, and its lag with it, known only at run time
   expect: main:argv unchanged
   expect: main:in unchanged
*/
#include <stdio.h>
double half(int n, const double *in);
int main(int argc, char **argv) {
  double in[32];
  (void)argv;
  for (int i = 0; i < 32; i++) in[i] = i;
  printf("%f %f\n", half(argc + 9, in), half(argc, in));
  return 0;
}
