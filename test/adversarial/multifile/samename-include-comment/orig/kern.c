/* trap: orig/host.c includes this file with a comment between `#include` and "kern.c", and is
   not given; other/kern.c (the same base name) is. The index of includers read a directive
   only with nothing between `include` and the name, took this file to be included by nothing,
   and folded kern()'s t in place: main() reads buf[5] after kern(buf, in) and printed 58.000
   for 68.250 (review 2026-11-29). A comment is one blank (cli/includeDirectives.ts): the file
   is read in its host, which reads the buffer after the call
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
