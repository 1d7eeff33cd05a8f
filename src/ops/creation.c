/* creation.c — factories, random tensors and casts. Factories have no tensor inputs: their
   attributes carry the dtype (a.dtype) and the shape (a.list[0..nlist)). */
#include <math.h>
#include <string.h>

#include "../kernels/kernels.h"
#include "../kernels/random.h"
#include "op.h"
#include "rules.h"
#include "samples.h"

static int infer_factory(const st_opcall *c, st_meta *m) {
  char fn[48];
  snprintf(fn, sizeof fn, "st_%s", c->op->name);
  if (st__check_shape(fn, c->a.nlist, c->a.list, c->a.dtype)) return -1;
  st__meta_set(m, c->a.dtype, c->a.nlist, c->a.list);
  return 0;
}

/* Whether v converts to i64 without overflow: finite and in [-2^63, 2^63) (the conversion of
   anything else is undefined in C). */
static bool fits_i64(double v) { return v >= -0x1p63 && v < 0x1p63; }

/* ----------------------------------------------------------------- full: scalar.value */

/* An i64 tensor cannot hold NaN, an infinity or a value beyond its range (PyTorch: "value
   cannot be converted to type int64_t without overflow"); bool takes any value (nonzero). */
static int infer_full(const st_opcall *c, st_meta *m) {
  if (infer_factory(c, m)) return -1;
  if (!st__value_fits(c->a.dtype, c->a.scalar.value))
    return st__op_error(c, ST_ERR_ARG, "value %g cannot be converted to %s without overflow",
                        c->a.scalar.value, st_dtype_name(c->a.dtype));
  return 0;
}

static int kernel_full(const st_opcall *c, st_tensor *const *out) {
  st__k_fill(st__view_of(out[0]), c->a.scalar.value);
  return 0;
}
const st_op st__op_full = {.id = ST_OP_full, .name = "full", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_NONDIFF | ST_OP_ALL_DTYPES, .infer = infer_full, .kernel = kernel_full};

/* --------------------------------------------------- from_data: ptr = row-major source buffer */

static int infer_from_data(const st_opcall *c, st_meta *m) {
  if (infer_factory(c, m)) return -1;
  if (!c->a.ptr && st__numel(c->a.nlist, c->a.list) > 0) return st__op_error(c, ST_ERR_ARG, "data is NULL");
  return 0;
}
static int kernel_from_data(const st_opcall *c, st_tensor *const *out) {
  memcpy(st__data(out[0]), c->a.ptr, (size_t)st_numel(out[0]) * st_dtype_size(out[0]->dtype));
  return 0;
}
const st_op st__op_from_data = {.id = ST_OP_from_data, .name = "from_data", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_NONDIFF | ST_OP_ALL_DTYPES, .infer = infer_from_data, .kernel = kernel_from_data};

/* ------------------------------------------------------- arange: range.start, .end, .step */

static int infer_arange(const st_opcall *c, st_meta *m) {
  double start = c->a.range.start, end = c->a.range.end, step = c->a.range.step;
  if (!isfinite(start) || !isfinite(end) || !isfinite(step) || step == 0)
    return st__op_error(c, ST_ERR_ARG, "start %g, end %g and step %g must be finite with step != 0", start,
                        end, step);
  if ((end - start) / step > 1e15) return st__op_error(c, ST_ERR_ARG, "%g..%g by %g is too long", start, end, step);
  int64_t n = (int64_t)ceil((end - start) / step);
  if (n < 0) n = 0;
  if (!st__valid_dtype(c->a.dtype)) return st__op_error(c, ST_ERR_DTYPE, "invalid dtype %d", (int)c->a.dtype);
  if (c->a.dtype == ST_BOOL) return st__op_error(c, ST_ERR_DTYPE, "bool is not a numeric dtype");
  /* the values run monotonically from start to the last one, computed as the kernel does */
  double last = n > 0 ? start + (double)(n - 1) * step : start;
  if (c->a.dtype == ST_I64 && n > 0 && !(fits_i64(start) && fits_i64(last)))
    return st__op_error(c, ST_ERR_ARG, "values from %g to %g cannot be converted to i64 without "
                        "overflow", start, last);
  st__meta_set(m, c->a.dtype, 1, &n);
  return 0;
}
static int kernel_arange(const st_opcall *c, st_tensor *const *out) {
  int64_t n = out[0]->shape[0];
  for (int64_t i = 0; i < n; i++) {
    double v = c->a.range.start + (double)i * c->a.range.step;
    switch (out[0]->dtype) {
    case ST_F32: ((float *)st__data(out[0]))[i] = (float)v; break;
    case ST_F64: ((double *)st__data(out[0]))[i] = v; break;
    default: ((int64_t *)st__data(out[0]))[i] = (int64_t)v; break;
    }
  }
  return 0;
}
const st_op st__op_arange = {.id = ST_OP_arange, .name = "arange", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_NONDIFF, .infer = infer_arange, .kernel = kernel_arange};

/* -------------------------------------------------- linspace: range.start, .end, .steps */

static int infer_linspace(const st_opcall *c, st_meta *m) {
  int64_t steps = c->a.range.steps;
  if (steps < 0) return st__op_error(c, ST_ERR_ARG, "steps %lld is negative", (long long)steps);
  if (!st__valid_dtype(c->a.dtype) || c->a.dtype == ST_BOOL)
    return st__op_error(c, ST_ERR_DTYPE, "dtype %s is not numeric", st_dtype_name(c->a.dtype));
  if (st__check_shape("st_linspace", 1, &c->a.range.steps, c->a.dtype)) return -1;
  /* every value lies between start and end */
  if (c->a.dtype == ST_I64 && steps > 0 &&
      !(fits_i64(c->a.range.start) && fits_i64(c->a.range.end)))
    return st__op_error(c, ST_ERR_ARG,
                        "start %g and end %g cannot be converted to i64 without "
                        "overflow",
                        c->a.range.start, c->a.range.end);
  st__meta_set(m, c->a.dtype, 1, &c->a.range.steps);
  return 0;
}
static int kernel_linspace(const st_opcall *c, st_tensor *const *out) {
  int64_t n = out[0]->shape[0];
  double a = c->a.range.start, b = c->a.range.end, step = n > 1 ? (b - a) / (double)(n - 1) : 0;
  for (int64_t i = 0; i < n; i++) {
    /* Fill from both ends, as PyTorch does, so that the last value is exactly `end`. */
    double v = i < n / 2 ? a + step * (double)i : b - step * (double)(n - 1 - i);
    switch (out[0]->dtype) {
    case ST_F32: ((float *)st__data(out[0]))[i] = (float)v; break;
    case ST_F64: ((double *)st__data(out[0]))[i] = v; break;
    default: ((int64_t *)st__data(out[0]))[i] = (int64_t)v; break;
    }
  }
  return 0;
}
const st_op st__op_linspace = {.id = ST_OP_linspace, .name = "linspace", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_NONDIFF, .infer = infer_linspace, .kernel = kernel_linspace};

/* ------------------------------------------------------------------- eye: eye.shape (n, m) */

static int infer_eye(const st_opcall *c, st_meta *m) {
  const int64_t *rc = c->a.eye.shape;
  if (rc[0] < 0 || rc[1] < 0)
    return st__op_error(c, ST_ERR_ARG, "sizes %lld x %lld must be non-negative", (long long)rc[0],
                        (long long)rc[1]);
  if (st__check_shape("st_eye", 2, rc, c->a.dtype)) return -1;
  st__meta_set(m, c->a.dtype, 2, rc);
  return 0;
}
static int kernel_eye(const st_opcall *c, st_tensor *const *out) {
  st_view v = st__view_of(out[0]);
  st__k_fill(v, 0.0);
  const int64_t *rc = c->a.eye.shape;
  int64_t n = rc[0] < rc[1] ? rc[0] : rc[1], stride = rc[1] + 1;
  st__k_fill((st_view){v.data, v.dtype, 1, &n, &stride}, 1.0); /* the diagonal */
  return 0;
}
const st_op st__op_eye = {.id = ST_OP_eye, .name = "eye", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_NONDIFF | ST_OP_ALL_DTYPES, .infer = infer_eye, .kernel = kernel_eye};

/* ---------------------------------------- random: rand, randn; randint reads randint.low, .high */

static int infer_random_float(const st_opcall *c, st_meta *m) {
  if (infer_factory(c, m)) return -1;
  if (!st__is_float(c->a.dtype))
    return st__op_error(c, ST_ERR_DTYPE, "dtype must be f32 or f64, not %s", st_dtype_name(c->a.dtype));
  return 0;
}
static int kernel_rand(const st_opcall *c, st_tensor *const *out) {
  int64_t n = st_numel(out[0]);
  uint64_t key, first;
  st__rng_reserve(st__k_random_counters(ST_DRAW_UNIFORM, out[0]->dtype, n), &key, &first);
  st__k_uniform(st__data(out[0]), out[0]->dtype, n, key, first);
  (void)c;
  return 0;
}
static int kernel_randn(const st_opcall *c, st_tensor *const *out) {
  int64_t n = st_numel(out[0]);
  uint64_t key, first;
  st__rng_reserve(st__k_random_counters(ST_DRAW_NORMAL, out[0]->dtype, n), &key, &first);
  st__k_normal(st__data(out[0]), out[0]->dtype, n, key, first);
  (void)c;
  return 0;
}
const st_op st__op_rand = {.id = ST_OP_rand, .name = "rand", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_RANDOM | ST_OP_NONDIFF, .infer = infer_random_float, .kernel = kernel_rand};
const st_op st__op_randn = {.id = ST_OP_randn, .name = "randn", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_RANDOM | ST_OP_NONDIFF, .infer = infer_random_float, .kernel = kernel_randn};

static int infer_randint(const st_opcall *c, st_meta *m) {
  if (infer_factory(c, m)) return -1;
  if (c->a.dtype == ST_BOOL) return st__op_error(c, ST_ERR_DTYPE, "dtype must be i64, f32 or f64, not bool");
  if (c->a.randint.low >= c->a.randint.high)
    return st__op_error(c, ST_ERR_ARG, "low %lld must be below high %lld",
                        (long long)c->a.randint.low, (long long)c->a.randint.high);
  return 0;
}
static int kernel_randint(const st_opcall *c, st_tensor *const *out) {
  int64_t n = st_numel(out[0]);
  uint64_t key, first;
  st__rng_reserve(st__k_random_counters(ST_DRAW_INT, out[0]->dtype, n), &key, &first);
  st__k_randint(st__data(out[0]), out[0]->dtype, n, c->a.randint.low, c->a.randint.high, key,
                first);
  return 0;
}
const st_op st__op_randint = {.id = ST_OP_randint, .name = "randint", .nin = 0, .nout = 1,
                              .flags = ST_OP_FACTORY | ST_OP_RANDOM | ST_OP_NONDIFF, .infer = infer_randint, .kernel = kernel_randint};

/* ---- rand_uniform: bounds.lo, .hi (low, high); randn_normal: normal.mean, .std; randperm:
   count.n. The first two draw what rand and randn draw (the same counters) and scale them, as
   torch's uniform_ (low + (high - low) u) and normal_ (mean + std z) do. */

static int infer_random_scaled(const st_opcall *c, st_meta *m) {
  if (infer_random_float(c, m)) return -1;
  bool uniform = c->op->id == ST_OP_rand_uniform;
  double a = uniform ? c->a.bounds.lo : c->a.normal.mean;
  double b = uniform ? c->a.bounds.hi : c->a.normal.std;
  if (uniform && !(isfinite(a) && isfinite(b) && a <= b))
    return st__op_error(c, ST_ERR_ARG, "expects a finite range [low, high), got [%g, %g)", a, b);
  if (c->op->id == ST_OP_randn_normal && !(isfinite(a) && b >= 0 && isfinite(b)))
    return st__op_error(c, ST_ERR_ARG, "expects a finite mean and std >= 0, got mean %g, std %g",
                        a, b);
  return 0;
}

static int kernel_random_scaled(const st_opcall *c, st_tensor *const *out) {
  bool uniform = c->op->id == ST_OP_rand_uniform;
  int rc = uniform ? kernel_rand(c, out) : kernel_randn(c, out);
  double shift = uniform ? c->a.bounds.lo : c->a.normal.mean;
  double scale = uniform ? c->a.bounds.hi - c->a.bounds.lo : c->a.normal.std;
  int64_t n = st_numel(out[0]);
  if (out[0]->dtype == ST_F32) {
    float *v = (float *)st__data(out[0]), fs = (float)scale, fh = (float)shift;
    for (int64_t i = 0; i < n; i++) v[i] = fh + fs * v[i];
  } else {
    double *v = (double *)st__data(out[0]);
    for (int64_t i = 0; i < n; i++) v[i] = shift + scale * v[i];
  }
  return rc;
}
const st_op st__op_rand_uniform = {.id = ST_OP_rand_uniform, .name = "rand_uniform", .nin = 0,
                                   .nout = 1, .flags = ST_OP_FACTORY | ST_OP_RANDOM | ST_OP_NONDIFF,
                                   .infer = infer_random_scaled, .kernel = kernel_random_scaled};
const st_op st__op_randn_normal = {.id = ST_OP_randn_normal, .name = "randn_normal", .nin = 0,
                                   .nout = 1, .flags = ST_OP_FACTORY | ST_OP_RANDOM | ST_OP_NONDIFF,
                                   .infer = infer_random_scaled, .kernel = kernel_random_scaled};

static int infer_randperm(const st_opcall *c, st_meta *m) {
  if (c->a.count.n < 0)
    return st__op_error(c, ST_ERR_ARG, "n must be non-negative, got %lld", (long long)c->a.count.n);
  if (st__check_shape("st_randperm", 1, &c->a.count.n, ST_I64)) return -1;
  st__meta_set(m, ST_I64, 1, &c->a.count.n);
  return 0;
}

/* Fisher-Yates: position i (from the last) swaps with j = floor(u_i (i + 1)), u_i an f64
   uniform of the generator; the draw consumes n f64 uniforms' counters whatever the values. */
static int kernel_randperm(const st_opcall *c, st_tensor *const *out) {
  int64_t n = c->a.count.n, *p = (int64_t *)st__data(out[0]);
  st_tensor *u = st__empty(ST_F64, 1, &n);
  if (!u) return -1;
  uint64_t key, first;
  st__rng_reserve(st__k_random_counters(ST_DRAW_UNIFORM, ST_F64, n), &key, &first);
  st__k_uniform(st__data(u), ST_F64, n, key, first);
  const double *uv = (const double *)st__data(u);
  for (int64_t i = 0; i < n; i++) p[i] = i;
  for (int64_t i = n - 1; i > 0; i--) {
    int64_t j = (int64_t)(uv[i] * (double)(i + 1)), t = p[i];
    if (j > i) j = i; /* u < 1, but guard the rounding of u (i + 1) */
    p[i] = p[j];
    p[j] = t;
  }
  st__drop(u);
  return 0;
}
const st_op st__op_randperm = {.id = ST_OP_randperm, .name = "randperm", .nin = 0, .nout = 1,
                               .flags = ST_OP_FACTORY | ST_OP_RANDOM | ST_OP_NONDIFF,
                               .infer = infer_randperm, .kernel = kernel_randperm};

/* ------------------------------------------------------------ to_dtype: a.dtype = the target */

static int infer_to_dtype(const st_opcall *c, st_meta *m) {
  if (!st__valid_dtype(c->a.dtype)) return st__op_error(c, ST_ERR_DTYPE, "invalid dtype %d", (int)c->a.dtype);
  st__meta_set(m, c->a.dtype, c->in[0]->ndim, c->in[0]->shape);
  return 0;
}
static int kernel_copy(const st_opcall *c, st_tensor *const *out) {
  st__k_copy(st__view_of(out[0]), st__view_of(c->in[0]));
  return 0;
}
/* The gradient of a cast is the gradient cast back (the engine casts to the input's dtype). */
static int vjp_to_dtype(const st_vjp_args *a, st_tensor *const *gout, st_tensor **gin) {
  gin[0] = st_to_dtype(gout[0], a->in_meta[0].dtype);
  return gin[0] ? 0 : st__rule_failed();
}

/* The tangent of a cast is the tangent cast (derivatives.yaml's _to_copy: self_t.to(dtype));
   a cast to an integer or bool dtype has none. */
static int jvp_to_dtype(const st_jvp_args *a, st_tensor *const *tin, st_tensor **tout) {
  if (!tin[0] || !st__is_float(a->a->dtype)) return 0;
  return (tout[0] = st_to_dtype(tin[0], a->a->dtype)) ? 0 : st__rule_failed();
}

/* Samples for the generated test matrix: casts to f64 in every layout (a cast to f32 of an f64
   input would round below the precision of gradcheck's differences), casts to i64 and bool of
   values that every float dtype holds exactly (x.5 truncates the same way in f32 and f64; 0 and
   1), casts from i64 and bool, and an invalid dtype. */
static st_tensor *halves(st_dtype dt, int nd, const int64_t *shape) {
  st_tensor *t = st__sample(dt, nd, shape, -3.0, 3.0);
  st_tensor *r = t ? st__untrack(st_add_scalar(st_floor(t), 0.5)) : NULL;
  st__drop(t);
  return r;
}

static st_tensor *zeros_ones(st_dtype dt, int nd, const int64_t *shape) {
  st_tensor *t = st__sample(dt, nd, shape, 0.0, 2.0);
  st_tensor *r = t ? st__untrack(st_floor(t)) : NULL;
  st__drop(t);
  return r;
}

static int samples_to_dtype(const st_op *op, st_dtype dt, st_sample *out, int cap) {
  (void)op;
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s03[2] = {0, 3};
  st_attrs a = {.dtype = ST_F64};
  int n = 0;
  PUSH("contiguous", 1, st__sample(dt, 2, s23, -2, 2));
  PUSH("non-contiguous", 1, st__sample_noncontig(dt, 2, s32, -2, 2));
  PUSH("broadcast", 1, st__sample_broadcast(dt, 2, s23, -2, 2));
  PUSH("0-dim", 1, st__sample(dt, 0, NULL, -2, 2));
  PUSH("size-0", 1, st__sample(dt, 2, s03, -2, 2));
  a.dtype = ST_I64;
  PUSH("to i64", 1, halves(dt, 2, s23));
  a.dtype = ST_BOOL;
  PUSH("to bool", 1, zeros_ones(dt, 2, s23));
  a.dtype = ST_F64;
  PUSH("from i64", 1, st__sample_index(2, s23, 7));
  PUSH("from bool", 1, st__sample(ST_BOOL, 2, s23, 0, 2));
  a.dtype = (st_dtype)42;
  FAIL("invalid dtype", ST_ERR_DTYPE, 1, st__sample(dt, 2, s23, -2, 2));
  return n;
}

const st_op st__op_to_dtype = {.id = ST_OP_to_dtype, .name = "to_dtype", .nin = 1, .nout = 1,
                              .flags = ST_OP_ALL_DTYPES, .infer = infer_to_dtype, .kernel = kernel_copy, .vjp = vjp_to_dtype,
                              .jvp = jvp_to_dtype, .vmap = st__vmap_elementwise, .samples = samples_to_dtype};

/* ------------------------------------------------------------------------ public functions */

/* A factory call with the shape in a.list (checked later by infer; here only what fits). */
static st_tensor *factory(st_op_id id, st_dtype dt, int ndim, const int64_t *shape, st_attrs a) {
  st_opcall c = {.op = st__ops[id], .nin = 0, .in = NULL, .a = a};
  c.a.dtype = dt;
  if (ndim < 0 || ndim > ST_MAX_DIMS) {
    st__error(ST_ERR_ARG, "st_%s: ndim %d is out of range (0..%d)", c.op->name, ndim, ST_MAX_DIMS);
    return NULL;
  }
  if (ndim && !shape) {
    st__error(ST_ERR_ARG, "st_%s: shape is NULL for ndim %d", c.op->name, ndim);
    return NULL;
  }
  c.a.nlist = ndim;
  if (ndim) memcpy(c.a.list, shape, sizeof(int64_t) * (size_t)ndim);
  return st__call1(&c);
}

st_tensor *st_from_data(st_dtype dt, int ndim, const int64_t *shape, const void *data) {
  return factory(ST_OP_from_data, dt, ndim, shape, (st_attrs){.ptr = data});
}
st_tensor *st_full(st_dtype dt, int ndim, const int64_t *shape, double value) {
  return factory(ST_OP_full, dt, ndim, shape, (st_attrs){.scalar = {value}});
}
st_tensor *st_zeros(st_dtype dt, int ndim, const int64_t *shape) { return st_full(dt, ndim, shape, 0.0); }
st_tensor *st_ones(st_dtype dt, int ndim, const int64_t *shape) { return st_full(dt, ndim, shape, 1.0); }
st_tensor *st_scalar(st_dtype dt, double value) { return st_full(dt, 0, NULL, value); }

st_tensor *st_arange(st_dtype dt, double start, double end, double step) {
  st_opcall c = {.op = st__ops[ST_OP_arange], .a = {.range = {start, end, step}, .dtype = dt}};
  return st__call1(&c);
}
st_tensor *st_linspace(st_dtype dt, double start, double end, int64_t steps) {
  st_opcall c = {.op = st__ops[ST_OP_linspace],
                 .a = {.range = {start, end, .steps = steps}, .dtype = dt}};
  return st__call1(&c);
}
st_tensor *st_eye(st_dtype dt, int64_t n, int64_t m) {
  st_opcall c = {.op = st__ops[ST_OP_eye], .a = {.eye = {{n, m}}, .dtype = dt}};
  return st__call1(&c);
}

st_tensor *st_rand(st_dtype dt, int ndim, const int64_t *shape) {
  return factory(ST_OP_rand, dt, ndim, shape, (st_attrs){0});
}
st_tensor *st_randn(st_dtype dt, int ndim, const int64_t *shape) {
  return factory(ST_OP_randn, dt, ndim, shape, (st_attrs){0});
}
st_tensor *st_randint(st_dtype dt, int64_t low, int64_t high, int ndim, const int64_t *shape) {
  return factory(ST_OP_randint, dt, ndim, shape, (st_attrs){.randint = {low, high}});
}

st_tensor *st_rand_uniform(st_dtype dt, int ndim, const int64_t *shape, double low, double high) {
  return factory(ST_OP_rand_uniform, dt, ndim, shape, (st_attrs){.bounds = {low, high}});
}
st_tensor *st_randn_normal(st_dtype dt, int ndim, const int64_t *shape, double mean, double std) {
  return factory(ST_OP_randn_normal, dt, ndim, shape, (st_attrs){.normal = {mean, std}});
}
st_tensor *st_randperm(int64_t n) {
  st_opcall c = {.op = st__ops[ST_OP_randperm], .a = {.count = {n}, .dtype = ST_I64}};
  return st__call1(&c);
}

/* The *_like forms read only t's dtype and shape. */
#define LIKE(t, fn, make)                                                                          \
  do {                                                                                             \
    if (!t) {                                                                                      \
      st__null_arg(fn, 1);                                                                         \
      return NULL;                                                                                 \
    }                                                                                              \
    return make;                                                                                   \
  } while (0)
st_tensor *st_zeros_like(st_tensor *t) { LIKE(t, "st_zeros_like", st_full(t->dtype, t->ndim, t->shape, 0.0)); }
st_tensor *st_ones_like(st_tensor *t) { LIKE(t, "st_ones_like", st_full(t->dtype, t->ndim, t->shape, 1.0)); }
st_tensor *st_full_like(st_tensor *t, double v) { LIKE(t, "st_full_like", st_full(t->dtype, t->ndim, t->shape, v)); }
st_tensor *st_rand_like(st_tensor *t) { LIKE(t, "st_rand_like", st_rand(t->dtype, t->ndim, t->shape)); }
st_tensor *st_randn_like(st_tensor *t) { LIKE(t, "st_randn_like", st_randn(t->dtype, t->ndim, t->shape)); }

st_tensor *st_to_dtype(st_tensor *t, st_dtype dt) {
  st_opcall c = ST_CALL(to_dtype, t);
  c.a.dtype = dt;
  return st__call1(&c);
}
st_tensor *st_clone(st_tensor *t) {
  if (!t) {
    st__null_arg("st_clone", 1);
    return NULL;
  }
  return st_to_dtype(t, t->dtype);
}
/* An already contiguous t gives a view of itself rather than t: every call returns a distinct
   object (strata.h), and the view op keeps autograd and the transforms right (its gradient is
   the reshape back, a node of its own; PyTorch returns self here). */
st_tensor *st_contiguous(st_tensor *t) {
  if (!t) {
    st__null_arg("st_contiguous", 1);
    return NULL;
  }
  if (!st__is_contiguous(t)) return st_clone(t);
  return st__same_tensor(t); /* torch's contiguous returns self */
}
