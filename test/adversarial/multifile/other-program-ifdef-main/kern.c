/* trap: driver.cc beside the set defines main() only under #ifdef STANDALONE: built without
   it, its use() may be linked into this program, call kern() and read t after the call
   expect: kern:t unchanged [named-outside-set]
*/
#define N 8
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) t[i] = i;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
