/* trap: RUN(u) is kern(u) + u[15] in a -DDEBUG build
   build also: -DDEBUG
   expect: helper:u unchanged
*/
#include "dbg.h"
double helper(void) {
  double u[16];
  return RUN(u);
}
