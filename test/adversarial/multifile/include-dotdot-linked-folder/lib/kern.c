/* trap: app is a link to lib/sub; app/host.c includes "../kern.c", which the system opens
   as lib/sub/../kern.c: this file, not the kern.c beside app. The name was resolved as
   written (path.resolve: app/../kern.c is ./kern.c, another unit's file): this file was
   taken to be included by nothing, kern()'s t folded in place, and main() read buf[5] after
   the call: 58.000 for 68.250 (adversary 2026-11-29e). The name is joined as the compiler
   opens it. Since the set's files are named through their real folders (branch noticed), this
   file is read as lib/sub/host.c builds it, and main()'s read of buf keeps t
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
