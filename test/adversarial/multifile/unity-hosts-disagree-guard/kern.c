/* trap: compiled inside main.c (N 8) and inside other.c (N 16): t needs 2 cells in both, but
   each reading guards the text with its own N (#if N != 8 / #error), which stops the other
   unit's build: the texts differ and the file is left as written
   expect: summed:in unchanged
   expect: summed:t unchanged [included-by-several-units]
*/
static double summed(const double in[N]) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    if (i >= 1) s += t[i - 1];
  }
  return s;
}
