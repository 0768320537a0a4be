/* trap: comments opened after text in #if 0 groups and closed before "#if 0" and "#endif":
   GCC reads no directive on those lines, so the #ifdef DEBUG group calling kern() is a
   group of its own, not one nested in an #if 0
   build also: -DDEBUG
   expect: helper:v unchanged
*/
double kern(double t[16]);
double helper(void) {
  double r = 0;
  double v[16];
  for (int i = 0; i < 16; i++) v[i] = 100 + i;
#if 0
  old(); /* kept as
  */ #if 0
#endif
#ifdef DEBUG
  r += kern(v) + v[15];
#endif
#if 0
  older(); /* kept too
  */ #endif
#endif
  return r + v[2];
}
