/* trap: app/host.c includes this file through inc/all.h, a header the text index of
   includes never reads (its folder is no folder of the command line): only the compiler's
   line markers of app/host.c's unit show it. Taken for included by nothing, kern()'s t
   would be folded in place while main() reads buf[5] after the call (review 2026-11-29)
   expect: kern:t unchanged [read-after-call]
   expect: kern:in unchanged [read-after-call]
   expect: kern_sum:in unchanged [passed-to-call]
   expect: kern_sum:t unchanged [passed-to-call]
*/
static double kern(double t[8], const double in[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) {
    t[i] = in[i] * 2;
    s += t[i];
  }
  return s;
}
double kern_sum(const double in[8]) {
  double t[8];
  return kern(t, in);
}
