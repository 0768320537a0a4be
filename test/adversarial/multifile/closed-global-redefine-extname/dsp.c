/* trap: `#pragma redefine_extname work real_work` gives work the symbol real_work, which
   main.c declares and reads after the call: no other unit spells work, so work was taken to
   be scratch of smooth() and scalarized, and main() printed 0.000000 for 14.000000
   (adversary 2026-11-29e). A pragma outside the functions that names the array keeps it
   expect: smooth:work unchanged [external-linkage]
   expect: smooth:x unchanged
*/
#define N 64
#pragma redefine_extname work real_work
float work[N];
float smooth(const float *x) {
  float s = 0;
  for (int i = 0; i < N; i++) {
    work[i] = x[i] * 2.0f;
    s += work[i] * work[i];
  }
  return s;
}
