/* kernels.h — CPU kernels on plain, already-checked buffers. Kernels know dtypes, shapes and
   strides (in elements); they never see wrappers, autograd or errors beyond OOM. */
#ifndef STRATA_KERNELS_H
#define STRATA_KERNELS_H

#include "../core/core.h"

/* A strided view of a buffer: what every kernel reads and writes. */
typedef struct st_view {
  char *data; /* first element */
  st_dtype dtype;
  int ndim;
  const int64_t *shape;
  const int64_t *strides; /* elements */
} st_view;

static inline st_view st__view_of(const st_tensor *t) {
  return (st_view){st__data(t), t->dtype, t->ndim, t->shape, t->strides};
}

/* dst[i] = (dst dtype) src[i] for every logical index; src broadcasts to dst's shape through its
   strides (already expanded: same ndim, 0 strides where broadcast). */
void st__k_copy(st_view dst, st_view src);
/* Every element of dst = value converted to dst's dtype. */
void st__k_fill(st_view dst, double value);

#endif
