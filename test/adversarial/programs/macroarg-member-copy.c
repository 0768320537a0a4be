/* trap: a macro body that copies its argument after `.` or `->`: `q.a` with `SETQ(t[i], v)` is q.t[i], the struct's member, not the array t (one edit of `t[i]` to `t[i % 2]` moved the member's cell too: q.t[i % 2], another output, review 2026-11-29); such a copy is not the argument's expression, so the call is not spelled and t stays; so with the call itself after `.` (`q.BUMP(t[i])`, BUMP(a) `a = a + 1`: q.t[i] = t[i] + 1, its first copy the member's)
   expect: dot:t unchanged [not-editable]
   expect: after:t unchanged [not-editable]
   expect: arrow:t unchanged [not-editable]
   expect: arrow:p unchanged [pointer] */
#include <stdio.h>
struct S { int t[16]; };
#define SETQ(a, v) do { (a) = (v); q.a = (v) + 1; } while (0)
#define SETP(a, v) do { (a) = (v); p->a = (v) + 2; } while (0)
#define BUMP(a) a = a + 1
static long dot(void) {
  int t[16];
  long s = 0;
  struct S q = {{0}};
  for (int i = 0; i < 16; i++) {
    SETQ(t[i], i * 3);
    s += t[i];
    if (i) s += t[i - 1];
  }
  for (int i = 0; i < 16; i++) s = s * 3 + q.t[i];
  return s;
}
static long arrow(struct S *p) {
  int t[16];
  long s = 0;
  for (int i = 0; i < 16; i++) {
    SETP(t[i], i * 5);
    s += t[i];
    if (i) s += t[i - 1];
  }
  for (int i = 0; i < 16; i++) s = s * 3 + p->t[i];
  return s;
}
static long after(void) {
  int t[16];
  long s = 0;
  struct S q = {{0}};
  for (int i = 0; i < 16; i++) {
    t[i] = i * 3;
    q.BUMP(t[i]);
    s += t[i];
    if (i) s += t[i - 1];
  }
  for (int i = 0; i < 16; i++) s = s * 3 + q.t[i];
  return s;
}
int main(void) {
  struct S r = {{0}};
  printf("%ld %ld %ld\n", dot(), arrow(&r), after());
  return 0;
}
