/* trap: ramp() is a temporary of main()'s direct call, but table.c puts it in a table of
   function pointers, and main() reads the buffer it passes through the table
   expect: ramp:t unchanged [address-taken-elsewhere]
*/
#define N 8
double ramp(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0;
    s += t[i];
  }
  return s;
}
