/* trap: orig/host.c has `#define kernel kern`, `#define KERN_FILE <kernel.c>`, `#include
   KERN_FILE`: the compiler expands the word kernel inside the <...> name and includes this
   file (built with -Iorig). The name was taken as spelled, kernel.c, no file of the set:
   this file was taken to be included by nothing, kern()'s t folded in place, and main() read
   buf[5] after the call: 58.000 for 68.250 (adversary 2026-11-29e). A <...> macro value
   holding a word some file defines may name any file
   expect: kern:t unchanged [included-by-other-file]
   expect: kern:in unchanged [included-by-other-file]
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
