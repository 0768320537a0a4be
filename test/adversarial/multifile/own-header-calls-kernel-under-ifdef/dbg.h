/* a constructor only a -DDEBUG build compiles: a call of kern() no build analysed shows */
#ifdef DEBUG
__attribute__((constructor)) static void dbg_init(void) {
  double u[16];
  double r = kern(u);
  printf("dbg %.3f %.3f\n", r, u[15]);
}
#endif
