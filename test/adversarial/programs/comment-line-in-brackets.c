/* trap: a // comment before the closing bracket swallowed the rewritten index: t[(i // this one) % 3]
   expect: main:t unchanged */
#include <stdio.h>
#define N 40
int main(void) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    t[i // this one
    ] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 0.5 + t[i - 2 // two back
      ];
  }
  printf("%f\n", s);
  return 0;
}
