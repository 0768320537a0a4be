/* trap: a section placement (a linker script may name it): it stays
   expect: smooth:work unchanged [external-linkage]
   expect: smooth:x unchanged
*/
#define N 64
__attribute__((section(".data.scratch"))) float work[N];
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
