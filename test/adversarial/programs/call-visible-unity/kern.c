/* trap: the static kernel's only caller in this file reads nothing after the call, but main.c of this folder includes this file (a unity build) and reads the buffer after its own call
   expect: kernel:t unchanged [read-after-call] -- main.c calls kernel too and reads buf after
   expect: kernel:out unchanged [read-after-call] -- main.c reads out after its call
   expect: use:scratch unchanged
   expect: use:o unchanged */
#define N 8
static double kernel(double t[N], double out[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5 + 1;
    out[i] = t[i] * t[i];
    s += out[i];
  }
  return s;
}
static double use(void) {
  double scratch[N], o[N];
  return kernel(scratch, o);
}
