/* The shape of MachSuite's nw: the kernel's buffers are members of the harness's heap struct. */
#define N 64

struct args {
  int in[N];
  int out[N];
  int M[N];
};

void kernel(int in[N], int out[N], int M[N]);
