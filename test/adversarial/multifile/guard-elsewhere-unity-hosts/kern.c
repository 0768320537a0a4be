/* trap: compiled inside main.c (N 8 unless the build says) and inside other.c (N 16): one text
   whose guard accepts N 8 and N 16 and stops any other N (-DN=32 stops main.c's build; -DN=16
   builds it, as other.c's reading proved that N). Guards the merged guard against one wider
   than the readings proved
   build also: -DN=16
   build also: -DN=32
   expect: lagged:in unchanged
   expect: lagged:t contracted 3
*/
static double lagged(const double in[N]) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 1.5;
    if (i >= 2) s += t[i - 2];
  }
  return s;
}
