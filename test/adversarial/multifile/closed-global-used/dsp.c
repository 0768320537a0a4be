/* trap: __attribute__((used)) keeps work for code the set does not show: it stays
   expect: smooth:work unchanged [external-linkage]
   expect: smooth:x unchanged
*/
#define N 64
__attribute__((used)) float work[N];
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
