/* trap: a parameter named free, and the function it points to
   expect: none
*/
static double *last;
void keep(double *p) { last = p; }
double *kept(void) { return last; }
void run(double *t, void (*free)(double *)) { free(t); }
