/* trap: main() writes its text buffer with fputs to an unbuffered stream made by
   fopencookie, whose write function wr() gets the text's own address and keeps it; main()
   prints seen[3] after upper(text, word). fputs was a C library function that keeps no
   address: upper's out was folded to out[0] (adversary 2026-11-29)
   expect: upper:out unchanged [callee-keeps-address]
   expect: upper:word unchanged
   expect: main:text unchanged */
#define _GNU_SOURCE
#include <stdio.h>
#define N 8
static const char *seen;
static ssize_t wr(void *c, const char *b, size_t n) {
  (void)c;
  if (!seen)
    seen = b;
  return (ssize_t)n;
}
static int upper(char out[N], const char *word) {
  int s = 0;
  for (int i = 0; i < N; i++) {
    out[i] = (char)(word[i] - 32);
    s += out[i];
  }
  return s;
}
int main(void) {
  char text[N];
  for (int i = 0; i < N - 1; i++)
    text[i] = (char)('a' + i);
  text[N - 1] = 0;
  FILE *out = fopencookie(0, "w", (cookie_io_functions_t){0, wr, 0, 0});
  if (!out)
    return 1;
  setvbuf(out, 0, _IONBF, 0);
  fputs(text, out);
  int s = upper(text, "hijklmno");
  printf("%d %d %c\n", seen == text, s, seen[3]);
  return 0;
}
