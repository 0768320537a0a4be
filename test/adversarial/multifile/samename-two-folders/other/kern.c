/* trap: another folder's kern.c, which other/host.c includes (the same base name)
   expect: other_kern:t unchanged [read-after-call]
   expect: other_kern:in unchanged [pointer]
*/
static double other_kern(double t[M], const double *in) {
  double s = 0;
  for (int i = 0; i < M; i++) {
    t[i] = in[i] + 1;
    s += t[i];
  }
  return s;
}
