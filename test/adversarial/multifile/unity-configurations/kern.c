/* trap: compiled only inside main.c, which is built in two configurations: one text of this
   file would have to hold for both
   expect: scaled:in unchanged [included-in-configurations]
   expect: scaled:t unchanged [included-in-configurations]
*/
static double scaled(const double in[8], double t[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) {
    t[i] = in[i] * SCALE;
    s += t[i];
  }
  return s;
}
