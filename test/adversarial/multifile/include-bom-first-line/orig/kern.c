/* trap: orig/host.c begins with a UTF-8 byte order mark and then `#include "kern.c"`: the
   compiler skips the mark, the index of includers read no directive on that line, took this
   file to be included by nothing and folded kern()'s t in place: main() reads buf[5] after
   the call and printed 58.000 for 68.250 (adversary 2026-11-29e)
   expect: kern:t unchanged [read-after-call]
   expect: kern:in unchanged [not-called]
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
