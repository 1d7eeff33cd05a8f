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

#endif
