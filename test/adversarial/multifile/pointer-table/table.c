/* trap: the table of function pointers
   expect: none
*/
double ramp(double *t);
double (*const ops[1])(double *) = {ramp};
