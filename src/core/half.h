/* half.h — conversions of the 16-bit float dtypes to and from f32, by their bits (no compiler
   support for _Float16 or __bf16 assumed). Both round to nearest even, as PyTorch's c10::Half
   and c10::BFloat16 constructors do; NaN stays NaN (quiet), infinities stay infinite, and f16
   results beyond its range (>= 65520 in magnitude) are infinite. f64 goes through f32 first,
   as PyTorch converts a double to Half or BFloat16. */
#ifndef STRATA_HALF_H
#define STRATA_HALF_H

#include <stdint.h>
#include <string.h>

static inline uint32_t st__f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static inline float st__f32_from_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

/* binary16: 1 sign, 5 exponent (bias 15), 10 mantissa bits. */
static inline float st__f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f) return st__f32_from_bits(sign | 0x7f800000u | (m << 13)); /* inf, NaN */
  if (e == 0) { /* zero or subnormal: m * 2^-24, exact in f32 */
    float v = (float)m * 0x1p-24f;
    return sign ? -v : v;
  }
  return st__f32_from_bits(sign | ((e + 112) << 23) | (m << 13));
}

static inline uint16_t st__f32_to_f16(float f) {
  uint32_t x = st__f32_bits(f), ax = x & 0x7fffffffu;
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  if (ax > 0x7f800000u) return sign | 0x7e00; /* NaN */
  if (ax >= 0x477ff000u) return sign | 0x7c00; /* inf, or rounds to it */
  if (ax >= 0x38800000u) { /* a normal f16: rebias the exponent, round away 13 bits */
    uint32_t h = (ax - (112u << 23)) >> 13, rem = ax & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) h++;
    return sign | (uint16_t)h;
  }
  if (ax < 0x33000000u) return sign; /* below 2^-25: 0 (2^-25 itself ties to even 0) */
  /* a subnormal f16: m16 = round(M * 2^(e - 126)) with M the 24-bit mantissa, e the f32
     exponent (102 ... 112, a shift of 14 ... 24); a carry into 1024 is the smallest normal */
  uint32_t e = ax >> 23, mant = (ax & 0x7fffff) | 0x800000, shift = 126 - e;
  uint32_t r = mant >> shift, rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rem > half || (rem == half && (r & 1))) r++;
  return sign | (uint16_t)r;
}

/* bfloat16: the high 16 bits of an f32. */
static inline float st__bf16_to_f32(uint16_t h) { return st__f32_from_bits((uint32_t)h << 16); }

static inline uint16_t st__f32_to_bf16(float f) {
  uint32_t x = st__f32_bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40); /* quiet NaN */
  x += 0x7fffu + ((x >> 16) & 1);
  return (uint16_t)(x >> 16);
}

#endif
