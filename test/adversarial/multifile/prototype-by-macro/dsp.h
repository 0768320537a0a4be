#define N 16
#define DECLARE_KERNEL(name) void name(const double in[N], double out[N], double tmp[N][N])
DECLARE_KERNEL(smooth);
