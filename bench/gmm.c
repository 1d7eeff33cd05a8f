/* gmm.c — workload 8, a scientific objective: the Gaussian mixture model of ADBench (Srajer,
 * Kukelova and Fitzgibbon, "A benchmark of selected algorithmic differentiation tools on some
 * problems in computer vision and machine learning", 2018; the GMM problem of gradbench),
 * following ADBench's src/python/modules/PyTorch/gmm_objective.py at microsoft/ADBench:
 *
 *     Q_k  = diag(exp(icf[k, :d])) + L_k, L_k strictly lower, filled column by column from
 *            icf[k, d:]
 *     f    = sum_i logsumexp_k(alphas_k + sum(icf[k, :d]) - 0.5 ||Q_k (x_i - means_k)||^2)
 *            - n logsumexp(alphas) - n d/2 log(2 pi)
 *            + sum_k (gamma^2/2 (||exp(icf[k, :d])||^2 + ||icf[k, d:]||^2) - m sum(icf[k, :d]))
 *            - K (n' d log(gamma / sqrt 2) - log Gamma_d(n'/2)),  n' = d + m + 1
 *
 * and its gradient w.r.t. alphas [K], means [K, d] and icf [K, d(d+1)/2], for x [n, d], in
 * float64, on ADBench's inputs (alphas, icf and x N(0, 1), means U(0, 1), gamma 1, m 0):
 *   d2_k5      d = 2,  K = 5,   n = 1000
 *   d64_k100   d = 64, K = 100, n = 1000
 * Every implementation computes it the same way: one gather (the constant index `idx`) lays out
 * all K matrices transposed side by side, Qt [d, K d] with Qt[c, k d + r] = Q_k[r, c], so that
 * Q_k (x_i - means_k) = (x Qt)[i, k] - Q_k means_k takes one GEMM [n, d] x [d, K d] (and one
 * more, x^T dZ, for the gradient: x needs none).
 * Impls: "strata" (st_grad_and_value), "strata_eager" (eager autograd, st_autograd_grad) and, for
 * d64_k100, "gemm_floor" (the two GEMMs alone). Peers (bench/peers/gmm.py): PyTorch eager
 * autograd, JAX without and with jit.
 */
#include "bench.h"

typedef struct {
  double gamma, m; /* the Wishart prior */
} wishart;

/* log of the multivariate gamma function Gamma_p(a) */
static double multigammaln(double a, int p) {
  double s = 0.25 * p * (p - 1) * log(acos(-1.0));
  for (int j = 0; j < p; j++) s += lgamma(a - 0.5 * j);
  return s;
}

/* in: alphas [K], means [K, d], icf [K, d(d+1)/2], x [n, d], idx [d K d]; out: the objective */
static int gmm_objective(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  const wishart *w = ctx;
  st_tensor *alphas = in[0], *means = in[1], *icf = in[2], *x = in[3], *idx = in[4];
  int64_t K = st_size(means, 0), d = st_size(means, 1), n = st_size(x, 0);
  st_tensor *logdiag = st_slice(icf, 1, 0, d, 1), *lower = st_slice(icf, 1, d, st_size(icf, 1), 1);
  st_tensor *qdiag = st_exp(logdiag);
  st_tensor *sum_qs = st_sum(logdiag, 1, (int[]){1}, false); /* [K] */
  /* [K, d(d+1)/2 + 1]: the diagonal, the strictly-lower part and a zero, gathered into Qt */
  st_tensor *parts[3] = {qdiag, lower, st_zeros(ST_F64, ST_SHAPE(K, 1))};
  st_tensor *entries = st_reshape(st_cat(3, parts, 1), ST_SHAPE(-1));
  st_tensor *Qt = st_reshape(st_index_select(entries, 0, idx), ST_SHAPE(d, K * d));
  st_tensor *muT = st_unsqueeze(st_transpose(means, 0, 1), 2); /* [d, K, 1] */
  /* [K, d]: Q_k means_k */
  st_tensor *Qmu = st_sum(st_mul(st_reshape(Qt, ST_SHAPE(d, K, d)), muT), 1, (int[]){0}, false);
  st_tensor *z = st_sub(st_reshape(st_mm(x, Qt), ST_SHAPE(n, K, d)), Qmu);
  st_tensor *sqsum = st_sum(st_square(z), 1, (int[]){2}, false); /* [n, K] */
  st_tensor *inner = st_sub(st_add(alphas, sum_qs), st_mul_scalar(sqsum, 0.5));
  st_tensor *f = st_sub(st_sum_all(st_logsumexp(inner, 1, (int[]){1}, false)),
                        st_mul_scalar(st_logsumexp_all(alphas), (double)n));
  double np = (double)d + w->m + 1;
  double constant = -0.5 * n * d * log(2 * acos(-1.0)) -
                    K * (np * d * log(w->gamma / sqrt(2.0)) - multigammaln(0.5 * np, (int)d));
  st_tensor *frob = st_add(st_sum_all(st_square(qdiag)), st_sum_all(st_square(lower)));
  st_tensor *prior = st_sub(st_mul_scalar(frob, 0.5 * w->gamma * w->gamma),
                            st_mul_scalar(st_sum_all(sum_qs), w->m));
  out[0] = st_add_scalar(st_add(f, prior), constant);
  return out[0] ? 0 : -1;
}

/* idx[c K d + k d + r] = where Q_k[r, c] is in the rows of `entries`, each d(d+1)/2 + 1 long */
static st_tensor *layout_index(int64_t d, int64_t K) {
  int64_t T = d * (d + 1) / 2, *idx = malloc((size_t)(d * K * d) * sizeof *idx);
  for (int64_t c = 0; c < d; c++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t r = 0; r < d; r++) {
        int64_t e = T; /* above the diagonal: the zero */
        if (r == c) e = r;
        /* below: column c of L starts after columns 0..c-1, d - 1 - j entries each */
        if (r > c) e = d + c * (d - 1) - c * (c - 1) / 2 + (r - c - 1);
        idx[(c * K + k) * d + r] = k * (T + 1) + e;
      }
  st_tensor *t = st_from_data(ST_I64, 1, (int64_t[]){d * K * d}, idx);
  free(idx);
  return t;
}

typedef struct {
  st_func *f; /* st_grad_and_value of the objective */
  wishart w;
  st_tensor *in[5];     /* alphas means icf x idx */
  st_tensor *out[4];    /* d_alphas d_means d_icf value */
  st_tensor *a, *b, *c; /* gemm_floor: x [n, d], Qt [d, K d], dZ [n, K d] */
} gmm_arg;

static void run_grad(void *p) {
  gmm_arg *a = p;
  if (st_call(a->f, a->in, a->out)) BENCH_FAIL("gmm grad_and_value");
}

static void run_eager(void *p) {
  gmm_arg *a = p;
  st_tensor *leaves[3];
  for (int i = 0; i < 3; i++) {
    leaves[i] = st_detach(a->in[i]);
    st_set_requires_grad(leaves[i], true);
  }
  st_tensor *in[5] = {leaves[0], leaves[1], leaves[2], a->in[3], a->in[4]}, *f = NULL;
  if (gmm_objective(&a->w, 5, in, 1, &f) || st_autograd_grad(1, &f, NULL, 3, leaves, a->out, NULL))
    BENCH_FAIL("gmm eager");
  a->out[3] = f;
}

static void run_gemms(void *p) {
  gmm_arg *a = p;
  bool prev = st_set_grad_enabled(false);
  if (!st_mm(a->a, a->b) || !st_mm(st_transpose(a->a, 0, 1), a->c)) BENCH_FAIL("gmm gemms");
  st_set_grad_enabled(prev);
}

static void bench_case(const char *cas, int d, int K, int n) {
  static const char *names[4] = {"d_alphas", "d_means", "d_icf", "value"};
  st_scope_push();
  st_manual_seed(8);
  gmm_arg a = {.w = {1.0, 0.0}};
  a.in[0] = st_randn(ST_F64, ST_SHAPE(K));
  a.in[1] = st_rand(ST_F64, ST_SHAPE(K, d));
  a.in[2] = st_randn(ST_F64, ST_SHAPE(K, d * (d + 1) / 2));
  a.in[3] = st_randn(ST_F64, ST_SHAPE(n, d));
  a.in[4] = layout_index(d, K);
  st_func *obj = st_func_new(gmm_objective, &a.w, 5, 1);
  a.f = st_grad_and_value(obj, 3, (int[]){0, 1, 2});

  bench_data data = bench_data_new("gmm", cas);
  static const char *in_names[5] = {"alphas", "means", "icf", "x", "idx"};
  for (int i = 0; i < 5; i++) bench_in(&data, in_names[i], a.in[i]);
  bench_in(&data, "wishart", st_from_data(ST_F64, 1, (int64_t[]){2}, (double[]){a.w.gamma, a.w.m}));
  run_grad(&a);
  for (int i = 0; i < 4; i++) bench_out(&data, names[i], a.out[i]);
  bench_data_write(&data);

  bench_run("gmm", cas, d, "strata", run_grad, &a);
  bench_compiled("gmm", cas, d, a.f, 5, a.in, 1e-10);
  bench_run("gmm", cas, d, "strata_eager", run_eager, &a);
  if (d >= 64) { /* BLAS-bound: x Qt forward, x^T dZ backward */
    bench_flops("gmm", cas, 2.0 * 2.0 * n * d * (double)K * d);
    a.a = a.in[3];
    a.b = st_randn(ST_F64, ST_SHAPE(d, K * d));
    a.c = st_randn(ST_F64, ST_SHAPE(n, K * d));
    bench_run("gmm", cas, d, "gemm_floor", run_gemms, &a);
  }
  st_func_release(a.f);
  st_func_release(obj);
  st_scope_pop();
}

int main(int argc, char **argv) {
  if (bench_selected(argc, argv, "d2_k5")) bench_case("d2_k5", 2, 5, 1000);
  if (bench_selected(argc, argv, "d64_k100")) bench_case("d64_k100", 64, 100, 1000);
  return 0;
}
