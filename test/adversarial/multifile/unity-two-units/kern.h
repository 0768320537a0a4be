/* The kernel's header: main.c and other.c both include it, and through it kern.c. */
#define LEN 8
#include "kern.c"
