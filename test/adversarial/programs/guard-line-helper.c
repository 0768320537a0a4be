/* trap: the modulo helper the rewrite adds (two lines before the first function that uses
   it: kernel_dynprog's c[0][length - 1], length a parameter) moved every later line, and
   main()'s __LINE__ printed 53 for 51 (adversary 2026-11-29b). A `#line` after the helper
   keeps the numbers. The program is test/fixtures/whole/dynprog-params.c printing __LINE__
   expect: init:c scalarized
   expect: init:W unchanged
   expect: kernel_dynprog:c contracted 169
   expect: kernel_dynprog:W unchanged
   expect: kernel_dynprog:sum_c scalarized
   expect: kernel_dynprog:out unchanged
   expect: main:c contracted 169
   expect: main:sum_c contracted 1 */
#include <stdio.h>
#include <stdlib.h>
#define L 14
#define TSTEPS 3

static void init(int length, double c[L][L], double W[L][L]) {
  for (int i = 0; i < length; i++)
    for (int j = 0; j < length; j++) {
      c[i][j] = i * j % 2;
      W[i][j] = ((double)i - j) / length;
    }
}

static void kernel_dynprog(int tsteps, int length, double c[L][L], double W[L][L],
                           double sum_c[L][L][L], double *out) {
  int iter, i, j, k;
  double out_l = 0;
  for (iter = 0; iter < tsteps; iter++) {
    for (i = 0; i <= length - 1; i++)
      for (j = 0; j <= length - 1; j++) c[i][j] = 0;
    for (i = 0; i <= length - 2; i++)
      for (j = i + 1; j <= length - 1; j++) {
        sum_c[i][j][i] = 0;
        for (k = i + 1; k <= j - 1; k++) sum_c[i][j][k] = sum_c[i][j][k - 1] + c[i][k] + c[k][j];
        c[i][j] = sum_c[i][j][j - 1] + W[i][j];
      }
    out_l += c[0][length - 1];
  }
  *out = out_l;
}

int main(void) {
  double out;
  double (*sum_c)[L][L][L] = (double (*)[L][L][L])malloc(sizeof(double) * L * L * L);
  double (*c)[L][L] = (double (*)[L][L])malloc(sizeof(double) * L * L);
  double (*W)[L][L] = (double (*)[L][L])malloc(sizeof(double) * L * L);
  init(L, *c, *W);
  kernel_dynprog(TSTEPS, L, *c, *W, *sum_c, &out);
  printf("%.9f at line %d\n", out, __LINE__);
  free((void *)sum_c);
  free((void *)c);
  free((void *)W);
  return 0;
}
