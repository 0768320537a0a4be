/* trap: a kernel with external linkage whose temporary is allocated by main() in another
   file; the set holds main(), so every call is seen (issue 27)
   expect: smooth:in unchanged [read-after-call]   -- main() reads in after its second call
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:tmp scalarized
*/
#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N]) {
  for (int i = 0; i < N; i++) {
    tmp[i] = in[i] * 0.5;
    out[i] = tmp[i] + (i > 0 ? in[i - 1] : 0.0);
  }
}
