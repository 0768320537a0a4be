/* trap: orig/host.c includes kernels.list, a file not named as a C source, which includes
   this file. Only .c/.h/... names were read for directives: this file was taken to be
   included by nothing, kern()'s t folded in place, and main() read buf[5] after the call:
   58.000 for 68.250 (adversary 2026-11-29e). A file some directive names is read
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
