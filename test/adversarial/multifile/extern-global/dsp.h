#define N 16
extern double scratch[N][N];
void smooth(const double in[N], double out[N], double tmp[N][N]);
