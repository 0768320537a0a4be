/* the probe of the build: what it reads */
#define PROBE_TARGET work
float peek(void);
