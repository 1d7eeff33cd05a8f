/* layers.c — layers as parameters in an st_params plus a pure apply function of the parameter
   array (Linear, Conv1d, Conv2d, LayerNorm, BatchNorm, Embedding, an MLP builder), with
   torch.nn's default initializations (reset_parameters of each module) and parameter names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "train.h"

st_tensor *st_activate(st_tensor *x, st_activation act) {
  if (!x) return st__tr_null_arg("st_activate", 1), NULL;
  switch (act) {
  case ST_ACT_NONE: return st_add_scalar(x, 0); /* a new reference, as every op returns */
  case ST_ACT_RELU: return st_relu(x);
  case ST_ACT_TANH: return st_tanh(x);
  case ST_ACT_SIGMOID: return st_sigmoid(x);
  case ST_ACT_GELU: return st_gelu(x);
  case ST_ACT_SILU: return st_silu(x);
  }
  st__tr_error(ST_ERR_ARG, "st_activate: unknown activation %d", (int)act);
  return NULL;
}

/* ------------------------------------------------------------------------------- creation */

/* dtype 0 is ST_F32, the default. */
static int check_layer_dtype(const char *fn, st_dtype dt) {
  if (dt != ST_F32 && dt != ST_F64)
    return st__tr_error(ST_ERR_DTYPE, "%s: layers hold f32 or f64 parameters, not %s", fn,
                        st_dtype_name(dt));
  return 0;
}

/* Adds "<name>.<what>" holding t (which requires grad) to p; returns its index. */
static int add_param(st_params *p, const char *fn, const char *name, const char *what, st_tensor *t,
                     bool buffer) {
  char full[256];
  if (!t) return st__tr_status();
  if (snprintf(full, sizeof full, "%s.%s", name, what) >= (int)sizeof full)
    return st__tr_error(ST_ERR_ARG, "%s: the name \"%s\" is too long", fn, name);
  if (!buffer && st_set_requires_grad(t, true)) return st__tr_status();
  return buffer ? st_params_add_buffer(p, full, t) : st_params_add(p, full, t);
}

static int check_add(const char *fn, const void *l, const st_params *p, const char *name) {
  if (!l) return st__tr_error(ST_ERR_ARG, "%s: the layer is NULL", fn);
  if (!p) return st__tr_error(ST_ERR_ARG, "%s: the container is NULL", fn);
  if (!name || !*name) return st__tr_error(ST_ERR_ARG, "%s: the layer needs a name", fn);
  return 0;
}

/* torch.nn.Linear / _ConvNd.reset_parameters: weight kaiming_uniform(a = sqrt(5)), i.e.
   U(-1/sqrt(fan_in), 1/sqrt(fan_in)), and the bias from the same bound. */
static int add_weight_bias(st_params *p, const char *fn, const char *name, st_dtype dt, int wdim,
                           const int64_t *wshape, int64_t out, bool bias) {
  st_tensor *w = st_zeros(dt, wdim, wshape);
  int64_t fan_in = 0;
  if (!w || st_init_kaiming_uniform_(w, sqrt(5.0), ST_FAN_IN, ST_GAIN_LEAKY_RELU) ||
      st_init_fans(w, &fan_in, NULL))
    return st__tr_status();
  int index = add_param(p, fn, name, "weight", w, false);
  if (index < 0 || !bias) return index;
  st_tensor *b = st_zeros(dt, ST_SHAPE(out));
  double bound = fan_in > 0 ? 1 / sqrt((double)fan_in) : 0;
  if (!b || st_init_uniform_(b, -bound, bound)) return st__tr_status();
  int bi = add_param(p, fn, name, "bias", b, false);
  return bi < 0 ? bi : index;
}

/* Runs an _add body inside a scope: the tensors it makes are held by the container. */
#define IN_SCOPE(expr)                                                                             \
  do {                                                                                             \
    int np_ = st_params_len(p), nb_ = st_params_buffer_len(p);                                     \
    if (st_scope_push()) {                                                                         \
      st_scope_pop();                                                                              \
      return ST_ERR_OOM;                                                                           \
    }                                                                                              \
    int index_ = (expr);                                                                           \
    st_scope_pop();                                                                                \
    if (index_ < 0) { /* a failed add leaves the container as it was */                            \
      st__tr_params_truncate(p, np_, nb_);                                                         \
      return index_;                                                                               \
    }                                                                                              \
    l->index = index_;                                                                             \
    st_clear_error();                                                                              \
    return 0;                                                                                      \
  } while (0)

int st_linear_layer_add(st_linear_layer *l, st_params *p, const char *name) {
  const char *fn = "st_linear_layer_add";
  if (check_add(fn, l, p, name)) return st__tr_status();
  if (l->in < 1 || l->out < 1)
    return st__tr_error(ST_ERR_ARG, "%s: in %lld and out %lld must be positive", fn,
                        (long long)l->in, (long long)l->out);
  if (check_layer_dtype(fn, l->dtype)) return st__tr_status();
  IN_SCOPE(
      add_weight_bias(p, fn, name, l->dtype, 2, (int64_t[]){l->out, l->in}, l->out, !l->no_bias));
}

static int64_t or_default(int64_t v, int64_t dflt) { return v ? v : dflt; }

static int check_conv(const char *fn, int64_t in, int64_t out, int64_t groups, int nk,
                      const int64_t *kernel, st_dtype dt) {
  if (in < 1 || out < 1 || groups < 1 || in % groups || out % groups)
    return st__tr_error(ST_ERR_ARG,
                        "%s: in %lld and out %lld must be positive multiples of groups %lld", fn,
                        (long long)in, (long long)out, (long long)groups);
  for (int k = 0; k < nk; k++)
    if (kernel[k] < 1)
      return st__tr_error(ST_ERR_ARG, "%s: kernel size %lld must be positive", fn,
                          (long long)kernel[k]);
  return check_layer_dtype(fn, dt);
}

int st_conv2d_layer_add(st_conv2d_layer *l, st_params *p, const char *name) {
  const char *fn = "st_conv2d_layer_add";
  if (check_add(fn, l, p, name)) return st__tr_status();
  int64_t g = or_default(l->groups, 1);
  if (check_conv(fn, l->in, l->out, g, 2, l->kernel, l->dtype)) return st__tr_status();
  IN_SCOPE(add_weight_bias(p, fn, name, l->dtype, 4,
                           (int64_t[]){l->out, l->in / g, l->kernel[0], l->kernel[1]}, l->out,
                           !l->no_bias));
}

int st_conv1d_layer_add(st_conv1d_layer *l, st_params *p, const char *name) {
  const char *fn = "st_conv1d_layer_add";
  if (check_add(fn, l, p, name)) return st__tr_status();
  int64_t g = or_default(l->groups, 1);
  if (check_conv(fn, l->in, l->out, g, 1, &l->kernel, l->dtype)) return st__tr_status();
  IN_SCOPE(add_weight_bias(p, fn, name, l->dtype, 3, (int64_t[]){l->out, l->in / g, l->kernel},
                           l->out, !l->no_bias));
}

static int add_affine(st_params *p, const char *fn, const char *name, st_dtype dt, int nd,
                      const int64_t *shape) {
  int index = add_param(p, fn, name, "weight", st_ones(dt, nd, shape), false);
  if (index < 0) return index;
  int bi = add_param(p, fn, name, "bias", st_zeros(dt, nd, shape), false);
  return bi < 0 ? bi : index;
}

int st_layer_norm_layer_add(st_layer_norm_layer *l, st_params *p, const char *name) {
  const char *fn = "st_layer_norm_layer_add";
  if (check_add(fn, l, p, name)) return st__tr_status();
  if (l->nnorm < 1 || l->nnorm > ST_MAX_DIMS)
    return st__tr_error(ST_ERR_ARG, "%s: nnorm is %d", fn, l->nnorm);
  for (int d = 0; d < l->nnorm; d++)
    if (l->shape[d] < 1)
      return st__tr_error(ST_ERR_ARG, "%s: normalized size %lld must be positive", fn,
                          (long long)l->shape[d]);
  if (check_layer_dtype(fn, l->dtype)) return st__tr_status();
  if (l->no_affine) {
    l->index = -1;
    st_clear_error();
    return 0;
  }
  IN_SCOPE(add_affine(p, fn, name, l->dtype, l->nnorm, l->shape));
}

static int add_batch_norm(st_batch_norm_layer *l, st_params *p, const char *fn, const char *name) {
  st_dtype dt = l->dtype;
  int index = -1;
  if (!l->no_affine && (index = add_affine(p, fn, name, dt, 1, &l->features)) < 0) return index;
  if (l->no_running_stats) return index;
  st_tensor *mean = st_zeros(dt, ST_SHAPE(l->features)), *var = st_ones(dt, ST_SHAPE(l->features));
  st_tensor *count = st_zeros(ST_I64, 0, NULL);
  int rc = add_param(p, fn, name, "running_mean", mean, true);
  if (rc >= 0) rc = add_param(p, fn, name, "running_var", var, true);
  if (rc >= 0) rc = add_param(p, fn, name, "num_batches_tracked", count, true);
  if (rc < 0) return rc;
  l->running_mean = mean, l->running_var = var, l->num_batches_tracked = count;
  return index;
}

int st_batch_norm_layer_add(st_batch_norm_layer *l, st_params *p, const char *name) {
  const char *fn = "st_batch_norm_layer_add";
  if (check_add(fn, l, p, name)) return st__tr_status();
  if (l->features < 1)
    return st__tr_error(ST_ERR_ARG, "%s: features %lld must be positive", fn,
                        (long long)l->features);
  if (!(l->momentum >= 0 && l->momentum <= 1) || !(l->eps >= 0))
    return st__tr_error(ST_ERR_ARG, "%s: momentum %g must lie in [0, 1] and eps %g be >= 0", fn,
                        l->momentum, l->eps);
  if (check_layer_dtype(fn, l->dtype)) return st__tr_status();
  int np = st_params_len(p), nb = st_params_buffer_len(p);
  if (st_scope_push()) {
    st_scope_pop();
    return ST_ERR_OOM;
  }
  st_batch_norm_layer built = *l;
  int index = add_batch_norm(&built, p, fn, name);
  st_scope_pop();
  if (index < -1) {
    st__tr_params_truncate(p, np, nb);
    return index;
  }
  *l = built;
  l->index = index;
  st_clear_error();
  return 0;
}

int st_embedding_layer_add(st_embedding_layer *l, st_params *p, const char *name) {
  const char *fn = "st_embedding_layer_add";
  if (check_add(fn, l, p, name)) return st__tr_status();
  if (l->num < 1 || l->dim < 1)
    return st__tr_error(ST_ERR_ARG, "%s: num %lld and dim %lld must be positive", fn,
                        (long long)l->num, (long long)l->dim);
  if (check_layer_dtype(fn, l->dtype)) return st__tr_status();
  /* torch.nn.Embedding.reset_parameters: N(0, 1) */
  IN_SCOPE(add_param(p, fn, name, "weight", st_randn(l->dtype, ST_SHAPE(l->num, l->dim)), false));
}

int st_mlp_add(st_mlp *m, st_params *p, const char *name, int nsizes, const int64_t *sizes,
               st_activation act, st_dtype dtype) {
  const char *fn = "st_mlp_add";
  if (check_add(fn, m, p, name)) return st__tr_status();
  if (nsizes < 2 || nsizes > ST_MLP_MAX_LAYERS + 1 || !sizes)
    return st__tr_error(ST_ERR_ARG, "%s: needs 2 to %d sizes (has %d)", fn, ST_MLP_MAX_LAYERS + 1,
                        nsizes);
  if ((unsigned)act > ST_ACT_SILU)
    return st__tr_error(ST_ERR_ARG, "%s: unknown activation %d", fn, (int)act);
  st_mlp built = {.nlayers = nsizes - 1, .act = act};
  int np = st_params_len(p), nb = st_params_buffer_len(p);
  for (int i = 0; i + 1 < nsizes; i++) {
    char layer[240];
    if (snprintf(layer, sizeof layer, "%s.%d", name, i) >= (int)sizeof layer)
      return st__tr_error(ST_ERR_ARG, "%s: the name \"%s\" is too long", fn, name);
    built.layers[i] = (st_linear_layer){.in = sizes[i], .out = sizes[i + 1], .dtype = dtype};
    int rc = st_linear_layer_add(&built.layers[i], p, layer);
    if (rc) { /* the layers added before this one go too */
      st__tr_params_truncate(p, np, nb);
      return rc;
    }
  }
  *m = built;
  return 0;
}

/* ---------------------------------------------------------------------------------- apply */

/* Runs an apply body in a scope of its own: only the result leaves it (kept into the caller's
   scope, or owned by the caller when none is open), its temporaries go with the scope. */
#define SCOPED(fn, expr)                                                                           \
  do {                                                                                             \
    if (st_scope_push()) {                                                                         \
      st_scope_pop();                                                                              \
      return st__tr_error(ST_ERR_OOM, "%s: out of memory", fn), NULL;                              \
    }                                                                                              \
    st_tensor *y_ = (expr);                                                                        \
    if (y_) st_keep(y_);                                                                           \
    st_scope_pop();                                                                                \
    return y_;                                                                                     \
  } while (0)

/* params[index + k], or an error naming the layer's call when the array is too short to hold
   it (a NULL entry is a NULL-propagating argument). */
static st_tensor *param_at(const char *fn, st_tensor *const *params, int index) {
  if (!params) return st__tr_error(ST_ERR_ARG, "%s: params is NULL", fn), NULL;
  if (index < 0)
    return st__tr_error(ST_ERR_ARG, "%s: the layer was not added to a container", fn), NULL;
  return params[index];
}

st_tensor *st_linear_layer_apply(const st_linear_layer *l, st_tensor *const *params, st_tensor *x) {
  const char *fn = "st_linear_layer_apply";
  if (!l) return st__tr_error(ST_ERR_ARG, "%s: the layer is NULL", fn), NULL;
  st_tensor *w = param_at(fn, params, l->index);
  if (!w) return NULL;
  return st_linear(x, w, l->no_bias ? NULL : params[l->index + 1]);
}

/* Runs a batched op on an unbatched input by adding and then removing a leading batch dim. */
static st_tensor *conv2d_any(st_tensor *x, bool unbatched, st_tensor *w, st_tensor *b,
                             const int64_t *stride, const int64_t *pad, const int64_t *dil,
                             int64_t groups) {
  st_tensor *y = st_conv2d(unbatched ? st_unsqueeze(x, 0) : x, w, b, stride, pad, dil, groups);
  return unbatched ? st_squeeze(y, 0) : y;
}

st_tensor *st_conv2d_layer_apply(const st_conv2d_layer *l, st_tensor *const *params, st_tensor *x) {
  const char *fn = "st_conv2d_layer_apply";
  if (!l) return st__tr_error(ST_ERR_ARG, "%s: the layer is NULL", fn), NULL;
  st_tensor *w = param_at(fn, params, l->index);
  if (!w || !x) return x ? NULL : (st__tr_null_arg(fn, 3), NULL);
  int nd = st_ndim(x);
  if (nd != 3 && nd != 4)
    return st__tr_error(ST_ERR_SHAPE, "%s: x must be [N, C, H, W] or [C, H, W], not %d-dim", fn,
                        nd),
           NULL;
  int64_t stride[2] = {or_default(l->stride[0], 1), or_default(l->stride[1], 1)};
  int64_t dil[2] = {or_default(l->dilation[0], 1), or_default(l->dilation[1], 1)};
  SCOPED(fn, conv2d_any(x, nd == 3, w, l->no_bias ? NULL : params[l->index + 1], stride, l->padding,
                        dil, or_default(l->groups, 1)));
}

/* st_conv1d (itself a 2-D convolution over a unit height), with the layer's defaults. */
st_tensor *st_conv1d_layer_apply(const st_conv1d_layer *l, st_tensor *const *params, st_tensor *x) {
  const char *fn = "st_conv1d_layer_apply";
  if (!l) return st__tr_error(ST_ERR_ARG, "%s: the layer is NULL", fn), NULL;
  st_tensor *w = param_at(fn, params, l->index);
  if (!w || !x) return x ? NULL : (st__tr_null_arg(fn, 3), NULL);
  int64_t stride = or_default(l->stride, 1), pad = l->padding, dil = or_default(l->dilation, 1);
  return st_conv1d(x, w, l->no_bias ? NULL : params[l->index + 1], &stride, &pad, &dil,
                   or_default(l->groups, 1));
}

st_tensor *st_layer_norm_layer_apply(const st_layer_norm_layer *l, st_tensor *const *params,
                                     st_tensor *x) {
  const char *fn = "st_layer_norm_layer_apply";
  if (!l) return st__tr_error(ST_ERR_ARG, "%s: the layer is NULL", fn), NULL;
  st_tensor *w = NULL, *b = NULL;
  if (!l->no_affine) {
    if (!(w = param_at(fn, params, l->index))) return NULL;
    b = params[l->index + 1];
  }
  return st_layer_norm(x, l->nnorm, l->shape, w, b, l->eps ? l->eps : 1e-5);
}

st_tensor *st_embedding_layer_apply(const st_embedding_layer *l, st_tensor *const *params,
                                    st_tensor *indices) {
  const char *fn = "st_embedding_layer_apply";
  if (!l) return st__tr_error(ST_ERR_ARG, "%s: the layer is NULL", fn), NULL;
  st_tensor *w = param_at(fn, params, l->index);
  return w ? st_embedding(w, indices) : NULL;
}

static st_tensor *mlp(const st_mlp *m, st_tensor *const *params, st_tensor *x) {
  st_tensor *h = x;
  for (int i = 0; i < m->nlayers; i++) {
    h = st_linear_layer_apply(&m->layers[i], params, h);
    if (i + 1 < m->nlayers) h = st_activate(h, m->act);
  }
  return h;
}

st_tensor *st_mlp_apply(const st_mlp *m, st_tensor *const *params, st_tensor *x) {
  if (!m || m->nlayers < 1)
    return st__tr_error(ST_ERR_ARG, "st_mlp_apply: the MLP is NULL or has no layers"), NULL;
  SCOPED("st_mlp_apply", mlp(m, params, x));
}

/* ------------------------------------------------------------------------------ batch norm */

/* st_batch_norm with the layer's buffers (training and no running statistics: the batch's),
   then num_batches_tracked += 1 after a training step that updated them. Under st_vmap the
   batch statistics cannot go into the buffers: the refusal says what to do instead. */
static st_tensor *batch_norm(const st_batch_norm_layer *l, st_tensor *const *params, st_tensor *x,
                             bool train) {
  const char *fn = "st_batch_norm_layer_apply";
  int nd = st_ndim(x);
  if (nd < 2 || nd > 4 || st_size(x, 1) != l->features)
    return st__tr_error(ST_ERR_SHAPE, "%s: x must be [N, %lld], [N, %lld, L] or [N, %lld, H, W]",
                        fn, (long long)l->features, (long long)l->features, (long long)l->features),
           NULL;
  bool tracked = !l->no_running_stats, update = train && tracked;
  st_tensor *w = NULL, *b = NULL;
  if (!l->no_affine) {
    if (!(w = param_at(fn, params, l->index))) return NULL;
    b = params[l->index + 1];
  }
  st_tensor *y = st_batch_norm(x, tracked ? l->running_mean : NULL, tracked ? l->running_var : NULL,
                               w, b, train || !tracked, l->momentum ? l->momentum : 0.1,
                               l->eps ? l->eps : 1e-5);
  if (!y && update && st__tr_status() == ST_ERR_TRANSFORM)
    return st__tr_error(ST_ERR_TRANSFORM,
                        "%s: training mode updates the running statistics, which a batch under "
                        "st_vmap does not have (every lane has its own): apply it with train = "
                        "false, or make the layer with no_running_stats",
                        fn),
           NULL;
  if (y && update &&
      st__tr_assign(l->num_batches_tracked, st_add_scalar(l->num_batches_tracked, 1)))
    return NULL;
  return y;
}

st_tensor *st_batch_norm_layer_apply(const st_batch_norm_layer *l, st_tensor *const *params,
                                     st_tensor *x, bool train) {
  const char *fn = "st_batch_norm_layer_apply";
  if (!l) return st__tr_error(ST_ERR_ARG, "%s: the layer is NULL", fn), NULL;
  if (!x) return st__tr_null_arg(fn, 3), NULL;
  if (!l->no_running_stats && (!l->running_mean || !l->running_var || !l->num_batches_tracked))
    return st__tr_error(ST_ERR_ARG, "%s: the layer was not added to a container", fn), NULL;
  SCOPED(fn, batch_norm(l, params, x, train));
}
