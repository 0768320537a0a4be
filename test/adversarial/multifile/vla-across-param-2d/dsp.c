/* trap: t is an n x n VLA parameter whose n main.c passes (4, and 1): each row reads the one
   before, so t folds into rows i % 2 of the caller's buffer in place, which for n = 1 is
   row 0 alone (a mapping past the caller's extent would write outside a 1 x 1 buffer)
   expect: wave:in unchanged
   expect: wave:t contracted 2*n
*/
double wave(int n, double t[n][n], const double *in) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      t[i][j] = in[(i * 7 + j) % 32] + (i > 0 && j + 1 < n ? t[i - 1][j + 1] : 0) +
                (i > 0 && j > 0 ? t[i - 1][j - 1] : 0);
      s += t[i][j];
    }
  return s;
}
