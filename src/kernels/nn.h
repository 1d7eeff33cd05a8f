/* nn.h — kernels of the neural-network ops on plain buffers: softmax and the class losses
   (softmax.c), squared error, layer norm, dropout and embedding (nn.c), conv2d (conv.c) and 2-D
   pooling (pool.c), the pointwise activations (activation.c). Float kernels take dt = ST_F32 or ST_F64; strides are in elements. */
#ifndef STRATA_KERNELS_NN_H
#define STRATA_KERNELS_NN_H

#include <string.h>

#include "kernels.h"

/* c ? a : b on the bits. GCC does not if-convert a float select under the default
   -ftrapping-math, so loops that must vectorize select this way. */
static inline float st__select_f32(bool c, float a, float b) {
  uint32_t mask = -(uint32_t)c, ua, ub;
  memcpy(&ua, &a, sizeof ua);
  memcpy(&ub, &b, sizeof ub);
  ua = (ua & mask) | (ub & ~mask);
  memcpy(&a, &ua, sizeof a);
  return a;
}
static inline double st__select_f64(bool c, double a, double b) {
  uint64_t mask = -(uint64_t)c, ua, ub;
  memcpy(&ua, &a, sizeof ua);
  memcpy(&ub, &b, sizeof ub);
  ua = (ua & mask) | (ub & ~mask);
  memcpy(&a, &ua, sizeof a);
  return a;
}

/* ------------------------------------------------------------------------------ softmax.c */

/* y = softmax (log_softmax when `log`) of contiguous x seen as [outer, n, inner], along n. */
void st__k_softmax(st_dtype dt, const void *x, void *y, int64_t outer, int64_t n, int64_t inner,
                   bool log);
/* Cross entropy of `rows` rows of `classes` logits, element (i, c) at x[i*rs + c*cs], with class
   target[i*ts]: loss_i = logsumexp(x_i) - x_i[target_i]. Writes loss_i to `losses` (contiguous,
   dtype dt) unless it is NULL; returns the sum of the losses. Targets are already checked. */
double st__k_cross_entropy(st_dtype dt, const void *x, int64_t rows, int64_t classes, int64_t rs,
                           int64_t cs, const int64_t *target, int64_t ts, void *losses);

/* ----------------------------------------------------------------------------------- nn.c */

/* The same for negative log likelihood: loss_i = -logp[i*rs + target_i*cs]. */
double st__k_nll_loss(st_dtype dt, const void *logp, int64_t rows, int64_t rs, int64_t cs,
                      const int64_t *target, int64_t ts, void *losses);
/* (a - b)^2 over `shape` (a and b broadcast through their strides, 0 where broadcast): written
   to contiguous `out` unless it is NULL; returns the sum of the squares. */
double st__k_squared_error(st_dtype dt, int ndim, const int64_t *shape, const void *a,
                           const int64_t *sa, const void *b, const int64_t *sb, void *out);
/* Each of `rows` contiguous rows of m values: y = (x - mean) / sqrt(var + eps) * w + b, with the
   biased variance; w and b (m values each) may be NULL. */
void st__k_layer_norm(st_dtype dt, const void *x, int64_t rows, int64_t m, const void *w,
                      const void *b, double eps, void *y);
/* Inverted dropout of n contiguous values: y = u < p ? 0 : x / (1 - p), where u is the uniform
   that st__k_uniform draws for element i from (key, first); mask[i] = !(u < p), the kept ones
   (PyTorch's native_dropout mask, which its backward multiplies by). */
void st__k_dropout(st_dtype dt, const void *x, void *y, bool *mask, int64_t n, double p,
                   uint64_t key, uint64_t first);
/* out[k, :] = weight[index[k], :] for n contiguous indices (already checked), rows of d elements
   of esize bytes, element (v, j) of weight at byte offset (v*rs + j*cs) * esize. */
void st__k_embedding(void *out, const void *weight, size_t esize, int64_t rs, int64_t cs, int64_t d,
                     const int64_t *index, int64_t n);

/* --------------------------------------------------------------------------------- conv.c */

typedef struct st_conv2d_geom {
  int64_t n, c, h, w;            /* input [N, C, H, W] */
  int64_t o, kh, kw, groups;     /* weight [O, C/groups, kh, kw] */
  int64_t oh, ow;                /* output [N, O, oh, ow] */
  int64_t stride[2], pad[2], dilation[2];
} st_conv2d_geom;

/* y (contiguous [N, O, oh, ow]) = conv2d(x, w) + bias, x strided (xs: 4 strides), w contiguous,
   bias contiguous [O] or NULL. Returns 0, or non-zero (OOM set) when scratch memory fails. */
int st__k_conv2d(st_dtype dt, const st_conv2d_geom *g, const void *x, const int64_t *xs,
                 const void *w, const void *bias, void *y);
/* The two adjoints of y = conv2d(x, w), for its backward. gx (contiguous [N, C, H, W]) = the
   gradient of <gy, conv2d(x, w)> in x for contiguous gy [N, O, oh, ow] and w (a transposed
   convolution: GEMM with w^T, then the columns folded back, col2im). gw (contiguous [O,
   C/groups, kh, kw]) = its gradient in w for strided x (xs: 4 strides): GEMM of gy with the
   unfolded input. Both return 0, or non-zero (OOM set) when scratch memory fails. */
int st__k_conv2d_input_backward(st_dtype dt, const st_conv2d_geom *g, const void *gy,
                                const void *w, void *gx);
int st__k_conv2d_weight_backward(st_dtype dt, const st_conv2d_geom *g, const void *x,
                                 const int64_t *xs, const void *gy, void *gw);

/* --------------------------------------------------------------------------------- pool.c */

typedef struct st_pool2d_geom {
  int64_t n, c, h, w, oh, ow;
  int64_t kernel[2], stride[2], pad[2];
} st_pool2d_geom;

/* y (contiguous [N, C, oh, ow]) = the max (NaN wins) or the mean over each window of strided x
   (xs: 4 strides). Padding counts as -inf for max and as 0 (in the divisor too) for mean. The
   max also writes idx (contiguous like y): where each max is, as ih * w + iw in its plane. */
void st__k_max_pool2d(st_dtype dt, const st_pool2d_geom *g, const void *x, const int64_t *xs,
                      void *y, int64_t *idx);
void st__k_avg_pool2d(st_dtype dt, const st_pool2d_geom *g, const void *x, const int64_t *xs,
                      void *y);
/* gx (contiguous [N, C, h, w]) = the adjoint of avg_pool2d applied to contiguous gy [N, C, oh,
   ow]: each gy value over the window size, added where its window lies. */
void st__k_avg_pool2d_backward(st_dtype dt, const st_pool2d_geom *g, const void *gy, void *gx);

/* --------------------------------------------------------------------------- activation.c */

typedef enum {
  ST_K_LEAKY_RELU, /* x > 0 ? x : p0 * x */
  ST_K_ELU,        /* x > 0 ? x : p0 * expm1(x) */
  ST_K_HARDTANH,   /* min(max(x, p0), p1), NaN kept */
  ST_K_LOGSIGMOID, /* min(x, 0) - log1p(exp(-|x|)), stable for large |x| */
} st_act_kind;

/* y[i] = act(x[i]) for n contiguous values. */
void st__k_activation(st_dtype dt, st_act_kind act, const void *x, void *y, int64_t n, double p0,
                      double p1);

#endif
