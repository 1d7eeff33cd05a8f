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
   What the nn family's files (nn_*.c) share. */

#include "op.h"

/* Float ops compute integer and bool inputs in f32. */
static inline st_dtype st__nn_float_type(st_dtype dt) { return st__is_float(dt) ? dt : ST_F32; }
/* t itself (retained) when it already has dtype dt, else a contiguous copy in dt. */
static inline st_tensor *st__nn_as_dtype(st_tensor *t, st_dtype dt) {
  return t->dtype == dt ? st_retain(t) : st__contig_as(t, dt);
}
/* Writes v into the one element of an f32 or f64 tensor. */
static inline void st__nn_store_scalar(st_tensor *t, double v) {
  if (t->dtype == ST_F32) *(float *)st__data(t) = (float)v;
  else *(double *)st__data(t) = v;
}

/* Index checks in infer (nn_embed.c): element k (row-major) of an i64 tensor whatever its
   strides, and the row-major index of the first element outside [0, hi) (-1: none, or a
   transform's wrapper, whose data the call at level 0 checks). */
int64_t st__i64_at(const st_tensor *t, int64_t k);
int64_t st__first_out_of_range(const st_tensor *t, int64_t hi);

/* Sliding windows (nn_window.c). The output size of a window of k with dilation, padding and
   stride over `in` (sets *span; INT64_MIN on overflow, <= 0 when the padded input is smaller
   than the span); the output {h, w} of x's last two dims into out (0 or the error, `what` names
   the window); a {h, w} pair's check against min (1: kernel, stride, dilation; 0: padding). */
int64_t st__window_count(int64_t in, int64_t pad, int64_t k, int64_t dilation, int64_t stride,
                         int64_t *span);
int st__window_sizes(const st_opcall *c, const st_tensor *x, const int64_t *k,
                     const int64_t *stride, const int64_t *pad, const int64_t *dil,
                     const char *what, int64_t *out);
int st__check_pair(const st_opcall *c, const char *name, const int64_t *v, int64_t min);
/* The batching of image ops [N, ...] (or one unbatched image of `full` - 1 dims) whose other
   inputs are shared: the lanes fold into N; runs c on them and gives every output its lanes. */
int st__vmap_fold_n(const st_vmap_args *a, const st_opcall *c, int full, st_tensor **out,
                    int *out_bdim);
/* Copies an optional {h, w} pair into pair[2], or the default. */
void st__put_pair(int64_t *pair, const int64_t *v, int64_t dflt);

/* The tail of a two-output public call (nn_dropout.c): like st__call1, with the second output
   in *second. */
st_tensor *st__call2(const st_opcall *c, st_tensor **second);

#endif
