/* trap: compiled only inside main.c, whose main() reads t after total() returns: t is no
   temporary (the calls of the includer count, not only twice()'s, which reads nothing after)
   expect: total:in unchanged
   expect: total:t unchanged [read-after-call]
   expect: twice:in unchanged
   expect: twice:tmp unchanged
*/
static double total(const double in[N], double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * in[i];
    s += t[i];
  }
  return s;
}

static double twice(const double in[N]) {
  double tmp[N];
  return 2 * total(in, tmp);
}
