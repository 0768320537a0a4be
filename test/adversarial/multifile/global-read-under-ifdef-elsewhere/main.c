/* trap: the program; no array of its own
   expect: none
*/
#include <stdio.h>
double kern(void);
double helper(void);
int main(void) {
  double s = kern();
  s += helper();
  printf("%.3f\n", s);
  return 0;
}
