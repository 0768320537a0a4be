/* trap: a file-scope scratch array only main() uses, with printf() between its write and its read: stdio may call back the program's functions a stream or a printf conversion was given, but never main() by name; refusing it as re-entered through printf lost the saving (no miscompile either way). A callback reaching main would have to take its address, which is seen
   expect: main:t scalarized
   expect: main:o unchanged [no-saving] */
#include <stdio.h>
static double t[32];
int main(void) {
  double o[32];
  for (int i = 0; i < 32; i++) {
    t[i] = i * 0.25;
    printf("%d\n", i);
    o[i] = t[i] + 1;
  }
  double s = 0;
  for (int i = 0; i < 32; i++) s += o[i];
  printf("%g\n", s);
  return 0;
}
