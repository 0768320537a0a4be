/* trap: not an #if 0: a macro follows the &&
   build also: -DDEBUG_ON=1||1
   expect: none
*/
double kern(double t[16]);
double helper(void) {
  double r = 0;
#if 0 && DEBUG_ON
  double u[16];
  r = kern(u) + u[15];
#endif
  return r;
}
