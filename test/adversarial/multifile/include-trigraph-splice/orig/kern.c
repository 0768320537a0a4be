/* trap: orig/host.c includes this file as `#inc` / `lude "kern.c"` joined by a trigraph
   line splice (two question marks and a slash ending the first line), which the build
   reads (it compiles with -trigraphs, as -std=c11 does); the index of includers read no
   directive there, took this file to be included by nothing and folded
   kern()'s t in place: main() reads buf[5] after the call and printed 58.000 for 68.250
   (adversary 2026-11-29e). The file is now read both ways (trigraph splices joined or not);
   the host, which beeclak's GNU reading cannot preprocess, keeps it as written
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
