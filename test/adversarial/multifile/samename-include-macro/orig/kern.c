/* trap: the file orig/host.c includes through a macro (`#define KERN_FILE "kern.c"` /
   `#include KERN_FILE`); orig/host.c is not given, other/kern.c (the same base name) is. The
   index of includers did not read a macro's include, took this file to be included by
   nothing, and folded kern()'s t, whose only visible caller is kern_sum(), in place: main()
   reads buf[5] after kern(buf, in) and printed 58.000 for 68.250 (review 2026-11-29). A macro
   the file defines once, unconditionally, as a string names that file (cli/includeDirectives.ts):
   the file is read in its host
   expect: kern:t unchanged [configuration-unguarded]
   expect: kern:in unchanged [configuration-unguarded]
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
