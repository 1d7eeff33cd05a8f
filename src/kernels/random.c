/* random.c — uniform, normal and integer fills from Philox counters. Element i of a draw uses
   counter (first + i / per_counter), so results do not depend on how the work is split. */
#include <math.h>

#include "kernels.h"
#include "random.h"

static inline double u53(uint32_t hi, uint32_t lo) {
  return (double)((((uint64_t)hi << 32) | lo) >> 11) * 0x1.0p-53;
}
static inline float u24(uint32_t x) { return (float)(x >> 8) * 0x1.0p-24f; }

uint64_t st__k_random_counters(st_draw kind, st_dtype dt, int64_t n) {
  int64_t per = kind == ST_DRAW_UNIFORM && dt == ST_F32 ? 4 : 2;
  return (uint64_t)((n + per - 1) / per);
}

void st__k_uniform(void *dst, st_dtype dt, int64_t n, uint64_t key, uint64_t first) {
  uint32_t w[4];
  if (dt == ST_F32) {
    float *y = dst;
    for (int64_t i = 0; i < n; i += 4) {
      st__philox(key, first + (uint64_t)(i / 4), w);
      for (int j = 0; j < 4 && i + j < n; j++) y[i + j] = u24(w[j]);
    }
  } else {
    double *y = dst;
    for (int64_t i = 0; i < n; i += 2) {
      st__philox(key, first + (uint64_t)(i / 2), w);
      for (int j = 0; j < 2 && i + j < n; j++) y[i + j] = u53(w[2 * j], w[2 * j + 1]);
    }
  }
}

/* Box-Muller: two uniforms u1 in (0, 1], u2 in [0, 1) give two independent normals. */
void st__k_normal(void *dst, st_dtype dt, int64_t n, uint64_t key, uint64_t first) {
  uint32_t w[4];
  const double two_pi = 6.283185307179586476925286766559;
  for (int64_t i = 0; i < n; i += 2) {
    st__philox(key, first + (uint64_t)(i / 2), w);
    double u1 = 1.0 - u53(w[0], w[1]), u2 = u53(w[2], w[3]);
    double r = sqrt(-2.0 * log(u1)), z0 = r * cos(two_pi * u2), z1 = r * sin(two_pi * u2);
    if (dt == ST_F32) {
      float *y = dst;
      y[i] = (float)z0;
      if (i + 1 < n) y[i + 1] = (float)z1;
    } else {
      double *y = dst;
      y[i] = z0;
      if (i + 1 < n) y[i + 1] = z1;
    }
  }
}

void st__k_randint(void *dst, st_dtype dt, int64_t n, int64_t low, int64_t high, uint64_t key, uint64_t first) {
  uint32_t w[4];
  uint64_t range = (uint64_t)high - (uint64_t)low;
  for (int64_t i = 0; i < n; i += 2) {
    st__philox(key, first + (uint64_t)(i / 2), w);
    for (int j = 0; j < 2 && i + j < n; j++) {
      int64_t v = low + (int64_t)(((((uint64_t)w[2 * j] << 32) | w[2 * j + 1])) % range);
      if (dt == ST_I64) ((int64_t *)dst)[i + j] = v;
      else if (dt == ST_F32) ((float *)dst)[i + j] = (float)v;
      else ((double *)dst)[i + j] = (double)v;
    }
  }
}
