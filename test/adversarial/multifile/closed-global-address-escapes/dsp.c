/* trap: its address is stored in a global pointer main.c reads after the call
   expect: smooth:work unchanged
   expect: smooth:x unchanged
*/
#define N 64
float work[N];
float *work_view;
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
    work_view = work;
  }
  return s;
}
