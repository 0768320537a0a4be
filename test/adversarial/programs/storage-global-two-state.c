/* trap: two functions share a file-scope array and the second reads what the first left: a value crosses between them
   expect: consume:work unchanged
   expect: produce:work unchanged */
#include <stdio.h>
#define N 16
static double work[N];
static void produce(int k) {
  for (int i = 0; i < N; i++) work[i] = (double)(i + k);
}
static double consume(void) {
  double s = 0;
  for (int i = 0; i < N; i++) s += work[i] * work[N - 1 - i];
  return s;
}
int main(void) {
  produce(3);
  printf("%.2f\n", consume());
  return 0;
}
