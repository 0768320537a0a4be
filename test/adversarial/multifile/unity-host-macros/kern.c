/* trap: compiled only inside main.c, where N is 8 and FAST is defined at the inclusion (N is
   4 after it): sq is scalarized in the branch FAST takes, with a guard on that branch here
   (checked where main.c includes this file; another build without FAST stops)
   expect: energy:x unchanged
   expect: energy:sq scalarized
*/
static double energy(const double x[N]) {
  double sq[N], s = 0;
  for (int i = 0; i < N; i++) {
#ifdef FAST
    sq[i] = x[i] * x[i];
#else
    sq[i] = x[i];
#endif
    s += sq[i];
  }
  return s;
}
