/* trap: a macro redefined between two functions (#undef, #define): each call's arguments are mapped to the file through the definition in force at that call, `PUT(t[i], u[i])` reading t and writing u under the first, `PUT(v[i], in[i])` writing v under the second; the other definition's substitution would place the argument copies elsewhere
   expect: kern:t scalarized
   expect: kern:u scalarized
   expect: kern2:v scalarized
   expect: kern:in unchanged
   expect: kern:out unchanged
   expect: kern2:in unchanged
   expect: kern2:out unchanged
   expect: main:in unchanged
   expect: main:out unchanged */
#include <stdio.h>
#define PUT(a, b) ((b) = (a))
static void kern(const double *in, double *out) {
  double t[16], u[16];
  for (int i = 0; i < 16; i++) {
    t[i] = in[i];
    PUT(t[i], u[i]);
    out[i] = u[i] + t[i];
  }
}
#undef PUT
#define PUT(a, b) ((a) = (b))
static void kern2(const double *in, double *out) {
  double v[16];
  for (int i = 0; i < 16; i++) {
    PUT(v[i], in[i]);
    out[i] += v[i];
  }
}
int main(void) {
  double in[16], out[16];
  for (int i = 0; i < 16; i++) in[i] = i;
  kern(in, out);
  kern2(in, out);
  double s = 0;
  for (int i = 0; i < 16; i++) s += out[i];
  printf("%g\n", s);
  return 0;
}
