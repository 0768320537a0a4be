/* trap: the buffer main passes is a global defined here and declared extern in dsp.h
   expect: none
*/
#include "dsp.h"
double scratch[N][N];
