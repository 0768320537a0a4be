/* trap: the write goes through `?:` choosing between t and another array; t keeps the caller's value
   expect: kernel:t unchanged [used-as-pointer]
   expect: kernel:other unchanged [file-scope]
   expect: main:buf unchanged */
#include <stdio.h>
#define N 8
static double other[N];
static double kernel(double t[N], int which) {
  for (int i = 0; i < N; i++) (which ? t : other)[i] = i;
  double s = 0;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
int main(void) {
  double buf[N];
  for (int i = 0; i < N; i++) buf[i] = 100 + i;
  printf("%.2f\n", kernel(buf, 0));
  return 0;
}
