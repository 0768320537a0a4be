/* trap: do-while loops whose counter starts at an argument, where a check of the argument at the function's entry would not give the counter's first value or the loop is no `for` loop: the argument written before the loop or through a pointer, the counter changed in the body or through a pointer, a break or a continue, a test on two arguments; and a function with a static local, refused for its entry condition as any other
   expect: written:t unchanged [loop-not-modelled]
   expect: pointed:t unchanged [loop-not-modelled]
   expect: stepped:t unchanged [loop-not-modelled]
   expect: aliased:t unchanged [statement-not-modelled]
   expect: broken:t unchanged [statement-not-modelled]
   expect: continued:t unchanged [statement-not-modelled]
   expect: two:t unchanged [loop-not-modelled]
   expect: counted:t unchanged [entry-dependent]
   expect: main:out unchanged */
#include <stdio.h>
static void bump(int *p) { *p -= 1; }
static int written(int m) {
  int t[4], s = 0;
  t[3] = 5;
  m = m - 2;
  int k = m;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
  } while (--k > 0);
  return s;
}
static int pointed(int m) {
  int t[4], s = 0;
  t[3] = 5;
  bump(&m);
  int k = m;
  do {
    t[0] = k * 3 + m;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
  } while (--k > 0);
  return s;
}
static int stepped(int m) {
  int t[4], s = 0;
  t[3] = 5;
  int k = m;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
    k -= s & 1;
  } while (--k > 0);
  return s;
}
static int aliased(int m) {
  int t[4], s = 0;
  t[3] = 5;
  int k = m;
  int *pk = &k;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
    if (s > 40) *pk = 1;
  } while (--k > 0);
  return s;
}
static int broken(int m) {
  int t[4], s = 0;
  t[3] = 5;
  int k = m;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
    if (s > 30) break;
  } while (--k > 0);
  return s;
}
static int continued(int m) {
  int t[4], s = 0;
  int k = m;
  do {
    t[0] = k * 3;
    if (k == 2) continue;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
  } while (--k > 0);
  return s;
}
static int two(int m, int n) {
  int t[4], s = 0;
  t[3] = 5;
  int k = m;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k >= n) s += t[3];
  } while (++k < n);
  return s;
}
static int counted(int m) {
  static int calls;
  int t[4], s = 0;
  t[3] = 5;
  int k = m;
  calls++;
  do {
    t[0] = k * 3;
    t[1] = t[0] + 1;
    s += t[1] * 2 + t[0];
    if (k <= 0) s += t[3];
  } while (--k > 0);
  return s + calls;
}
int main(void) {
  int out[24], n = 0;
  for (int m = -1; m <= 3; m += 2) {
    out[n++] = written(m + 2);
    out[n++] = pointed(m);
    out[n++] = stepped(m);
    out[n++] = aliased(m);
    out[n++] = broken(m);
  }
  out[n++] = continued(4);
  out[n++] = two(1, 4);
  out[n++] = two(6, 4);
  out[n++] = counted(0);
  out[n++] = counted(3);
  for (int i = 0; i < n; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
