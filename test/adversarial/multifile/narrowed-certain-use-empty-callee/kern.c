/* trap: main() gives t to explicit_bzero() of keep.c (which keeps its address) before
   kern(t), and after it only to nop(), which does nothing, then peek() reads t[3] through
   the kept address. The narrowed view keeps nop() alone (the certain use after the call)
   and drops explicit_bzero(): that holds only while a call of another file's function
   after the call is a no by itself, whatever the callee's body (review 2026-11-29)
   expect: kern:t unchanged [read-after-call]
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
