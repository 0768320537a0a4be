/* trap: vectors.S beside the set includes "kern.h" (a header name, no call) and also names
   kern in its table: only the header name is not a spelling
   expect: kern:t unchanged [named-outside-set]
*/
#define N 8
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) t[i] = i;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
