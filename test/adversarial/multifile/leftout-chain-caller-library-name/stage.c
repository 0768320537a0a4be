/* trap: passes its parameter on, as is, to kern() of kern.c
   expect: stage:b unchanged
*/
double kern(double t[16]);
double stage(double b[16]) { return kern(b); }
