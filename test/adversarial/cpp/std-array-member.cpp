/* trap: a std::array member keeps pointers to rows of t: writes through it are writes of t that no subscript of t shows
   expect: main:t unchanged   -- its rows stored in an initializer
   expect: main:u contracted 2 */
#include <array>
#include <cstdio>
#define W 16
struct Window {
  std::array<int *, 3> rows;
};
int main() {
  int t[3 * W], u[W];
  long s = 0;
  Window w{{t, t + W, t + 2 * W}};
  for (int r = 0; r < 3; r++)
    for (int x = 0; x < W; x++) w.rows[r][x] = r * 100 + x;
  for (int x = 0; x < W; x++) {
    u[x] = t[x] + t[W + x] + t[2 * W + x];
    if (x > 0) s += u[x - 1] * x;
  }
  std::printf("%ld\n", s);
  return 0;
}
