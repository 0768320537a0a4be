/* trap: main() gives t to prepare() of prepare.c before kern(t); prepare() passes it on to
   explicit_bzero() of keep.c, the set's own, which keeps the address; peek() reads t[3]
   through it after the call. The callee receiving t is in kern.c's view with everything
   it calls: keep.c's explicit_bzero is two files away, and no C library function
   expect: kern:t unchanged [callee-keeps-address]
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
