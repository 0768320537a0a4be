/* read only by a -DHOOK build of other.c: a pointer to kern, and a caller reading after it */
static void (*hook)(const double *, double *, double (*)[N]) = kern;
void other(void) {
  double in[N], out[N], t[N][N];
  for (int i = 0; i < N; i++) in[i] = i;
  hook(in, out, t);
  printf("hook %f\n", t[3][5]);
}
