#define N 16
void smooth(const double in[N], double out[N], double tmp[N][N]);
void blur(const double in[N], double out[N], double tmp[N][N]);
void sharpen(const double in[N], double out[N], double tmp[N][N]);
double other(void);
