/* trap: as prototype-and-call-under-ifdef, with both builds named (--configurations in
   beeclak.json): the set is read per configuration, and kern's parameter is no candidate
   there (inactive27: held; the set's whole-program reading is not done per configuration)
   expect: none
*/
#define N 16
double kern(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 1.5;
    if (i >= 2) s += t[i] * t[i - 2];
  }
  return s;
}
