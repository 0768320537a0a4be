/* trap: the prototype and the call of kern() only in a -DDEBUG build
   build also: -DDEBUG
   expect: none
*/
#ifdef DEBUG
double kern(double t[16]);
#endif
double helper(void) {
  double r = 0;
#ifdef DEBUG
  double u[16];
  r = kern(u);
  r += u[15];
#endif
  return r;
}
