/* trap: #if 0 and #if (0) && defined(DEBUG) around a call of kern() and a read after it
   build also: -DDEBUG
   expect: none
*/
double kern(double t[16]);
double helper(void) {
  double r = 0;
#if 0
  double u[16];
  r = kern(u) + u[15];
#endif
#if (0) && defined(DEBUG) /* never */
  double v[16];
#ifdef DEBUG
  r += kern(v) + v[15];
#endif
#endif
  return r;
}
