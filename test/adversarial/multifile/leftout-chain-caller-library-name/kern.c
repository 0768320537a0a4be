/* trap: kern's only call comes from main() through stage() of stage.c, which passes its
   parameter on; main() then hands the buffer to explicit_bzero(), which this set defines
   itself (wipe.c) and which reads it. kern.c's view of the set holds main() (a caller of
   the forwarder) but not what main() calls: a function of the set left out of the view was
   read as the C library's explicit_bzero (reads nothing, keeps nothing), and t was folded
   into a private array (the checksum printed was that of zeros)
   expect: kern:t unchanged [callee-keeps-address]
*/
#define N 16
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    if (i >= 2) s += t[i] * t[i - 2];
  }
  return s;
}
