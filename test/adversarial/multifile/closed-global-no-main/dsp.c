/* trap: no main() in the set and no --closed-world: another program may name work, so the file is not even analysed (no candidate)
   expect: none
*/
#define N 64
float work[N];
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
