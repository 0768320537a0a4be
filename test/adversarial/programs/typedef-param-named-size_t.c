/* trap: a parameter named size_t: (size_t) + i - 1 adds it, no cast (review 2026-11-26: tree-sitter's built-in type name was taken for the type)
   expect: f:t contracted 12 */
int printf(const char *, ...);
static double f(int size_t) {
  double t[20], s = 0;
  for (int i = 0; i < 12; i++) {
    t[i] = i * 2.0 + 1;
    if (i >= 2)
      s = s * 3 + t[(size_t) + i - 1];
  }
  return s;
}
int main(void) {
  printf("%f\n", f(-1));
  return 0;
}
