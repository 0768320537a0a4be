/* trap: after the call, main() passes the temporary to post(), whose weak definition here
   reads nothing; fast.c's strong one, which the linker takes, prints a cell of it
   expect: smooth:out unchanged [read-after-call]
   expect: smooth:t unchanged [callee-keeps-address]
   expect: post:t unchanged [defined-more-than-once]
*/
#define N 8
void smooth(double out[N], double t[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    out[i] = t[i] + 1.0;
  }
}
__attribute__((weak)) void post(double t[N]) { t[0] = 0.0; }
