/* run() passes LEN, 3 unless the build defines it: its text is this header's, after which no
   guard of main.c can be placed. */
#ifndef LEN
#define LEN 3
#endif
static double run(const double *in) {
  double w[1] = {1};
  return window(LEN, in) * w[0];
}
