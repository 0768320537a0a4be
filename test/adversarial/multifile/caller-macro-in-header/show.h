/* What main() shows: its input, or (VERBOSE) the kernel's buffer. */
#ifdef VERBOSE
#undef SHOWN
#define SHOWN t
#endif
