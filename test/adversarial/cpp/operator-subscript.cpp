/* trap: Cell overloads operator[] and =, and its constructor counts the Cells made: read as C, t[i] is a plain element, t was contracted to 2 Cells, and the program printed another count
   expect: main:t unchanged   -- its element type is a class
   expect: main:u contracted 2 */
#include <cstdio>
#define N 20
static long made = 0;
struct Cell {
  int v;
  Cell() : v(0) { made++; }
  Cell &operator=(int x) {
    v = x;
    return *this;
  }
  int operator[](int k) const { return (v >> k) & 1; }
  operator int() const { return v; }
};
int main() {
  Cell t[N];
  int u[N];
  long s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 3;
    u[i] = t[i] + 1;
    if (i > 0) s += u[i - 1];
  }
  std::printf("%ld %ld %d\n", s, made, Cell()[0]);
  return 0;
}
