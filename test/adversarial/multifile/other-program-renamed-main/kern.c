/* trap: driver.cc beside the set spells main() but renames it (#define main app_main): it is
   no program of its own, and its app_main() may be linked into this one and call kern()
   expect: kern:t unchanged [named-outside-set]
*/
#define N 8
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) t[i] = i;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
