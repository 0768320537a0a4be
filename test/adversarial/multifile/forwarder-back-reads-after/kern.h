#define N 16
void kern(const double in[N], double out[N], double tmp[N][N]);
void stage(const double in[N], double out[N], double b[N][N]);
