#define N 16
#ifdef OLD_API
#define DECLARE_KERNEL(name) void name(const double in[N], double out[N], double tmp[N][N])
DECLARE_KERNEL(smooth);
#else
void smooth(const double in[N], double out[N], double tmp[N][N]);
#endif
