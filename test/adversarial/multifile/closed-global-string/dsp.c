/* trap: the name work is spelled in a string (dlsym, an alias, assembly may reach it): it stays
   expect: smooth:work unchanged [entry-point]
   expect: smooth:x unchanged
*/
#define N 64
float work[N];
const char *symbol_name = "work";
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
