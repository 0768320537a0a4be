/* trap: helper.c calls kern(u) and reads u after it under #ifdef DEBUG only: read without
   DEBUG it calls nothing, so kern's callers seemed main() alone (which never reads t after
   the call); t was folded in place and a -DDEBUG build printed 4504.500 for 4527.000
   expect: kern:t unchanged [configured-elsewhere]
*/
#define N 16
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    if (i >= 2) s += t[i] * t[i - 2];
  }
  return s;
}
