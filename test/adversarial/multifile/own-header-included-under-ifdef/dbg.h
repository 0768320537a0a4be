/* read only by a -DDEBUG build of kern.c */
__attribute__((constructor)) static void dbg_init(void) {
  double u[16];
  double r = kern(u);
  printf("dbg %.3f %.3f\n", r, u[15]);
}
