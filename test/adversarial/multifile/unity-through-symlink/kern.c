/* trap: main.c includes this file, and other.c includes it through the symbolic link
   kern.inc, then reads b[5] after summed(b, in): matched by the name its directive spells,
   kern.inc, other.c was not seen as a host, and t was folded to t[0] for main.c alone
   (other() read 14 for 6: printed 56 72 for 56 78) (adversary 2026-11-29b)
   expect: summed:in unchanged
   expect: summed:t unchanged [included-by-several-units]
*/
static double summed(double t[N], const double in[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    s += t[i];
  }
  return s;
}
