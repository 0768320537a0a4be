#define N 64
void smooth(const double in[N], double out[N], double tmp[N]);
