/* trap: #if (0 && 1) == 0 is true in every build (the && is inside the parentheses): the
   -DDEBUG build calls kern(v) and reads v[15] after it
   build also: -DDEBUG
   expect: helper:v unchanged
*/
double kern(double t[16]);
double helper(void) {
  double r = 0;
#if (0 && 1) == 0
  double v[16];
  for (int i = 0; i < 16; i++) v[i] = 100 + i;
#ifdef DEBUG
  r += kern(v) + v[15];
#endif
#endif
  return r + v[3];
}
