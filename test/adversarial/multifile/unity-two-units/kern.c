/* trap: included (through kern.h, which defines LEN) by main.c and by other.c, two units
   that compile its text each with its own callers: read inside main.c alone, fill's t would
   be a temporary (folded in place), and other.c would read cells fill() no longer writes
   expect: fill:t unchanged [included-by-several-units]
*/
static double fill(double t[LEN]) {
  double s = 0;
  for (int i = 0; i < LEN; i++) {
    t[i] = i * 1.5;
    s += t[i];
  }
  return s;
}
