#define N 16
void kern(const double in[N], double out[N], double tmp[N][N]);
void other(void);
