/* the prototype and the macro calling kern() only in a -DDEBUG build */
#ifdef DEBUG
double kern(double t[16]);
#define RUN(u) (kern(u) + (u)[15])
#else
#define RUN(u) 0.0
#endif
