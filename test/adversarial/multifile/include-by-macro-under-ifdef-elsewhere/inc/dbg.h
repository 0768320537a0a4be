/* read only by a -DDEBUG build of helper.c */
double kern(double t[16]);
#define DBG_RUN(u) (kern(u) + (u)[15])
