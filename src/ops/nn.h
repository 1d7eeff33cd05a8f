/* nn.h — internal ops of the nn family: the primitive backward ops of conv2d and avg_pool2d, and
   the multi-output forms of max_pool2d and dropout whose second output the backward reads. Each
   backward op is differentiable (its vjp is written with conv2d / avg_pool2d and the other
   backward op), so double backward works. Like public calls, they record their results in the
   current scope and set the error on failure. */
#ifndef STRATA_OPS_NN_H
#define STRATA_OPS_NN_H

#include "strata.h"

/* The gradient of <g, conv2d(x, weight)> in x, for an x of spatial size {h, w}: PyTorch's
   convolution_backward input gradient (a transposed convolution). g [N, O, oh, ow], weight
   [O, C/groups, kh, kw]; result [N, C, h, w]. stride, padding, dilation as st_conv2d. */
st_tensor *st__conv2d_input_backward(st_tensor *g, st_tensor *weight, const int64_t *input_hw,
                                     const int64_t *stride, const int64_t *padding,
                                     const int64_t *dilation, int64_t groups);
/* The gradient of <g, conv2d(x, weight)> in weight, for a kernel {kh, kw}: x [N, C, H, W],
   g [N, O, oh, ow]; result [O, C/groups, kh, kw]. */
st_tensor *st__conv2d_weight_backward(st_tensor *x, st_tensor *g, const int64_t *kernel_hw,
                                      const int64_t *stride, const int64_t *padding,
                                      const int64_t *dilation, int64_t groups);
/* The adjoint of st_avg_pool2d for an input of spatial size {h, w}: g [N, C, oh, ow] or
   [C, oh, ow] -> [N, C, h, w] or [C, h, w]. kernel, stride, padding as st_avg_pool2d. */
st_tensor *st__avg_pool2d_backward(st_tensor *g, const int64_t *input_hw, const int64_t *kernel,
                                   const int64_t *stride, const int64_t *padding);
/* st_max_pool2d that also gives the i64 position of each maximum (ih * W + iw within its
   plane) in *indices (a new reference), as torch.nn.functional.max_pool2d(return_indices). */
st_tensor *st__max_pool2d_with_indices(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                                       const int64_t *padding, st_tensor **indices);
/* Training-mode st_dropout that also gives the bool mask of kept elements in *mask (a new
   reference), as torch.native_dropout. */
st_tensor *st__native_dropout(st_tensor *x, double p, st_tensor **mask);

/* ---------------------------------------------------------------------------------------------
   Helpers shared by the forward-mode and batching rules of linalg.c and nn.c. They compute with
   public ops (results tracked in the current scope) on values that may be wrappers of lower
   levels; a failing call returns NULL (or a status) with the error set. */

struct st_jvp_args;

/* A public call inside a rule: a NULL result fails the rule with the error the call set
   (st__rule_failed, rules.h). */
#define ST_TRY(expr)                                                                               \
  do {                                                                                             \
    if (!(expr)) return st__rule_failed();                                                         \
  } while (0)

/* The jvp rule of an op bilinear in inputs 0 and 1 with an optional additive bias (input 2):
   the product rule op(t0, in1, t_bias) + op(in0, t1), the same op and attributes on tangents.
   Serves matmul, mm, bmm, dot, outer, linear, conv2d and conv2d's two backward ops. */
int st__jvp_bilinear(const struct st_jvp_args *a, st_tensor *const *tin, st_tensor **tout);

/* The physical index of logical dim `dim` (>= 0) of a value whose batch dim is bd (-1: none). */
static inline int st__pdim(int bd, int dim) { return dim + (bd >= 0 && dim >= bd); }
/* The physical index of the k-th logical dim from the end (k = 1: the last). */
int st__pdim_end(int ndim, int bd, int k);
/* t with its batch dim bd moved first and size-1 dims inserted after it up to `rank` logical
   dims, so that it broadcasts like its logical self; an unbatched t (bd < 0) comes back as is. */
st_tensor *st__front(st_tensor *t, int bd, int rank);
/* t repeated for `lanes` lanes as a stride-0 batch dim in front (a view). */
st_tensor *st__lanes(st_tensor *t, int64_t lanes);

/* Folds the batch dim bd of x into its dim d (d != bd): *out has x's dims without the batch,
   dim d - (d > bd) of size lanes * size(d), the lanes major (lane * n + i) or minor (i * lanes +
   lane). order -1 takes whichever is a view of x (major first), 0 / 1 forces major / minor.
   When the wanted order is not a view: a copy when `copy`, else *out = NULL (no error, so the
   caller can take another way). *minor says which order was taken. Returns 0 or a status. */
int st__fold_batch(st_tensor *x, int bd, int d, int order, bool copy, st_tensor **out, bool *minor);
/* The inverse on a result: dim `at` of y, of size lanes * n, split into (lanes, n) or (n, lanes)
   (a view of a contiguous result); *bdim is where the lanes went. */
st_tensor *st__unfold_batch(st_tensor *y, int at, bool minor, int64_t lanes, int64_t n, int *bdim);

#endif
