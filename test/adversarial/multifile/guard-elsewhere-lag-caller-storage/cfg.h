#ifndef LAG
#define LAG 1
#endif
