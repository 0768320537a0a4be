/* trap: a linker script beside the files (not part of the set) names kern(): something the
   set does not show may call it
   expect: kern:t unchanged [named-outside-set]
*/
#define N 8
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) t[i] = i;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
