/* trap: an array of structs whose fields live at different times: a write of a[i].y does not kill a[i].x, read again after it (write x, read x, write y, read x); taken as an access of the element, every element would look dead after the first loop and share one cell
   expect: kernel:a unchanged [no-saving] -- every a[i].x stays live from the first loop to the second
   expect: kernel:b contracted 2 -- a ping-pong of complex values: b[i - 1] read after b[i] is written
   expect: kernel:in unchanged
   expect: kernel:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define N 16
typedef struct { int x; int y; } pair;
typedef struct { float re, im; } cpx;
static void kernel(const int *in, int *out) {
  pair a[N];
  cpx b[N];
  for (int i = 0; i < N; i++) {
    a[i].x = in[i];
    out[i] = a[i].x;
  }
  for (int i = 0; i < N; i++) {
    a[i].y = 2 * in[i];
    out[i] += a[i].x * a[i].y;
  }
  b[0].re = 1.0f;
  b[0].im = 0.0f;
  for (int i = 1; i < N; i++) {
    b[i].re = b[i - 1].re * 0.5f - b[i - 1].im * 0.25f + (float)in[i];
    b[i].im = b[i - 1].re * 0.25f + b[i - 1].im * 0.5f;
    out[i] += (int)(b[i].re * 10.0f) - (int)b[i].im;
  }
}
int main(void) {
  int in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (i * 7) % 5 + 1;
  kernel(in, out);
  long s = 0;
  for (int i = 0; i < N; i++) s += (long)out[i] * (i + 1);
  printf("%ld\n", s);
  return 0;
}
