/* trap: orig/host.c includes this file through `#include KERN` where KERN is "stub.h" under
   USE_STUB and else `#define KERN KERN_DEFAULT`, KERN_DEFAULT "kern.c". Only the header-name
   definition was read (stub.h): this file was taken to be included by nothing, kern()'s t
   folded in place, and main() read buf[5] after the call: 58.000 for 68.250 (adversary
   2026-11-29e). A macro defined to another macro names what that one names
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
