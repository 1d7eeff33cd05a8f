/* test_decomp.c — every decomposition against its native op: values in float64 (relative error
   at most 1e-12) and float32 (within the native kernel's own error plus 1e-7, both measured
   against float64), and gradients through the decomposition against the native rule's. Also:
   a transform without a rule for an op uses its decomposition. */
#include "tx.h"
#include "util.h"

typedef st_tensor *(*op_fn)(st_tensor *const *in);

static st_tensor *f_sub(st_tensor *const *in) { return st_sub(in[0], in[1]); }
static st_tensor *f_div(st_tensor *const *in) { return st_div(in[0], in[1]); }
static st_tensor *f_square(st_tensor *const *in) { return st_square(in[0]); }
static st_tensor *f_rsqrt(st_tensor *const *in) { return st_rsqrt(st_abs(in[0])); }
static st_tensor *f_sigmoid(st_tensor *const *in) { return st_sigmoid(in[0]); }
static st_tensor *f_silu(st_tensor *const *in) { return st_silu(in[0]); }
static st_tensor *f_gelu(st_tensor *const *in) { return st_gelu(in[0]); }
static st_tensor *f_softplus(st_tensor *const *in) { return st_softplus(st_mul_scalar(in[0], 8)); }
static st_tensor *f_mean(st_tensor *const *in) {
  return st_mean(in[0], 1, (const int[]){-1}, false);
}
static st_tensor *f_mean_all(st_tensor *const *in) { return st_mean_all(in[0]); }
static st_tensor *f_var(st_tensor *const *in) {
  return st_var(in[0], 1, (const int[]){0}, 1.0, true);
}
static st_tensor *f_std(st_tensor *const *in) {
  return st_std(in[0], 1, (const int[]){1}, 0.0, false);
}
static st_tensor *f_norm(st_tensor *const *in) {
  return st_norm(in[0], 1, (const int[]){1}, false);
}
static st_tensor *f_logsumexp(st_tensor *const *in) {
  return st_logsumexp(in[0], 1, (const int[]){1}, false);
}
static st_tensor *f_logsumexp_k(st_tensor *const *in) {
  return st_logsumexp(in[0], 1, (const int[]){0}, true);
}
static st_tensor *f_softmax(st_tensor *const *in) { return st_softmax(in[0], -1); }
static st_tensor *f_log_softmax(st_tensor *const *in) { return st_log_softmax(in[0], 0); }
static st_tensor *f_mse(st_tensor *const *in) {
  return st_mse_loss(in[0], in[1], ST_REDUCTION_MEAN);
}
static st_tensor *f_mse_none(st_tensor *const *in) {
  return st_mse_loss(in[0], in[1], ST_REDUCTION_NONE);
}
static st_tensor *f_xent(st_tensor *const *in) {
  return st_cross_entropy(in[0], st_from_data(ST_I64, ST_SHAPE(3), (int64_t[]){1, 0, 3}),
                          ST_REDUCTION_MEAN);
}
static st_tensor *f_xent1(st_tensor *const *in) {
  return st_cross_entropy(st_select(in[0], 0, 1), st_scalar(ST_I64, 2), ST_REDUCTION_SUM);
}
static st_tensor *f_nll(st_tensor *const *in) {
  return st_nll_loss(in[0], st_from_data(ST_I64, ST_SHAPE(3), (int64_t[]){2, 2, 0}),
                     ST_REDUCTION_NONE);
}
static st_tensor *f_layer_norm(st_tensor *const *in) {
  return st_layer_norm(in[0], 1, (const int64_t[]){4}, in[1], st_select(in[0], 0, 0), 1e-5);
}
static st_tensor *f_layer_norm2(st_tensor *const *in) {
  return st_layer_norm(in[0], 2, (const int64_t[]){3, 4}, NULL, NULL, 1e-5);
}
static st_tensor *f_linear(st_tensor *const *in) {
  return st_linear(in[0], in[0], st_select(in[0], 1, 0));
}
static st_tensor *f_mm(st_tensor *const *in) { return st_mm(in[0], st_transpose(in[0], 0, 1)); }
static st_tensor *f_bmm(st_tensor *const *in) {
  return st_bmm(st_unsqueeze(in[0], 0), st_unsqueeze(st_transpose(in[0], 0, 1), 0));
}
static st_tensor *f_dot(st_tensor *const *in) { return st_dot(in[1], st_select(in[0], 0, 0)); }
static st_tensor *f_outer(st_tensor *const *in) { return st_outer(in[1], st_select(in[0], 1, 2)); }

typedef struct {
  const char *name;
  op_fn f;
} dcase;
static const dcase CASES[] = {
    {"sub", f_sub},
    {"div", f_div},
    {"square", f_square},
    {"rsqrt", f_rsqrt},
    {"sigmoid", f_sigmoid},
    {"silu", f_silu},
    {"gelu", f_gelu},
    {"softplus", f_softplus},
    {"mean", f_mean},
    {"mean_all", f_mean_all},
    {"var", f_var},
    {"std", f_std},
    {"norm", f_norm},
    {"logsumexp", f_logsumexp},
    {"logsumexp_keep", f_logsumexp_k},
    {"softmax", f_softmax},
    {"log_softmax", f_log_softmax},
    {"mse_loss", f_mse},
    {"mse_loss_none", f_mse_none},
    {"cross_entropy", f_xent},
    {"cross_entropy_1d", f_xent1},
    {"nll_loss", f_nll},
    {"layer_norm", f_layer_norm},
    {"layer_norm_2d", f_layer_norm2},
    {"linear", f_linear},
    {"mm", f_mm},
    {"bmm", f_bmm},
    {"dot", f_dot},
    {"outer", f_outer},
};
enum { NCASES = sizeof CASES / sizeof CASES[0] };

/* inputs: a [3, 4] matrix and a [4] vector, both away from 0 */
static void inputs(st_dtype dt, st_tensor **in) {
  st_manual_seed(42);
  in[0] = st_to_dtype(st_add_scalar(st_mul_scalar(st_rand(ST_F64, ST_SHAPE(3, 4)), 2.0), 0.25), dt);
  in[1] = st_to_dtype(st_add_scalar(st_mul_scalar(st_rand(ST_F64, ST_SHAPE(4)), -3.0), -0.5), dt);
}

static st_tensor *run(const dcase *k, st_tensor *const *in, bool force) {
  bool prev = st_set_force_decompositions(force);
  st_tensor *r = k->f(in);
  st_set_force_decompositions(prev);
  return r;
}

static void values(st_tensor *t, double *v, int64_t n) { st_to_f64(t, v, n); }

TEST(decomp_values_f64_and_f32) {
  for (int k = 0; k < NCASES; k++) {
    st_scope_push();
    st_tensor *in64[2], *in32[2];
    inputs(ST_F64, in64);
    inputs(ST_F32, in32);
    st_tensor *ref = run(&CASES[k], in64, false), *dec = run(&CASES[k], in64, true);
    st_tensor *nat32 = run(&CASES[k], in32, false), *dec32 = run(&CASES[k], in32, true);
    if (!ref || !dec || !nat32 || !dec32) {
      st_test_fail(__FILE__, __LINE__, "%s: %s", CASES[k].name, st_last_error());
      st_scope_pop();
      continue;
    }
    int64_t n = st_numel(ref);
    double r[64], d[64], a[64], b[64];
    values(ref, r, n);
    values(dec, d, n);
    values(nat32, a, n);
    values(dec32, b, n);
    CHECK_EQ_INT(st_dtype_of(dec32), ST_F32);
    for (int64_t i = 0; i < n; i++) {
      if (!(fabs(d[i] - r[i]) <= 1e-12 * (1 + fabs(r[i]))))
        st_test_fail(__FILE__, __LINE__, "%s f64 element %lld: decomposition %.17g, native %.17g",
                     CASES[k].name, (long long)i, d[i], r[i]);
      if (!(fabs(b[i] - r[i]) <= fabs(a[i] - r[i]) + 1e-7 * (1 + fabs(r[i]))))
        st_test_fail(__FILE__, __LINE__,
                     "%s f32 element %lld: decomposition off by %.3g, native by %.3g",
                     CASES[k].name, (long long)i, fabs(b[i] - r[i]), fabs(a[i] - r[i]));
    }
    st_scope_pop();
  }
}

TEST(decomp_gradients_match_native_rules) {
  for (int k = 0; k < NCASES; k++) {
    st_scope_push();
    st_tensor *in[2], *g[2][2] = {{0}};
    inputs(ST_F64, in);
    for (int force = 0; force < 2; force++) {
      st_tensor *x[2] = {st_detach(in[0]), st_detach(in[1])};
      st_set_requires_grad(x[0], true);
      st_set_requires_grad(x[1], true);
      st_tensor *y = run(&CASES[k], x, force);
      /* a weighted sum, so every output element's gradient matters */
      st_tensor *w = st_sin(st_add_scalar(st_arange(ST_F64, 0, (double)st_numel(y), 1), 1));
      st_tensor *s = st_sum_all(st_mul(st_reshape(y, 1, (const int64_t[]){-1}), w));
      st_grad_opts o = {.allow_unused = true, .materialize_grads = true};
      if (st_autograd_grad(1, &s, NULL, 2, x, g[force], &o))
        st_test_fail(__FILE__, __LINE__, "%s: %s", CASES[k].name, st_last_error());
    }
    for (int i = 0; i < 2; i++) {
      double want[16];
      if (!g[0][i] || !g[1][i]) continue;
      st_to_f64(g[0][i], want, st_numel(g[0][i]));
      if (!st_test_close(__FILE__, __LINE__, g[1][i], want, st_numel(g[0][i]), 1e-10))
        st_test_fail(__FILE__, __LINE__, "%s: gradient of input %d through the decomposition",
                     CASES[k].name, i);
    }
    st_scope_pop();
  }
}

/* Under forced decompositions every transform still agrees with the loop and differences. */
static int composite(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *h = st_layer_norm(st_gelu(in[0]), 1, (const int64_t[]){4}, NULL, NULL, 1e-5);
  out[0] = st_add(st_logsumexp(st_log_softmax(h, -1), 1, (const int[]){-1}, false),
                  st_std(h, 1, (const int[]){-1}, 1.0, false));
  return out[0] ? 0 : -1;
}

TEST(decomp_forced_under_transforms) {
  st_scope_push();
  bool prev = st_set_force_decompositions(true);
  st_tensor *in[1] = {st_randn(ST_F64, ST_SHAPE(3, 4))};
  CHECK(CHECK_VMAP_ALL(composite, NULL, 1, in, 1, 3, 1e-12));
  CHECK(CHECK_JVP_FD(composite, NULL, 1, in, 1, 1e-6, 1e-6));
  CHECK(CHECK_TRANSPOSE(composite, NULL, 1, in, 1, 1e-10));
  st_set_force_decompositions(prev);
  st_scope_pop();
}
