/* trap: an initializer: the first call sees its values
   expect: smooth:work unchanged
   expect: smooth:x unchanged
*/
#define N 64
float work[N] = {1.0f};
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
