/* trap: the set holds main() and no other unit names work: a file-scope array with external linkage is scratch of smooth() (issue 27; before: BC1126)
   expect: smooth:work scalarized
   expect: smooth:x unchanged
*/
#define N 64
float work[N];
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
