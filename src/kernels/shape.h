/* shape.h — kernels behind the copying shape ops: index gathers and scatters, padding, flips,
   repetition and triangular masks. Arguments are already validated by the op's infer. */
#ifndef STRATA_KERNELS_SHAPE_H
#define STRATA_KERNELS_SHAPE_H

#include "kernels.h"

/* Smallest and largest value of a non-empty ST_I64 view, for bounds checks. */
void st__k_i64_range(st_view v, int64_t *lo, int64_t *hi);

/* out = src with dim indexed by index (an ST_I64 view of 0 or 1 dims, values in range): out's
   slice j along dim is src's slice index[j]. out and src share ndim and dtype; a 0-dim src takes
   one index. */
void st__k_index_select(st_view out, st_view src, int dim, st_view index);

/* torch.gather: out[p] = src[p with p[dim] replaced by index[p]] for every p in index's shape.
   out has index's shape and src's dtype; all three share ndim. */
void st__k_gather(st_view out, st_view src, int dim, st_view index);

/* torch.scatter_add_, in place on out: out[p with p[dim] replaced by index[p]] += src[p] for every
   p in index's shape, in row-major order of p (so duplicates accumulate deterministically). */
void st__k_scatter_add(st_view out, int dim, st_view index, st_view src);

/* out = value everywhere, then src placed at offset before[d] in each dim d (a negative offset
   crops src). out and src share ndim and dtype. */
void st__k_pad(st_view out, st_view src, const int64_t *before, double value);

/* out = src reversed along every dim d with flip[d]. */
void st__k_flip(st_view out, st_view src, const bool *flip);

/* torch.Tensor.repeat: src has out's ndim (leading dims of size 1 already added) and out's size in
   every dim is a multiple of src's; out is contiguous. */
void st__k_repeat(st_view out, st_view src);

/* Lower (tril) or upper (triu) triangle of the last two dims of src, k-th diagonal included, into
   a contiguous out of the same shape and dtype; the rest is zero. */
void st__k_tri(st_view out, st_view src, int64_t k, bool lower);

#endif

/* ------------------------------------------------- kernels/select.c: masks, one-hot, cross */

/* out[p] = value (converted to out's dtype) wherever mask[p]; mask (ST_BOOL) has out's ndim and
   shape (0 strides where broadcast). */
void st__k_masked_fill(st_view out, st_view mask, double value);

/* A contiguous zeroed ST_I64 out of a's shape + [classes] gets 1 at each a[p] (already checked to
   lie in [0, classes)). */
void st__k_one_hot(int64_t *out, st_view a, int64_t classes);

/* The cross product along the middle dim (of size 3) of contiguous [outer, 3, inner] buffers of
   one dtype (ST_F64 or ST_I64; integers wrap). */
void st__k_cross(void *out, const void *a, const void *b, bool i64, int64_t outer, int64_t inner);
