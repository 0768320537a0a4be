/* trap: the one caller the set shows
   expect: run:out unchanged
   expect: run:t unchanged
*/
void blur(double out[8], double t[8]);
double run(void) {
  double out[8], t[8];
  blur(out, t);
  return out[2];
}
