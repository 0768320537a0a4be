/* trap: helper.c calls kern() under #if 0 && DEBUG_ON: a -DDEBUG_ON=1||1 build compiles it
   (0 && 1||1 is 1), so the group is the build's (inactive27)
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
