#define N 16
void kern(const double in[N], double out[N], double tmp[N][N]);
#define STAGE(name) void name(const double in[N], double out[N], double b[N][N])
STAGE(stage);
