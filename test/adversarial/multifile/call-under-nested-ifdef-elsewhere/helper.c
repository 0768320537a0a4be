/* trap: the call is in a group nested in another, both decided otherwise by -DA -DDEBUG
   build also: -DA -DDEBUG
   expect: none
*/
double helper(void) {
  double r = 0;
#ifdef A
#ifndef QUIET
#ifdef DEBUG
  double kern(double t[16]);
  double u[16];
  r = kern(u) + u[15];
#endif
#endif
#endif
  return r;
}
