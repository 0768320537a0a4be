/* trap: reg() of reg.c writes the address of main's t as text (sprintf's %p) and peek()
   reads it back (sscanf's %p) and reads t[5] after kern(t, in); kern's t was folded to t[0]
   (sprintf was a library function that keeps no address) (adversary 2026-11-29)
   expect: kern:t unchanged [callee-keeps-address]
   expect: kern:in unchanged
*/
#define N 16
double kern(double t[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 0.5;
    s += t[i];
  }
  return s;
}
