/* the kernels of the build */
#include "../lib/kern.c"
