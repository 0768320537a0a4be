/* trap: a function of another file than the kernel that only passes its buffer on: its
   parameter is retyped with the kernel's (its entry stays unchanged: only its type changes)
   expect: stage:in unchanged
   expect: stage:out unchanged
   expect: stage:b unchanged
*/
#include "kern.h"
void stage(const double in[N], double out[N], double b[N][N]) {
  kern(in, out, b);
}
