/* shape.h — internal ops of the shape family: the backward ops of the views slice and diagonal.
   Each places a gradient into zeros of the forward input's sizes through the forward view (the
   adjoint of the view); each is differentiable (its vjp is the view again). Like public calls,
   they record their result in the current scope and set the error on failure. */
#ifndef STRATA_OPS_SHAPE_H
#define STRATA_OPS_SHAPE_H

#include "strata.h"

/* Zeros of shape sizes[0..ndim) with g at st_slice(zeros, dim, start, end, step); g must have
   that slice's shape. PyTorch's slice_backward. */
st_tensor *st__slice_backward(st_tensor *g, int ndim, const int64_t *sizes, int dim, int64_t start,
                              int64_t end, int64_t step);
/* Zeros of shape sizes[0..ndim) with g at st_diagonal(zeros, offset, dim1, dim2); g must have that
   diagonal's shape. PyTorch's diagonal_backward. */
st_tensor *st__diagonal_backward(st_tensor *g, int ndim, const int64_t *sizes, int64_t offset,
                                 int dim1, int dim2);

#endif
