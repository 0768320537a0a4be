/* trap: peek.sx (preprocessed assembly, built with the set but not given) reads work[7]
   after smooth(): files named .sx were not read for names outside the set, work was taken
   to be scratch of smooth() and scalarized, and main() printed 0.000000 for 14.000000
   (adversary 2026-11-29e)
   expect: smooth:work unchanged [named-outside-set]
   expect: smooth:x unchanged
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
