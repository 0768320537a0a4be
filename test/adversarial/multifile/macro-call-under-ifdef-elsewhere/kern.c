/* trap: helper.c defines CALLK(u) as a call of kern() outside any group and uses it only
   under #ifdef DEBUG: no line of the group spells kern; t folded in place and a -DDEBUG
   build printed 4504.500 for 4527.000 (inactive27)
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
