/* trap: the header's name is a macro defined in the group that includes it
   build also: -DDEBUG
   expect: helper:u unchanged
*/
#ifdef DEBUG
#define DBG_H "inc/dbg.h"
#include DBG_H
#else
#define DBG_RUN(u) 0.0
#endif
double helper(void) {
  double u[16];
  return DBG_RUN(u);
}
