/* trap: a header of another folder, included only under #ifdef HOOK, takes kern's address
   and reads the buffer after a call through it: no unit reads it in the build analysed
   build also: -DHOOK
   expect: none
*/
#include <stdio.h>
#include "kern.h"
#ifdef HOOK
#include "inc/hook.h"
#else
void other(void) {}
#endif
