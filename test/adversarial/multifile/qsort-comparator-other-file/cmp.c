/* trap: a comparator that keeps a pointer into the array it sorts
   expect: none
*/
static const double *seen;
int cmp(const void *a, const void *b) {
  const double *x = a, *y = b;
  if (!seen || x < seen) seen = x;
  return (*x > *y) - (*x < *y);
}
const double *lowest(void) { return seen; }
