/* trap: compiled only inside main.c, which sets LAG unless the build does (-DLAG=2): t's
   guard lands here, in the included file, and stops the host's build with another LAG
   build also: -DLAG=2
   expect: lagged:in unchanged
   expect: lagged:t contracted 2
*/
static double lagged(const double in[16]) {
  double t[16], s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = in[i] * 1.5;
    if (i >= LAG) s += t[i - LAG];
  }
  return s;
}
