// Not part of the set (a C++ file): linked into the program when STANDALONE is not defined.
double kern(double t[8]);
double use(void) {
  double t[8];
  kern(t);
  return t[3];
}
#ifdef STANDALONE
int main(void) { return (int)use(); }
#endif
