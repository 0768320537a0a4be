/* trap: compiled only inside main.c, which is built in two configurations: one text of this
   file must hold for both (it was refused whatever the configurations did; each is now read
   inside main.c, and both change it alike: SCALE is no part of the mapping)
   expect: scaled:in unchanged
   expect: scaled:t scalarized
*/
static double scaled(const double in[8], double t[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) {
    t[i] = in[i] * SCALE;
    s += t[i];
  }
  return s;
}
