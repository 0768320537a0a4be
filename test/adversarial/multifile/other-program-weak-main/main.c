/* trap: this main() is weak: a file that defines main() beside the set may replace it
   expect: main:t unchanged
*/
#include <stdio.h>
double kern(double t[8]);
__attribute__((weak)) int main(void) {
  double t[8];
  printf("%f\n", kern(t));
  return 0;
}
