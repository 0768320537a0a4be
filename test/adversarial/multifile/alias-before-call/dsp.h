#define N 16
void smooth(const double in[N], double out[N], double tmp[N][N]);
