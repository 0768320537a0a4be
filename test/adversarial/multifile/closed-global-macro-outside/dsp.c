/* trap: probe.h, a header main.c includes, has `#define PROBE_TARGET work`, and probe.c
   (linked into the program, not given) reads PROBE_TARGET[7] after smooth(): the header is
   the set's, so it was not searched, and probe.c spells no `work`; work was taken to be
   scratch of smooth() and scalarized, and main() printed 0.000000 for 14.000000 (adversary
   2026-11-29e). A file outside the set that spells a macro of the set's headers spells what
   its body spells
   expect: smooth:work unchanged [named-outside-set]
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
