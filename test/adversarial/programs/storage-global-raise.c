/* trap: a file-scope scratch of f() and a signal handler: f() raises the signal while a value of its own is
   live, and the handler (reached only through signal()) overwrites the scratch before raise() returns
   expect: f:buf unchanged [not-scratch]
   expect: on_signal:buf unchanged [not-scratch] */
#include <signal.h>
#include <stdio.h>
#define N 8
static double buf[N];
static volatile double seen;
static void on_signal(int sig) {
  (void)sig;
  double s = 0;
  for (int i = 0; i < N; i++) { buf[i] = i * 100.0; s += buf[i]; }
  seen = s;
}
static double f(int k) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    buf[i] = k + i * 0.5;
    if (i == 3) raise(SIGUSR1);
    s += buf[i];
  }
  return s;
}
int main(int argc, char **argv) {
  signal(SIGUSR1, on_signal);
  printf("%.1f %.1f\n", f(argc), seen);
  return 0;
}
