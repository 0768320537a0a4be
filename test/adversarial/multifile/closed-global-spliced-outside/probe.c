/* a probe of the build, beside the set and not given: the name is split by a splice */
extern float wo\
rk[64];
float peek(void) { return wo\
rk[7]; }
