/* trap: unsigned counters that wrap in a do-while: `while (--k)` from k = 0 runs 256 times (0, 255, ..., 1) for a uint8_t, `while (++i > 0)` stops only when i wraps to 0 (MachSuite aes's gf_log), `while (n--)` leaves n past its type
   expect: kernel:t unchanged [loop-not-modelled]
   expect: kernel:u unchanged [loop-not-modelled]
   expect: kernel:v unchanged [loop-not-modelled]
   expect: kernel:out unchanged
   expect: main:out unchanged */
#include <stdint.h>
#include <stdio.h>
static void kernel(unsigned *out) {
  unsigned t[256], u[256], v[8];
  for (int i = 0; i < 256; i++) t[i] = u[i] = (unsigned)i * 3u;
  uint8_t k = 0;
  do {
    out[k] += t[k] + t[(uint8_t)(k + 1)];
    t[(uint8_t)(k + 1)] = out[k];
  } while (--k);
  uint8_t i = 0;
  do {
    out[i] ^= u[i] + u[(uint8_t)(i - 1)];
    u[i] = out[i] >> 1;
  } while (++i > 0);
  for (int j = 0; j < 8; j++) v[j] = (unsigned)j + 9u;
  unsigned n = 7;
  do {
    out[n] += v[n] * 2u;
  } while (n--);
}
int main(void) {
  unsigned out[256] = {0};
  kernel(out);
  unsigned s = 0;
  for (int i = 0; i < 256; i++) s = s * 31u + out[i];
  printf("%u\n", s);
  return 0;
}
