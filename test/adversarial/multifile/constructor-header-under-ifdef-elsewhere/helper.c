/* trap: includes a header whose constructor calls kern() in a -DDEBUG build only
   build also: -DDEBUG
   expect: none
*/
#include "dbg.h"
double helper(void) { return 1.0; }
