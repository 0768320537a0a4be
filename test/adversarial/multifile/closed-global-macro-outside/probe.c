/* a probe of the build, beside the set and not given */
#include "probe.h"
extern float PROBE_TARGET[64];
float peek(void) { return PROBE_TARGET[7]; }
