/* trap: compiled inside main.c (SCALE 2) and inside other.c (SCALE 3), two units each with
   its own macros and calls: read inside each, t needs 2 cells in both and the text written
   is the same (its integer guard on SCALE holds in both); before, any second includer kept
   the file as written
   expect: summed:in unchanged
   expect: summed:t contracted 2
*/
static double summed(const double in[8]) {
  double t[8], s = 0;
  for (int i = 0; i < 8; i++) {
    t[i] = in[i] * SCALE;
    if (i >= 1) s += t[i - 1];
  }
  return s;
}
