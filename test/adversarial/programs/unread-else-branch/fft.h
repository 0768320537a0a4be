/* codec2's codec2_fft.h: the vendor header is read only where FDV_ARM_MATH is defined. */
#ifndef FFT_H
#define FFT_H
#ifndef FDV_ARM_MATH
#define USE_KISS_FFT
#else
#include "beeclak_arm_const_structs.h"
#endif
#endif
