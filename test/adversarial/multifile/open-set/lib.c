/* trap: no main() and no --closed-world: another program may call blur() with a buffer it
   reads afterwards
   expect: blur:out unchanged [not-closed-world]
   expect: blur:t unchanged [not-closed-world]
   expect: blur:acc scalarized
*/
#define N 8
void blur(double out[N], double t[N]) {
  double acc[N];
  for (int i = 0; i < N; i++) t[i] = i * 0.5;
  for (int i = 0; i < N; i++) {
    acc[i] = t[i] + 1.0;
    out[i] = acc[i];
  }
}
