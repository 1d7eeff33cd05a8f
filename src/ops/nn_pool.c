/* nn_pool.c — the 2-D pools of torch.nn.functional: max_pool2d (with a second
   output, the i64 position of each maximum, that its rules read, as max_pool2d_with_indices) and
   avg_pool2d, with avg_pool2d_backward as a backward op of its own. Loops live in
   src/kernels/pool.c. */
#include <string.h>

#include "../kernels/nn.h"
#include "nn.h"
#include "nn_samples.h"
#include "rules.h"

/* ---- max_pool2d, avg_pool2d: the pool view: kernel, stride, padding {h, w}, has_kernel.
   max_pool2d has a second output, the i64 position of each maximum in its plane. */

/* A 4-D [N, C, H, W] or 3-D [C, H, W] float tensor x (named `what`) and the window. PyTorch's
   rules: padding at most half the kernel, so every window holds an input value. */
static int check_pool_args(const st_opcall *c, const st_tensor *x, const char *what) {
  const int64_t *k = c->a.pool.kernel, *p = c->a.pool.padding;
  if (x->ndim != 3 && x->ndim != 4)
    return st__op_error(c, ST_ERR_SHAPE, "%s %s must be 4-D [N, C, H, W] or 3-D [C, H, W]", what,
                        ST_SHAPE_STR(x));
  if (!st__is_float(x->dtype))
    return st__op_error(c, ST_ERR_DTYPE, "%s must be f32 or f64, not %s", what,
                        st_dtype_name(x->dtype));
  if (!c->a.pool.has_kernel) return st__op_error(c, ST_ERR_ARG, "kernel is NULL");
  if (st__check_pair(c, "kernel", k, 1) || st__check_pair(c, "stride", c->a.pool.stride, 1) ||
      st__check_pair(c, "padding", p, 0))
    return -1;
  if (p[0] > k[0] / 2 || p[1] > k[1] / 2)
    return st__op_error(c, ST_ERR_ARG,
                        "padding [%lld, %lld] must be at most half the kernel [%lld, %lld]",
                        (long long)p[0], (long long)p[1], (long long)k[0], (long long)k[1]);
  return 0;
}

static int infer_pool2d(const st_opcall *c, st_meta *m) {
  const st_tensor *x = c->in[0];
  const int64_t ones[2] = {1, 1};
  int64_t hw[2];
  if (check_pool_args(c, x, "input")) return -1;
  if (st__window_sizes(c, x, c->a.pool.kernel, c->a.pool.stride, c->a.pool.padding, ones, "kernel",
                       hw))
    return -1;
  int64_t shape[4];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[x->ndim - 2] = hw[0];
  shape[x->ndim - 1] = hw[1];
  st__meta_set(m, x->dtype, x->ndim, shape);
  if (c->op->id == ST_OP_max_pool2d) st__meta_set(&m[1], ST_I64, x->ndim, shape);
  return 0;
}

/* The kernels' geometry: n images of c planes, input {h, w} and output {oh, ow} sizes, with the
   pool view's pairs. */
static st_pool2d_geom pool_geom(const st_attrs *a, int64_t n, int64_t c, const int64_t *hw,
                                const int64_t *ohw) {
  const int64_t *k = a->pool.kernel, *sp = a->pool.stride, *pp = a->pool.padding;
  return (st_pool2d_geom){.n = n, .c = c, .h = hw[0], .w = hw[1], .oh = ohw[0], .ow = ohw[1],
                          .kernel = {k[0], k[1]}, .stride = {sp[0], sp[1]}, .pad = {pp[0], pp[1]}};
}

static int kernel_pool2d(const st_opcall *c, st_tensor *const *out) {
  st_tensor *x = c->in[0], *y = out[0];
  bool batched = x->ndim == 4;
  int k = batched ? 1 : 0;
  st_pool2d_geom g = pool_geom(&c->a, batched ? x->shape[0] : 1, x->shape[k], x->shape + k + 1,
                               y->shape + y->ndim - 2);
  int64_t xs[4] = {batched ? x->strides[0] : 0, x->strides[k], x->strides[k + 1],
                   x->strides[k + 2]};
  if (c->op->id == ST_OP_max_pool2d)
    st__k_max_pool2d(x->dtype, &g, st__data(x), xs, st__data(y), (int64_t *)st__data(out[1]));
  else st__k_avg_pool2d(x->dtype, &g, st__data(x), xs, st__data(y));
  return 0;
}

/* derivatives.yaml, max_pool2d_with_indices: max_pool2d_with_indices_backward, which adds each g
   at its window's maximum (the saved positions): a scatter_add into zeros of the flattened
   planes. Its own derivative is the gather of those positions in g and none in x (the positions
   are constant where the max is differentiable). The indices are detached as in dropout's rule. */
static st_tensor *max_pool2d_backward(const st_vjp_args *a, st_tensor *g) {
  const st_tensor_meta *x = &a->in_meta[0];
  int64_t shape[ST_MAX_DIMS];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[x->ndim - 2] *= shape[x->ndim - 1];
  st_tensor *z = st_zeros(g->dtype, x->ndim - 1, shape), *at = st_detach(a->out[1]);
  st_tensor *idx = st_flatten(at, -2, -1), *src = st_flatten(g, -2, -1);
  st_tensor *flat = st_scatter_add(z, -1, idx, src), *r = st_reshape(flat, x->ndim, x->shape);
  st_release(z), st_release(at), st_release(idx), st_release(src), st_release(flat);
  return r;
}
static int vjp_max_pool2d(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  ST_GRAD(0, max_pool2d_backward(a, gout[0]));
  return 0;
}

/* derivatives.yaml, avg_pool2d: avg_pool2d_backward, the adjoint of the (linear) pooling. */
static int vjp_avg_pool2d(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  const st_tensor_meta *x = &a->in_meta[0];
  const st_attrs *at = a->a;
  ST_GRAD(0, st__avg_pool2d_backward(gout[0], x->shape + x->ndim - 2, at->pool.kernel,
                                     at->pool.stride, at->pool.padding));
  return 0;
}

/* derivatives.yaml, max_pool2d_with_indices: "result0: gather(self_t.flatten(-2), -1,
   result1.flatten(-2)).view_as(result1)", the tangent at each window's maximum; the indices
   have none. avg_pool2d is linear (auto_linear): st__jvp_linear. */
static int jvp_max_pool2d(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  st_tensor *at = st_flatten(a->out[1], -2, -1);
  st_tensor *g = st_gather(st_flatten(tin[0], -2, -1), -1, at);
  ST_TRY(tout[0] = st_reshape(g, a->out[0]->ndim, a->out[0]->shape));
  return 0;
}

/* The pools act on each [H, W] plane: the lanes fold into N. */
static int vmap_pool2d(const st_vmap_args *a, st_tensor **out, int *out_bdim) {
  return st__vmap_fold_n(a, a->c, 4, out, out_bdim);
}

/* The pools' attributes: kernel {kh, kw}, stride {sh, sw}, padding p, and for
   avg_pool2d_backward an input size {size, size} (0: none). */
static st_attrs pool_sample_attrs(int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t p,
                                  int64_t size) {
  st_attrs a = {.pool = {.kernel = {kh, kw},
                         .stride = {sh, sw},
                         .padding = {p, p},
                         .has_kernel = true,
                         .has_size = size != 0},
                .nlist = size ? 2 : 0,
                .list = {size, size}};
  return a;
}

/* [1, 2, 4, 4] images (or unbatched [2, 4, 4]) with 2x2 windows, overlapping padded 3x3 ones and
   an empty batch. The sample values are distinct, so every window has one maximum, away from a
   tie by far more than the finite differences' step; the stride-0 layout repeats rows, so its
   windows lie within a row there (1x2). Errors: padding over half the kernel, a 2-D input and
   an i64 input (max_pool2d), no kernel (avg_pool2d). */
static int samples_pool2d(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = pool_sample_attrs(2, 2, 2, 2, 0, 0);
  PUSH("contiguous", 1, SMP(1, 2, 4, 4));
  PUSH("unbatched", 1, SMP(2, 4, 4));
  PUSH("non-contiguous", 1, SMP_NC(1, 2, 4, 4));
  PUSH("size-0", 1, SMP(0, 2, 4, 4));
  FAIL("2-D input", ST_ERR_SHAPE, 1, SMP(4, 4));
  if (op->id == ST_OP_max_pool2d) FAIL("i64 input", ST_ERR_DTYPE, 1, SMP_AS(ST_I64, 1, 2, 4, 4));
  a.pool.has_kernel = 0;
  if (op->id == ST_OP_avg_pool2d) FAIL("no kernel", ST_ERR_ARG, 1, SMP(1, 2, 4, 4));
  a = pool_sample_attrs(1, 2, 1, 2, 0, 0);
  PUSH("broadcast", 1, SMP_BC(1, 2, 4, 4));
  a = pool_sample_attrs(3, 3, 1, 1, 1, 0);
  PUSH("kernel 3, stride 1, padding 1", 1, SMP(1, 2, 4, 4));
  a = pool_sample_attrs(2, 3, 1, 2, 0, 0);
  PUSH("kernel 2x3, stride 1x2", 1, SMP_NC(2, 4, 5));
  a = pool_sample_attrs(2, 2, 2, 2, 2, 0);
  FAIL("padding over half the kernel", ST_ERR_ARG, 1, SMP(1, 2, 4, 4));
  return n;
}

const st_op st__op_max_pool2d = {.id = ST_OP_max_pool2d, .name = "max_pool2d", .nin = 1, .nout = 2,
                                 .infer = infer_pool2d, .kernel = kernel_pool2d,
                                 .saves = ST_SAVE_OUT(1), .vjp = vjp_max_pool2d,
                                 .jvp = jvp_max_pool2d, .vmap = vmap_pool2d,
                                 .samples = samples_pool2d};
const st_op st__op_avg_pool2d = {.id = ST_OP_avg_pool2d, .name = "avg_pool2d", .nin = 1, .nout = 1,
                                 .infer = infer_pool2d, .kernel = kernel_pool2d,
                                 .vjp = vjp_avg_pool2d, .jvp = st__jvp_linear, .vmap = vmap_pool2d,
                                 .samples = samples_pool2d};

/* ---- avg_pool2d_backward: in = g; the pool view as the pools', and the list the input's
        {h, w} size; pool.has_size (input size given) */

static int infer_avg_pool2d_backward(const st_opcall *c, st_meta *m) {
  const st_tensor *g = c->in[0];
  const int64_t *hw = c->a.list, *k = c->a.pool.kernel, *sp = c->a.pool.stride,
                *pp = c->a.pool.padding;
  int64_t span, shape[4];
  if (check_pool_args(c, g, "grad")) return -1;
  if (!c->a.pool.has_size) return st__op_error(c, ST_ERR_ARG, "the input size is NULL");
  if (hw[0] < 0 || hw[1] < 0)
    return st__op_error(c, ST_ERR_ARG, "input size [%lld, %lld] must be non-negative",
                        (long long)hw[0], (long long)hw[1]);
  int64_t oh = st__window_count(hw[0], pp[0], k[0], 1, sp[0], &span);
  int64_t ow = st__window_count(hw[1], pp[1], k[1], 1, sp[1], &span);
  if (oh != g->shape[g->ndim - 2] || ow != g->shape[g->ndim - 1])
    return st__op_error(c, ST_ERR_SHAPE,
                        "grad %s does not match the pooled size [%lld, %lld] of an input [%lld, "
                        "%lld]",
                        ST_SHAPE_STR(g), (long long)oh, (long long)ow, (long long)hw[0],
                        (long long)hw[1]);
  memcpy(shape, g->shape, sizeof(int64_t) * (size_t)g->ndim);
  shape[g->ndim - 2] = hw[0];
  shape[g->ndim - 1] = hw[1];
  if (st__check_shape("st__avg_pool2d_backward", g->ndim, shape, g->dtype)) return -1;
  st__meta_set(m, g->dtype, g->ndim, shape);
  return 0;
}

static int kernel_avg_pool2d_backward(const st_opcall *c, st_tensor *const *out) {
  st_tensor *gx = out[0], *g = st__contig_as(c->in[0], gx->dtype);
  if (!g) return -1;
  int k = g->ndim == 4 ? 1 : 0;
  st_pool2d_geom geo =
      pool_geom(&c->a, k ? g->shape[0] : 1, g->shape[k], c->a.list, g->shape + k + 1);
  st__k_avg_pool2d_backward(gx->dtype, &geo, st__data(g), st__data(gx));
  st__drop(g);
  return 0;
}

/* It is linear in g, and its adjoint is the pooling itself (avg_pool2d_backward's entry in
   derivatives.yaml: grad_output gets avg_pool2d(grad)). */
static int vjp_avg_pool2d_backward(const st_vjp_args *a, st_tensor *const *gout,
                                   st_tensor **gin) {
  const st_attrs *at = a->a;
  ST_GRAD(0, st_avg_pool2d(gout[0], at->pool.kernel, at->pool.stride, at->pool.padding));
  return 0;
}

/* The gradients of avg_pool2d's samples: 2x2 windows of a 4x4 input and of a 5x5 one (whose last
   row and column no window reads), overlapping padded 3x3 windows, unbatched, in every layout,
   an empty batch. Errors: a grad that is not the pooled size and no input size. */
static int samples_avg_pool2d_backward(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  double lo = -2, hi = 2;
  int n = 0;
  st_attrs a = pool_sample_attrs(2, 2, 2, 2, 0, 4);
  PUSH("contiguous", 1, SMP(1, 2, 2, 2));
  PUSH("unbatched", 1, SMP(2, 2, 2));
  PUSH("non-contiguous", 1, SMP_NC(1, 2, 2, 2));
  PUSH("broadcast", 1, SMP_BC(1, 2, 2, 2));
  PUSH("size-0", 1, SMP(0, 2, 2, 2));
  FAIL("grad is not the pooled size", ST_ERR_SHAPE, 1, SMP(1, 2, 3, 3));
  a.pool.has_size = 0;
  FAIL("no input size", ST_ERR_ARG, 1, SMP(1, 2, 2, 2));
  a = pool_sample_attrs(2, 2, 2, 2, 0, 5);
  PUSH("input 5x5", 1, SMP(1, 2, 2, 2));
  a = pool_sample_attrs(3, 3, 1, 1, 1, 4);
  PUSH("kernel 3, stride 1, padding 1", 1, SMP(1, 2, 4, 4));
  return n;
}

const st_op st__op_avg_pool2d_backward = {
    .id = ST_OP_avg_pool2d_backward, .name = "avg_pool2d_backward", .nin = 1, .nout = 1,
    .infer = infer_avg_pool2d_backward, .kernel = kernel_avg_pool2d_backward,
    .vjp = vjp_avg_pool2d_backward, .jvp = st__jvp_linear, .vmap = vmap_pool2d,
    .samples = samples_avg_pool2d_backward};


/* ------------------------------------------------------------------------ public functions */

static void pool_attrs(st_attrs *a, const int64_t *kernel, const int64_t *stride,
                       const int64_t *padding) {
  a->pool.has_kernel = kernel != NULL;
  st__put_pair(a->pool.kernel, kernel, 1);
  st__put_pair(a->pool.stride, stride ? stride : kernel, 1);
  st__put_pair(a->pool.padding, padding, 0);
}

static st_tensor *pool2d(st_op_id id, st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding) {
  st_opcall c = {.op = st__ops[id], .nin = 1, .in = (st_tensor *const[]){x}};
  pool_attrs(&c.a, kernel, stride, padding);
  return st__call1(&c);
}

st_tensor *st__max_pool2d_with_indices(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                                       const int64_t *padding, st_tensor **indices) {
  st_opcall c = ST_CALL(max_pool2d, x);
  pool_attrs(&c.a, kernel, stride, padding);
  return st__call2(&c, indices);
}

st_tensor *st__avg_pool2d_backward(st_tensor *g, const int64_t *input_hw, const int64_t *kernel,
                                   const int64_t *stride, const int64_t *padding) {
  st_opcall c = ST_CALL(avg_pool2d_backward, g);
  pool_attrs(&c.a, kernel, stride, padding);
  st__put_pair(c.a.list, input_hw, 0);
  c.a.nlist = 2;
  c.a.pool.has_size = input_hw != NULL;
  return st__call1(&c);
}

st_tensor *st_max_pool2d(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding) {
  return pool2d(ST_OP_max_pool2d, x, kernel, stride, padding);
}
st_tensor *st_avg_pool2d(st_tensor *x, const int64_t *kernel, const int64_t *stride,
                         const int64_t *padding) {
  return pool2d(ST_OP_avg_pool2d, x, kernel, stride, padding);
}
