/* trap: a unity build: main.c includes this file, so its calls of scale() are in main.c's
   translation unit, where it is read (main() reads t after the call); it compiles alone
   too, and that reading changes nothing either
   expect: scale:t unchanged [read-after-call]
   expect: scale:out unchanged
*/
#define N 16
void scale(double out[N], double t[N]) {
  for (int i = 0; i < N; i++) t[i] = i * 2.0;
  for (int i = 0; i < N; i++) out[i] = t[N - 1 - i];
}
