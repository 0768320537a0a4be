/* trap: main() gives t to explicit_bzero() of keep.c before kern(t): the set's own one,
   which keeps the address; peek() reads t[3] through it after the call, and no use of t
   after the call names it. main()'s other callees may be left out of kern.c's view only
   where main() certainly uses t after the call: here every callee receiving t must be in
   it, read as what it is (not the C library's explicit_bzero, which keeps nothing)
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
