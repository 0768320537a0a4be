/* trap: compiled only inside lib.c (N comes from kern.h there); smooth() is called from
   main.c, another unit: read inside lib.c with the set, t is a temporary folded in place,
   retyped here and in kern.h while main.c's buffer shrinks
   expect: smooth:in unchanged
   expect: smooth:out unchanged
   expect: smooth:t contracted 8
*/
void smooth(const double in[N], double out[N], double t[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) t[i][j] = in[i] * j;
    out[i] = 0;
    for (int j = 0; j < N; j++) out[i] += t[i][j];
  }
}
