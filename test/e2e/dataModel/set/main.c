#include <stdio.h>
void kernel(double t[4][16], double out[4]);
int main(void) {
  double t[4][16], out[4];
  kernel(t, out);
  for (int i = 0; i < 4; i++) printf("%.1f\n", out[i]);
  return 0;
}
