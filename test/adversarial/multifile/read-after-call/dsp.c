/* trap: stage() writes t before reading it, but its caller in main.c reads t afterwards
   expect: stage:t unchanged [read-after-call]
*/
#define N 8
double stage(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) t[i] = i * 1.5;
  for (int i = 0; i < N; i++) s += t[i];
  return s;
}
