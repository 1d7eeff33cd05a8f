/* random.h — random fills of contiguous buffers from Philox counters (see random.c). */
#ifndef STRATA_KERNELS_RANDOM_H
#define STRATA_KERNELS_RANDOM_H

#include "kernels.h"

typedef enum { ST_DRAW_UNIFORM, ST_DRAW_NORMAL, ST_DRAW_INT } st_draw;
/* How many counters a draw of n values consumes: f32 uniforms take 4 per counter, the rest 2. */
uint64_t st__k_random_counters(st_draw kind, st_dtype dt, int64_t n);
void st__k_uniform(void *dst, st_dtype dt, int64_t n, uint64_t key, uint64_t first); /* f32/f64 */
void st__k_normal(void *dst, st_dtype dt, int64_t n, uint64_t key, uint64_t first);  /* f32/f64 */
void st__k_randint(void *dst, st_dtype dt, int64_t n, int64_t low, int64_t high, uint64_t key, uint64_t first);

#endif
