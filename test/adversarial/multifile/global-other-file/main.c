/* trap: reads the other file's globals after the calls
   expect: none
*/
#include <stdio.h>
#define N 8
extern double scratch[N];
extern double hist[N];
void fill(double t[N]);
double accumulate(const double *x);
static void report(void) { printf("%f %f\n", scratch[3], hist[2]); }
int main(void) {
  fill(scratch);
  double s = accumulate(scratch);
  report();
  printf("%f\n", s);
  return 0;
}
