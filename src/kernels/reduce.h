/* reduce.h — reductions over any set of dims of a strided tensor, written straight into a
   per-output accumulator: sum-like, product, extrema, and the index of the first extremum. */
#ifndef STRATA_KERNELS_REDUCE_H
#define STRATA_KERNELS_REDUCE_H

#include "kernels.h"

/* What one output accumulates over its reduced elements x (m, k: that output's parameters). */
typedef enum {
  ST_RED_SUM,    /* sum x                                  (identity 0) */
  ST_RED_PROD,   /* prod x                                 (identity 1) */
  ST_RED_MAX,    /* max x, NaN propagates                  (identity -inf) */
  ST_RED_MIN,    /* min x, NaN propagates                  (identity +inf) */
  ST_RED_MAXABS, /* max |x|, NaN propagates                (identity 0) */
  ST_RED_SQDEV,  /* sum ((x - m) * k)^2                    (identity 0) */
  ST_RED_DEV,    /* sum (x - m) * k                        (identity 0) */
  ST_RED_EXPDEV, /* sum exp(x - m), for m >= every x       (identity 0); terms below e^-708 count
                    as 0, which a sum holding the max's e^0 = 1 cannot notice */
} st_red_kind;

/* Reduces `in` over the dims whose bit is set in `mask` (bit d for dim d). Writes one value per
   output into acc, in row-major order of the kept dims (the layout of a fresh contiguous
   result, with or without keepdim):
   - f32/f64 inputs: acc is double[nout], every kind; sums are pairwise (see reduce.c).
   - i64/bool inputs: acc is int64_t[nout], SUM, PROD (both wrap modulo 2^64), MAX and MIN only.
   m and k (double[nout] in the same order, or NULL for 0 and 1) parametrize SQDEV, DEV and
   EXPDEV.
   An empty reduced range gives the identity. Results do not depend on the thread count. */
void st__k_reduce(st_red_kind kind, st_view in, unsigned mask, void *acc, const double *m,
                  const double *k);

/* The rows of a float tensor reduced one at a time (st_compile's fused groups, a tile of whole
   rows at a time): acc[r] for each of nrows contiguous rows of len elements of dtype dt (f32 or
   f64) at x, with m and k NULL, on the calling thread. When st__k_reduce_by_rows(nrows, len),
   every row gets exactly what st__k_reduce gives it in a contiguous [nrows, len] tensor reduced
   over its last dim, however many of its rows come in one call. */
void st__k_reduce_rows(st_red_kind kind, st_dtype dt, const void *x, int64_t nrows, int64_t len,
                       double *acc);
bool st__k_reduce_by_rows(int64_t nrows, int64_t len);

/* out[o] = the row-major index, over the dims in mask, of the first maximum (is_max) or minimum
   of output o's reduced elements; NaN counts as the extreme (PyTorch). out is int64_t[nout] in
   the same order as above. Every reduced range must be non-empty. */
void st__k_argreduce(st_view in, unsigned mask, bool is_max, int64_t *out);

#endif
