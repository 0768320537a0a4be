/* trap: helper.c calls kern() and reads v[15] after it under #ifdef DEBUG, after an #if 0
   group holding "old(); /* kept as" / "*\/ #if 0" (no directive): that text was read as an
   #if 0 opened inside it, which took its #endif, and the #ifdef DEBUG group as nested in
   the outer #if 0, no build's; t was contracted and -DDEBUG printed 4640.500 for 4530.000
   expect: kern:t unchanged [BC1136]
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
