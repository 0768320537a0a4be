/* trap: orig/host.c includes this file, other/host.c includes its own folder's kern.c
   (the same base name). Matched by base name, other/host.c was taken for an includer of
   this file and orig/host.c for one of other/kern.c, and both files kept their arrays
   (included-by-several-units, review 2026-11-29). A quoted name is the file beside its
   includer (cli/includers.ts): each file is read in its own host
   expect: kern:t scalarized
   expect: kern:in unchanged [value-flows-in]
*/
static double kern(double t[N], const double in[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    s += t[i];
  }
  return s;
}
