/* Read only by a -DVERBOSE build: main() then shows the kernel's buffer. */
#undef SHOWN
#define SHOWN t
