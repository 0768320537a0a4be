/* Not part of the set: a vector table that names kern(). */
#include "kern.h"
    .section .isr_vector
    .word kern
