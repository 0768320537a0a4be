/* trap: t's reads lag by n / 2, n passed from main.c at run time: the cells live at once grow
   with n, and no mapping holds for every n
   expect: half:in unchanged
   expect: half:t rejected [unbounded]
*/
double half(int n, const double *in) {
  double t[n];
  double s = 0;
  for (int i = 0; i < n; i++) {
    t[i] = in[i % 32] * 1.5;
    if (i >= n / 2) s += t[i - n / 2] * i;
  }
  return s;
}
