/* A header of another program beside the set (no file of the set reads it): it includes
   dsp.h too, whose prototypes the set cannot retype for it. */
#include "dsp.h"
