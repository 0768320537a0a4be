/* The default of what main() shows (a build may define SHOWN otherwise). */
#ifndef SHOWN
#define SHOWN in
#endif
