/* trap: main.c includes this file twice (SIZE 4, then 8): an edit made for one inclusion
   (sq scalarized under its SIZE, with its guard) would be read by the other
   expect: sum16:x unchanged [included-twice]
   expect: sum16:sq unchanged [included-twice]
*/
#ifndef SIZE
#define SIZE 16
#define NAME sum16
#endif
static double NAME(const double x[SIZE]) {
  double sq[SIZE], s = 0;
  for (int i = 0; i < SIZE; i++) {
    sq[i] = x[i] * x[i];
    s += sq[i];
  }
  return s;
}
