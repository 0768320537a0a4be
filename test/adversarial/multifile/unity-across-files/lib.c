/* trap: the unit that compiles kern.c (a unity build of the library)
   expect: none
*/
#include "kern.h"
#include "kern.c"
double run(void) { return 1.0; }
