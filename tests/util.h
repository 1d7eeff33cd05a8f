/* util.h — test helpers: tensors from doubles in any dtype and layout, and value access. */
#ifndef STRATA_TEST_UTIL_H
#define STRATA_TEST_UTIL_H

#include "strata.h"

/* A contiguous tensor of dtype dt holding vals (row-major), recorded in the current scope. */
st_tensor *tu_tensor(st_dtype dt, int ndim, const int64_t *shape, const double *vals);
/* The same values, but stored non-contiguously: dims laid out in reverse order in memory (a
   transposed layout) and, for 1-D, every other element. st_is_contiguous is false when the
   tensor has at least two elements. */
st_tensor *tu_noncontig(st_dtype dt, int ndim, const int64_t *shape, const double *vals);
/* A stride-0 broadcast view of t to shape (NumPy rules, t's dims right-aligned), made directly
   from strides so tests of other ops do not depend on st_expand. */
st_tensor *tu_broadcast(st_tensor *t, int ndim, const int64_t *shape);
/* Values of t, row-major, into a malloc'd array the caller frees. */
double *tu_values(const st_tensor *t);
/* v as a tensor of dtype dt would hold it: rounded to f32, to an integer (never -0.0), or to
   a bool. References of tests that fill integer and bool tensors from doubles use it. */
double tu_stored(st_dtype dt, double v);
/* Deterministic pseudo-random values in [lo, hi) (seeded by `seed`). */
void tu_fill(double *v, int64_t n, double lo, double hi, unsigned seed);

/* Same number of elements and, element for element, both NaN, equal, or within tol relative to
   1 + |want| (the callers check shapes and dtypes as they need). */
bool tu_values_close(st_tensor *got, st_tensor *want, double tol);

/* Same dtype, shape and values bit for bit (as doubles: NaN payloads compare as stored). */
bool tu_same_bits(st_tensor *a, st_tensor *b);
/* Releases each function value listed: TU_RELEASE(c, f, g). */
void tu_funcs_release(size_t n, st_func *const *fs);
#define TU_RELEASE(...)                                                                            \
  tu_funcs_release(sizeof((st_func *[]){__VA_ARGS__}) / sizeof(st_func *), (st_func *[]){__VA_ARGS__})
/* st_compile_get_stats of c (every count -1 when that fails). */
st_compile_stats tu_compile_stats(st_func *c);
/* st_compile_print's text of c's last graph, into buf (of n bytes; "" when printing fails). */
const char *tu_compile_printed(st_func *c, char *buf, size_t n);
/* An st_func body: out = (x * 2, exp(1000 x)), whose second output overflows to inf for
   x >= 0.71 (the compiled node's unused-output tests). */
int tu_double_and_overflow(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out);

#endif
