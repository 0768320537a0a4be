/* trap: a caller of kern() in one configuration only
   build also: -DDEBUG
   expect: none
*/
double kern(double t[16]);
double helper(void) {
  double r = 0;
#ifdef DEBUG
  double u[16];
  r = kern(u);
  r += u[15];
#endif
  return r;
}
