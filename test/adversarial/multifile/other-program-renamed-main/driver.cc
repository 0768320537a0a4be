// Not part of the set (a C++ file): its main() is app_main(), a function another program links.
#define main app_main
double kern(double t[8]);
int main(void) {
  double t[8];
  kern(t);
  return (int)t[3];
}
