/* trap: compiled inside main.c (D 1) and inside other.c (D 2): t needs D + 1 cells, so each
   unit's reading changes the text otherwise, and one text must hold in both: read inside
   main.c alone, other.c's build would stop at a guard or read the wrong cell
   expect: summed:in unchanged
   expect: summed:t unchanged [included-by-several-units]
*/
static double summed(const double in[8]) {
  double t[8], s = 0;
  for (int i = 0; i < 8; i++) {
    t[i] = in[i] * 2;
    if (i >= D) s += t[i - D];
  }
  return s;
}
