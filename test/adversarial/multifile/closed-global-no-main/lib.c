/* trap: no main(): a library
   expect: none
*/
float smooth(const float *x);
float twice(const float *x) { return 2 * smooth(x); }
