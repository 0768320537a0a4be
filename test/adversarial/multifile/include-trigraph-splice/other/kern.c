/* trap: another folder's kern.c, a unit of its own (the same base name as orig/kern.c)
   expect: other_kern:t scalarized
   expect: other_kern:in unchanged [pointer]
   expect: other_main:in unchanged [passed-to-call]
*/
static double other_kern(const double *in) {
  double t[4], s = 0;
  for (int i = 0; i < 4; i++) {
    t[i] = in[i] + 1;
    s += t[i];
  }
  return s;
}
double other_main(void) {
  double in[4] = {1, 2, 3, 4};
  return other_kern(in);
}
