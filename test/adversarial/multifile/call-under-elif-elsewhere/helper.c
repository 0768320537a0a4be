/* trap: a call of kern() and a read after it in an #elif branch
   build also: -DDEBUG
   expect: none
*/
#if defined(FAST)
double helper(void) { return 2; }
#elif defined(DEBUG)
double kern(double t[16]);
double helper(void) {
  double u[16];
  return kern(u) + u[15];
}
#else
double helper(void) { return 0; }
#endif
