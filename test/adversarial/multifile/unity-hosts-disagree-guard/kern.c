/* trap: compiled inside main.c (N 8) and inside other.c (N 16): t needs 2 cells in both, and
   each reading guards the text with its own N (#if N != 8 / #error), which alone would stop
   the other unit's build. Guards the merge of the readings (unityGuards.ts): one text whose
   guard accepts N 8 and N 16 (it was left as written, included-by-several-units)
   expect: summed:in unchanged
   expect: summed:t contracted 2
*/
static double summed(const double in[N]) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    if (i >= 1) s += t[i - 1];
  }
  return s;
}
