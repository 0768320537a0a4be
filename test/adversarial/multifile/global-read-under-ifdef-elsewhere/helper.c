/* trap: a read of the global in a -DDEBUG build only
   build also: -DDEBUG
   expect: none
*/
#ifdef DEBUG
extern double scratch[64];
#endif
double helper(void) {
#ifdef DEBUG
  return scratch[40];
#else
  return 0;
#endif
}
