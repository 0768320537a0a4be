/* The unity build: includes a.cpp, and instantiates its template with another argument. */
#include "a.cpp"
int main() {
  long a[4];
  win<4>(a, 1);
  long s = first();
  for (int i = 0; i < 4; i++) s += a[i] * (i + 1);
  std::printf("%ld\n", s);
  return 0;
}
