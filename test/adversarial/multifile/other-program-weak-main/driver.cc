// Not part of the set (a C++ file): linked with it, its main() replaces main.c's.
extern "C" double kern(double t[8]);
int main(void) {
  double t[8];
  kern(t);
  return (int)t[3];
}
