/* trap: none: the caller in main.c has no conditional code, so its reading holds in every
   configuration and the kernel is folded in place with no guard in main.c
   expect: smooth:tmp contracted 3
   expect: smooth:in unchanged */
#define N 16
double smooth(double tmp[N], const double *in) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    tmp[i] = in[i] * 1.5;
    if (i >= 2) s += tmp[i - 2] * tmp[i] * 0.25;
  }
  return s;
}
