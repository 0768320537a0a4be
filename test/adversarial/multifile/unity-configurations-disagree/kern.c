/* trap: compiled only inside main.c, built with D 1 and 2: t needs D + 1 cells, so each
   configuration changes this text otherwise, and one text must hold in both (each
   configuration is read inside main.c; a text that differs keeps the file as written)
   expect: summed:in unchanged
   expect: summed:t unchanged [included-in-configurations]
*/
static double summed(const double in[N], double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    if (i >= D) s += t[i - D];
  }
  return s;
}
