/* trap: the macro (with its own block-scope prototype) is every build's, its use a -DDEBUG one's
   build also: -DDEBUG
   expect: none
*/
#define CALLK(u) ({ double kern(double *); kern(u); })
double helper(void) {
  double r = 0;
#ifdef DEBUG
  double u[16];
  r = CALLK(u) + u[15];
#endif
  return r;
}
