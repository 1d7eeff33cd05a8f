/* scan.h — cumulative sums and products along one dim of a contiguous buffer, in place. The
   buffer is read as [outer, n, inner] (row-major): each of the outer * inner lines of n
   elements, inner apart, becomes its running sum or product. Floats run in double (as PyTorch's
   CPU scans accumulate f32 in double), integers in int64 (wrapping as PyTorch's do). */
#ifndef STRATA_KERNELS_SCAN_H
#define STRATA_KERNELS_SCAN_H

#include <stdbool.h>
#include <stdint.h>

void st__k_cumsum_f64(double *x, int64_t outer, int64_t n, int64_t inner);
void st__k_cumsum_i64(int64_t *x, int64_t outer, int64_t n, int64_t inner);
void st__k_cumprod_f64(double *x, int64_t outer, int64_t n, int64_t inner);
void st__k_cumprod_i64(int64_t *x, int64_t outer, int64_t n, int64_t inner);

/* The order that sorts each line of a contiguous key buffer ([outer, n, inner], as above; f64
   keys when i64_keys is false, else i64): the first k positions (0..n-1) of each line's stable
   ascending (or descending) order go to idx, laid out [outer, k, inner]. NaN sorts as the
   largest value (last ascending, first descending), as in PyTorch; equal keys keep their order.
   tmp holds 2 * n int64 of scratch. */
void st__k_argsort(const void *keys, bool i64_keys, int64_t outer, int64_t n, int64_t inner,
                   bool descending, int64_t k, int64_t *idx, int64_t *tmp);

#endif
