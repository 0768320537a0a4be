/* trap: a unity build: main.c includes this file, so its calls of scale() are in main.c's
   translation unit, and this file is never compiled alone
   expect: scale:t unchanged [included-by-other-file]
   expect: scale:out unchanged
*/
#define N 16
void scale(double out[N], double t[N]) {
  for (int i = 0; i < N; i++) t[i] = i * 2.0;
  for (int i = 0; i < N; i++) out[i] = t[N - 1 - i];
}
