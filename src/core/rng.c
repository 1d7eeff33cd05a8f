/* rng.c — Philox 4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11):
   a counter-based generator, so any element of any stream is computed directly from (key,
   counter). Streams split per vmap lane or per chunk by offsetting the counter. */
#include "core.h"

#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

static _Thread_local struct {
  uint64_t seed, offset;
} tls_gen = {67280421310721ull, 0}; /* PyTorch's default seed, for familiarity */

_Thread_local uint64_t st__rng_moves;

void st_manual_seed(uint64_t seed) {
  st__rng_moves++;
  tls_gen.seed = seed;
  tls_gen.offset = 0;
}

/* A stream set by vmap's randomness modes replaces the generator while it is active. */
static _Thread_local st_rng_stream tls_stream;

void st__rng_reserve(uint64_t n, uint64_t *key, uint64_t *counter) {
  if (tls_stream.active) {
    *key = tls_stream.key;
    *counter = tls_stream.offset;
    tls_stream.offset += n;
    return;
  }
  *key = tls_gen.seed;
  *counter = tls_gen.offset;
  tls_gen.offset += n;
}

st_rng_stream st__rng_stream_set(uint64_t key) {
  st_rng_stream prev = tls_stream;
  tls_stream = (st_rng_stream){true, key, 0};
  return prev;
}

void st__rng_stream_restore(st_rng_stream prev) { tls_stream = prev; }

st_rng_state st__rng_state_get(void) {
  return (st_rng_state){tls_gen.seed, tls_gen.offset, tls_stream};
}

void st__rng_state_set(const st_rng_state *s) {
  if (s->seed != tls_gen.seed || s->offset != tls_gen.offset) st__rng_moves++;
  tls_gen.seed = s->seed;
  tls_gen.offset = s->offset;
  tls_stream = s->stream;
}

/* SplitMix64's finalizer (Steele et al., "Fast splittable pseudorandom number generators",
   OOPSLA'14): decorrelates keys derived from neighbouring integers. */
uint64_t st__rng_mix(uint64_t a, uint64_t b) {
  uint64_t z = a + 0x9E3779B97F4A7C15ull * (b + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void st__philox(uint64_t key, uint64_t counter, uint32_t out[4]) {
  uint32_t c0 = (uint32_t)counter, c1 = (uint32_t)(counter >> 32), c2 = 0, c3 = 0;
  uint32_t k0 = (uint32_t)key, k1 = (uint32_t)(key >> 32);
  for (int r = 0; r < 10; r++) {
    uint64_t p0 = (uint64_t)PHILOX_M0 * c0, p1 = (uint64_t)PHILOX_M1 * c2;
    uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
    c1 = (uint32_t)p1;
    c3 = (uint32_t)p0;
    c0 = n0;
    c2 = n2;
    k0 += PHILOX_W0;
    k1 += PHILOX_W1;
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
}
