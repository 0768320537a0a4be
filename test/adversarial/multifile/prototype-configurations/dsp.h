#define N 16
#ifdef WIDE
void smooth(const double in[N], double out[N], double tmp[N][N + 0]);
#else
void smooth(const double in[N], double out[N], double tmp[N][N]);
#endif
