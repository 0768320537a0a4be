/* trap: a volatile global (a device or another thread may read it): it stays
   expect: smooth:work unchanged
   expect: smooth:x unchanged
*/
#define N 64
volatile float work[N];
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
