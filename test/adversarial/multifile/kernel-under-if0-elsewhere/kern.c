/* trap: helper.c names kern() only in #if 0 blocks, which no build compiles: no reason to
   keep t (inactive27: an #if 0 block refused it, BC1136)
   expect: kern:t contracted 3
*/
#define N 16
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    if (i >= 2) s += t[i] * t[i - 2];
  }
  return s;
}
