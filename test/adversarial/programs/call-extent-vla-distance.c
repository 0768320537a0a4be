/* trap: a VLA parameter `double t[n]` receives 3n cells and reads three back: four cells of storage, whatever n is
   expect: kernel:t contracted 4 -- cells proved from the accesses: a constant private size
   expect: main:buf contracted 4 */
#include <stdio.h>
static double kernel(int n, double t[n]) {
  double s = 0;
  for (int i = 0; i < 3 * n; i++) {
    t[i] = i * 1.5;
    if (i >= 3) s += t[i - 3] * i;
  }
  return s;
}
int main(void) {
  double buf[30];
  printf("%.2f\n", kernel(10, buf));
  return 0;
}
