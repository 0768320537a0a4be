/* trap: the strong definition of post(), overriding dsp.c's weak one
   expect: post:t unchanged [defined-more-than-once]
*/
#include <stdio.h>
void post(double t[8]) { printf("%f\n", t[5]); }
