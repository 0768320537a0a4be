/* trap: helper.c declares and reads scratch only under #ifdef DEBUG: the closed world's
   check that no other unit names it read one build, scratch was folded (64 -> 3) and a
   -DDEBUG build read scratch[40] the kernel no longer kept (inactive27)
   expect: none
*/
double scratch[64];
double kern(void) {
  double s = 0;
  for (int i = 0; i < 64; i++) {
    scratch[i] = i * 1.5;
    if (i >= 2) s += scratch[i] * scratch[i - 2];
  }
  return s;
}
