/* trap: compiled only inside main.c, whose main() reads the buffer after fill() under #ifdef
   DEBUG only: t was folded in place and a -DDEBUG build printed 2252.25 instead of 2274.75
   (main() is the host's, a header to this reading: no guard of this file reaches it;
   adversary 2026-11-28c)
   expect: fill:t unchanged [configured-elsewhere]
*/
static double fill(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    if (i >= 2) s += t[i - 2] * t[i];
  }
  return s;
}
