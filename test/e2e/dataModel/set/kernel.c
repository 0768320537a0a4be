/* Its scratch rows fold in place when every caller of kernel() is read (main.c) */
void kernel(double t[4][16], double out[4]) {
  for (int i = 0; i < 4; i++) {
    double s = 0;
    for (int j = 0; j < 16; j++) t[i][j] = (i + 1) * (j % 5);
    for (int j = 0; j < 16; j++) s += t[i][j];
    out[i] = s;
  }
}
