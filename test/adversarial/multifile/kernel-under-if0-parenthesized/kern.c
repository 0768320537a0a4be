/* trap: helper.c calls kern() under #ifdef DEBUG inside #if (0 && 1) == 0, which every build
   compiles (the && is inside the parentheses): it was read as an #if 0 group, its nested
   groups as no build's, and t contracted; the -DDEBUG build printed 4722.500 for 4531.500
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
