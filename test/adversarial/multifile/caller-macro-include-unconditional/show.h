/* Read only by a -DCFG_H="show.h" build: main() then shows the kernel's buffer. */
#undef SHOWN
#define SHOWN t
