/* trap: probe.c (linked into the program, not given) reads the array after smooth() by a
   name split with a line splice, `wo\` / `rk`: the text search of the files outside the set
   found no `work` there, work was taken to be scratch of smooth() and scalarized, and
   main() printed 0.000000 for 14.000000 (adversary 2026-11-29e). Splices are joined first
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
