/* tx.h — checks shared by the transform tests: vmap against a loop over the lanes, jvp against
   central differences, and the transposition identity <u, J v> = <J^T u, v>. Each returns true
   when the check passed and reports the first mismatch through st_test_fail otherwise. */
#ifndef STRATA_TX_H
#define STRATA_TX_H

#include "test.h"

/* vmap(fn) with in_dims (out_dims all 0) against stacking fn over the lanes. */
bool tx_vmap_loop(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *in,
                  const int *in_dims, int nout, double tol);
/* For every in_dims combination from {0, -1, ST_UNBATCHED} (not all unbatched): builds B lanes
   from each sample (float lanes scaled by 1 + 0.05 b, so they differ but keep their sign;
   other dtypes repeated), batches them at that dim, and runs tx_vmap_loop. Also once nested:
   vmap(vmap(fn)) with in_dims 0 against the double loop. */
bool tx_vmap_all(const char *file, int line, st_fn fn, void *ctx, int nin,
                 st_tensor *const *samples, int nout, int64_t B, double tol);
/* The same for a function that writes into (a copy of) input 0: input 0 is batched whenever
   another input is (vmap refuses writing a batched value into an unbatched tensor). */
bool tx_vmap_all_inplace(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *samples,
                         int nout, int64_t B, double tol);
/* jvp(fn) with random tangents for the floating inputs (NULL for others) against central
   differences (f(x + eps t) - f(x - eps t)) / 2 eps. Inputs should be f64. */
bool tx_jvp_fd(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *in,
               int nout, double eps, double tol);
/* <u, J v> = <J^T u, v> with random u (per output) and v (per floating input), jvp against vjp. */
bool tx_transpose(const char *file, int line, st_fn fn, void *ctx, int nin, st_tensor *const *in,
                  int nout, double tol);

#define CHECK_VMAP_LOOP(fn, ctx, nin, in, in_dims, nout, tol)                                      \
  tx_vmap_loop(__FILE__, __LINE__, fn, ctx, nin, in, in_dims, nout, tol)
#define CHECK_VMAP_ALL(fn, ctx, nin, samples, nout, B, tol)                                        \
  tx_vmap_all(__FILE__, __LINE__, fn, ctx, nin, samples, nout, B, tol)
#define CHECK_JVP_FD(fn, ctx, nin, in, nout, eps, tol)                                             \
  tx_jvp_fd(__FILE__, __LINE__, fn, ctx, nin, in, nout, eps, tol)
#define CHECK_TRANSPOSE(fn, ctx, nin, in, nout, tol)                                               \
  tx_transpose(__FILE__, __LINE__, fn, ctx, nin, in, nout, tol)

#endif
