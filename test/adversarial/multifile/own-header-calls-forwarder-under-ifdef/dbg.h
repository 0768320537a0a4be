/* a constructor only a -DDEBUG build compiles, calling the forwarder */
#ifdef DEBUG
__attribute__((constructor)) static void dbg_init(void) {
  double u[16];
  double r = stage(u);
  printf("dbg %.3f %.3f\n", r, u[15]);
}
#endif
