/* trap: a function of another file than the kernel that only passes its buffer on: its
   prototype is spelled by a macro
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
*/
#include "kern.h"
void stage(const double in[N], double out[N], double b[N][N]) {
  kern(in, out, b);
}
