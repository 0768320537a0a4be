/* trap: compiled only inside main.c (N and real are main.c's): read there, smooth's t is a
   temporary of main.c's call and energy's sq a local scratch, both edited here at this
   file's lines (not main.c's), with a guard on main.c's N
   expect: smooth:t scalarized
   expect: smooth:in unchanged
   expect: smooth:out unchanged
   expect: energy:x unchanged
   expect: energy:sq scalarized
*/

/* smooth: out = 2 in + 1, through a scratch buffer the caller passes */
void smooth(const real in[N], real out[N], real t[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2.0;
    out[i] = t[i] + 1.0;
  }
}

static real energy(const real x[N]) {
  real sq[N], s = 0;
  for (int i = 0; i < N; i++) {
    sq[i] = x[i] * x[i];
    s += sq[i];
  }
  return s;
}
