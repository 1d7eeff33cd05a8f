/* test_linalg_dense.c — the torch.linalg ops against torch's values (linalg_dense_expected.h,
   from gen_linalg_dense.py: cases of PyTorch's test_linalg.py) in f64 and f32, through the
   built-in kernels and, where linked, LAPACK; torch's error messages; derivatives of an IK step
   and of det/inv/cholesky (jacrev, jacfwd, hessian) against finite differences. The op x
   transform matrix (tests/matrix) checks gradients, vmap and jvp of every op's samples. */
#include <math.h>
#include <string.h>

#include "../../src/ops/linalg_dense.h"
#include "../transforms/tx.h"
#include "test.h"
#include "util.h"

#include "linalg_dense_expected.h"

/* ------------------------------------------------------------------ values against torch */

static st_tensor *from_case(const la_tensor *t, st_dtype dt) {
  return tu_tensor(dt, t->ndim, t->shape, t->v);
}

static int det_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_linalg_det(in[0]));
  return out[0] ? 0 : -1;
}

/* Runs case k's op in dtype dt: out gets its outputs. */
static int run_case(const la_case *k, st_dtype dt, st_tensor **out) {
  st_tensor *a = from_case(&k->in[0], dt), *b = k->nin > 1 ? from_case(&k->in[1], dt) : NULL;
  const char *op = k->op;
  if (!strcmp(op, "cholesky")) return (out[0] = st_linalg_cholesky(a)) ? 0 : -1;
  if (!strcmp(op, "solve")) return (out[0] = st_linalg_solve(a, b)) ? 0 : -1;
  if (!strcmp(op, "solve_triangular"))
    return (out[0] = st_linalg_solve_triangular(a, b, k->upper, k->left, k->unit)) ? 0 : -1;
  if (!strcmp(op, "inv")) return (out[0] = st_linalg_inv(a)) ? 0 : -1;
  if (!strcmp(op, "det")) return (out[0] = st_linalg_det(a)) ? 0 : -1;
  if (!strcmp(op, "slogdet")) return st_linalg_slogdet(a, &out[0], &out[1]);
  if (!strcmp(op, "qr")) return st_linalg_qr(a, &out[0], &out[1]);
  if (!strcmp(op, "eigh")) return st_linalg_eigh(a, &out[0], &out[1]);
  if (!strcmp(op, "svd")) return st_linalg_svd(a, &out[0], &out[1], &out[2]);
  if (!strcmp(op, "svd_s")) { /* S only; U diag(S) Vh must still give A back */
    st_tensor *u, *vh;
    if (st_linalg_svd(a, &u, &out[0], &vh)) return -1;
    st_tensor *back = st_matmul(st_mul(u, st_unsqueeze(out[0], -2)), vh);
    CHECK(back && st_test_close(__FILE__, __LINE__, back, k->in[0].v, st_numel(a),
                                dt == ST_F64 ? 1e-12 : 1e-5));
    return 0;
  }
  if (!strcmp(op, "lstsq")) return (out[0] = st_linalg_lstsq(a, b)) ? 0 : -1;
  if (!strcmp(op, "lstsq_grad")) { /* the gradients of sum(lstsq(A, B) * cos(0.5 + i)) */
    st_set_requires_grad(a, true);
    st_set_requires_grad(b, true);
    st_tensor *x = st_linalg_lstsq(a, b);
    int64_t shape[ST_MAX_DIMS];
    int nd = x ? st_shape(x, shape) : 0;
    st_tensor *w =
        st_cos(st_add_scalar(st_reshape(st_arange(dt, 0, (double)st_numel(x), 1), nd, shape), 0.5));
    st_tensor *loss = st_sum_all(st_mul(x, w));
    return st_autograd_grad(1, &loss, NULL, 2, (st_tensor *const[]){a, b}, out, NULL);
  }
  if (!strcmp(op, "cholesky_grad") || !strcmp(op, "eigh_grad")) { /* see gen_linalg_dense.py */
    st_set_requires_grad(a, true);
    st_tensor *y[2] = {NULL, NULL};
    int n = 1;
    if (op[0] == 'c') y[0] = st_linalg_cholesky(a);
    else if (!st_linalg_eigh(a, &y[0], &y[1])) y[1] = st_mul(y[1], y[1]), n = 2;
    st_tensor *loss = st_scalar(dt, 0);
    for (int j = 0; j < n; j++) {
      int64_t shape[ST_MAX_DIMS];
      int nd = y[j] ? st_shape(y[j], shape) : 0;
      st_tensor *i = st_add_scalar(st_arange(dt, 0, (double)st_numel(y[j]), 1), 0.5);
      st_tensor *w = st_reshape(j ? st_sin(i) : st_cos(i), nd, shape);
      loss = st_add(loss, st_sum_all(st_mul(y[j], w)));
    }
    return st_autograd_grad(1, &loss, NULL, 1, &a, out, NULL);
  }
  if (!strcmp(op, "det_grad")) { /* the gradient of sum(det(A)) */
    st_func *f = st_func_new(det_sum, NULL, 1, 1), *g = st_grad(f, 1, NULL);
    int rc = st_call(g, &a, out);
    st_func_release(g);
    st_func_release(f);
    return rc;
  }
  return -1;
}

static void check_cases(st_dtype dt, double tol) {
  for (size_t c = 0; c < LA_NCASES; c++) {
    const la_case *k = &LA_CASES[c];
    st_scope_push();
    st_tensor *out[3] = {0};
    if (run_case(k, dt, out)) {
      st_test_fail(__FILE__, __LINE__, "%s %s (%s): failed: %s", k->op, k->name,
                   st_dtype_name(dt), st_last_error());
    } else {
      for (int j = 0; j < k->nout; j++) {
        const la_tensor *w = &k->out[j];
        int64_t n = st__numel(w->ndim, w->shape);
        if (st_test_shape(__FILE__, __LINE__, out[j], w->ndim, w->shape) &&
            !st_test_close(__FILE__, __LINE__, out[j], w->v, n, tol))
          st_test_fail(__FILE__, __LINE__, "  in %s %s (%s), output %d", k->op, k->name,
                       st_dtype_name(dt), j);
      }
    }
    st_scope_pop();
  }
}

/* Every case through both paths (they are the same one where LAPACK is not linked). */
/* Runs check(path) with the built-in kernels (path 0) and with LAPACK at every size (path 1;
   the built-in kernels again where LAPACK is not linked). */
static void both_paths(void (*check)(int path)) {
  for (int path = 0; path < 2; path++) {
    bool b = st__linalg_force_builtin(path == 0), l = st__linalg_force_lapack(path == 1);
    check(path);
    st__linalg_force_builtin(b);
    st__linalg_force_lapack(l);
  }
}

static void cases_f64(int path) {
  (void)path;
  check_cases(ST_F64, 1e-10);
}
static void cases_f32(int path) {
  (void)path;
  check_cases(ST_F32, 2e-4);
}

TEST(linalg_values_match_torch_f64) { both_paths(cases_f64); }
TEST(linalg_values_match_torch_f32) { both_paths(cases_f32); }

/* ------------------------------------------------------------------------------- errors */

/* torch's messages (torch 2.15: linalg.solve, linalg.inv, linalg.cholesky on singular or
   indefinite batch elements; shape and dtype checks), with st_ names. */
static void singular_errors(int path) {
  (void)path;
  {
    double eye4[4 * 9] = {0};
    for (int b = 0; b < 4; b++)
      for (int i = 0; i < 3; i++) eye4[b * 9 + i * 4] = 1;
    eye4[3 * 9 + 8] = 0; /* batch element 3: last diagonal element zero */
    st_tensor *A = tu_tensor(ST_F64, ST_SHAPE(4, 3, 3), eye4);
    st_tensor *B = st_ones(ST_F64, ST_SHAPE(4, 3, 1));
    CHECK_FAILS(!st_linalg_solve(A, B), ST_ERR_ARG,
                "st_linalg_solve: (Batch element 3): The solver failed because the input matrix "
                "is singular.");
    CHECK_FAILS(!st_linalg_inv(A), ST_ERR_ARG,
                "st_linalg_inv: (Batch element 3): The diagonal element 3 is zero, the inversion "
                "could not be completed because the input matrix is singular.");
    CHECK_FAILS(!st_linalg_inv(st_select(A, 0, 3)), ST_ERR_ARG,
                "st_linalg_inv: The diagonal element 3 is zero");
    double npd[4 * 9] = {0};
    for (int b = 0; b < 4; b++)
      for (int i = 0; i < 3; i++) npd[b * 9 + i * 4] = 1;
    npd[2 * 9 + 4] = -1; /* batch element 2: the minor of order 2 */
    CHECK_FAILS(!st_linalg_cholesky(tu_tensor(ST_F64, ST_SHAPE(4, 3, 3), npd)), ST_ERR_ARG,
                "st_linalg_cholesky: (Batch element 2): The factorization could not be completed "
                "because the input is not positive-definite (the leading minor of order 2 is not "
                "positive-definite).");
    /* det and slogdet of a singular matrix: 0, and (0, -inf), no error */
    st_tensor *sign = NULL, *logabs = NULL;
    CHECK_CLOSE(st_linalg_det(A), 0, 1, 1, 1, 0);
    CHECK(st_linalg_slogdet(A, &sign, &logabs) == 0);
    CHECK_CLOSE(sign, 0, 1, 1, 1, 0);
    CHECK_CLOSE(logabs, 0, 0, 0, 0, -INFINITY);
  }
}

TEST(linalg_singular_and_indefinite_errors_name_the_batch_element) { both_paths(singular_errors); }

TEST(linalg_shape_and_dtype_errors) {
  st_tensor *rect = st_ones(ST_F64, ST_SHAPE(2, 3)), *sq = st_eye(ST_F64, 3, 3);
  CHECK_FAILS(!st_linalg_cholesky(rect), ST_ERR_SHAPE,
              "A must be batches of square matrices, but they are 2 by 3 matrices");
  CHECK_FAILS(!st_linalg_inv(st_ones(ST_F64, ST_SHAPE(3))), ST_ERR_SHAPE,
              "must have at least 2 dimensions");
  CHECK_FAILS(!st_linalg_det(st_ones(ST_I64, ST_SHAPE(2, 2))), ST_ERR_DTYPE, "floating point");
  CHECK_FAILS(!st_linalg_solve(sq, st_ones(ST_F64, ST_SHAPE(4, 1))), ST_ERR_SHAPE,
              "Incompatible shapes of A and B for the equation AX = B (3x3 and 4x1)");
  CHECK_FAILS(!st_linalg_solve(st_eye(ST_F32, 3, 3), st_ones(ST_F64, ST_SHAPE(3))), ST_ERR_DTYPE,
              "Expected A and B to have the same dtype, but found A of type f32 and B of type f64");
  CHECK_FAILS(!st_linalg_solve(st_expand(sq, 3, (const int64_t[]){2, 3, 3}),
                               st_ones(ST_F64, ST_SHAPE(3, 3, 1))),
              ST_ERR_SHAPE, "cannot be broadcast");
  CHECK_FAILS(!st_linalg_solve_triangular(sq, st_ones(ST_F64, ST_SHAPE(3)), true, true, false),
              ST_ERR_SHAPE, "The input tensor B must have at least 2 dimensions");
  st_tensor *q = NULL, *r = NULL;
  CHECK_FAILS(st_linalg_qr(st_ones(ST_F64, ST_SHAPE(3)), &q, &r) != 0, ST_ERR_SHAPE,
              "at least 2 dimensions");
  CHECK(!q && !r);
  st_tensor *w = NULL, *v = NULL;
  CHECK_FAILS(st_linalg_eigh(rect, &w, &v) != 0, ST_ERR_SHAPE, "square matrices");
  CHECK(!w && !v);
  CHECK_FAILS(!st_linalg_lstsq(st_ones(ST_F64, ST_SHAPE(3, 2)), st_ones(ST_F64, ST_SHAPE(4, 1))),
              ST_ERR_SHAPE, "the same number of rows");
}

/* Batch dims broadcast between A and B as torch's do: A [2, 3, 3] with B [3, 1, 3, 1] gives
   [3, 2, 3, 1]; a vector B [2, 3] against A [2, 3, 3] is a batch of vectors. */
TEST(linalg_solve_broadcasts_batches) {
  st_tensor *A = st_mul_scalar(st_expand(st_eye(ST_F64, 3, 3), 3, (const int64_t[]){2, 3, 3}), 2);
  st_tensor *X = st_linalg_solve(A, st_ones(ST_F64, ST_SHAPE(3, 1, 3, 1)));
  CHECK_SHAPE(X, 3, 2, 3, 1);
  double *v = X ? tu_values(X) : NULL;
  for (int i = 0; v && i < 18; i++) CHECK_NEAR(v[i], 0.5, 1e-15);
  free(v);
  CHECK_SHAPE(st_linalg_solve(A, st_ones(ST_F64, ST_SHAPE(2, 3))), 2, 3);
  CHECK_SHAPE(st_linalg_solve(A, st_ones(ST_F64, ST_SHAPE(3))), 2, 3);
}

/* ------------------------------------------------------------------- derivatives of IK */

/* One damped least-squares (Levenberg-Marquardt) IK step, (J^T J + l^2 I)^-1 J^T r, through
   st_linalg_solve, with the Jacobian J [3, 2] and residual r [3] smooth functions of q [6]. */
static int ik_step(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *q = in[0];
  st_tensor *J = st_reshape(st_add_scalar(st_sin(q), 0.5), 2, (const int64_t[]){3, 2});
  st_tensor *r = st_cos(st_slice(q, 0, 0, 3, 1));
  st_tensor *Jt = st_transpose(J, 0, 1);
  st_tensor *H = st_add(st_matmul(Jt, J), st_mul_scalar(st_eye(st_dtype_of(q), 2, 2), 0.01));
  st_tensor *step = st_linalg_solve(H, st_matmul(Jt, r));
  return (out[0] = step) ? 0 : -1;
}

/* A scalar of the step (for grad and hessian). */
static int ik_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_tensor *s[1];
  if (ik_step(ctx, nin, in, nout, s)) return -1;
  return (out[0] = st_sum_all(st_mul(s[0], st_add_scalar(s[0], 1.0)))) ? 0 : -1;
}

static const double IK_Q[6] = {0.3, -0.7, 1.1, 0.4, -0.2, 0.9};

/* Central differences of f's first output (n outputs) at q, column by column: J[i][j]. */
static void fd_jacobian(st_fn f, int n, double *jac, double eps) {
  for (int j = 0; j < 6; j++) {
    double qp[6], qm[6];
    memcpy(qp, IK_Q, sizeof qp);
    memcpy(qm, IK_Q, sizeof qm);
    qp[j] += eps;
    qm[j] -= eps;
    st_tensor *op[1], *om[1];
    f(NULL, 1, (st_tensor *const[]){tu_tensor(ST_F64, ST_SHAPE(6), qp)}, 1, op);
    f(NULL, 1, (st_tensor *const[]){tu_tensor(ST_F64, ST_SHAPE(6), qm)}, 1, om);
    double *vp = tu_values(op[0]), *vm = tu_values(om[0]);
    for (int i = 0; i < n; i++) jac[i * 6 + j] = (vp[i] - vm[i]) / (2 * eps);
    free(vp);
    free(vm);
  }
}

TEST(linalg_ik_step_jacrev_and_jacfwd_match_finite_differences) {
  double want[2 * 6];
  fd_jacobian(ik_step, 2, want, 1e-6);
  st_tensor *q = tu_tensor(ST_F64, ST_SHAPE(6), IK_Q);
  st_func *f = st_func_new(ik_step, NULL, 1, 1);
  st_func *jr = st_jacrev(f, 0), *jf = st_jacfwd(f, 0);
  st_tensor *a[1] = {0}, *b[1] = {0};
  CHECK(st_call(jr, &q, a) == 0);
  CHECK(st_call(jf, &q, b) == 0);
  CHECK_SHAPE(a[0], 2, 6);
  CHECK(st_test_close(__FILE__, __LINE__, a[0], want, 12, 1e-7));
  CHECK(st_test_close(__FILE__, __LINE__, b[0], want, 12, 1e-7));
  st_func_release(jr);
  st_func_release(jf);
  st_func_release(f);
}

/* The hessian (jacfwd of jacrev) against central differences of the gradient. */
static void check_hessian(st_fn loss, double tol) {
  st_func *f = st_func_new(loss, NULL, 1, 1), *g = st_grad(f, 1, NULL);
  st_func *h = st_hessian(f, 0);
  double want[36];
  for (int j = 0; j < 6; j++) {
    double qp[6], qm[6];
    memcpy(qp, IK_Q, sizeof qp);
    memcpy(qm, IK_Q, sizeof qm);
    qp[j] += 1e-5;
    qm[j] -= 1e-5;
    st_tensor *gp[1] = {0}, *gm[1] = {0};
    st_call(g, (st_tensor *const[]){tu_tensor(ST_F64, ST_SHAPE(6), qp)}, gp);
    st_call(g, (st_tensor *const[]){tu_tensor(ST_F64, ST_SHAPE(6), qm)}, gm);
    double *vp = gp[0] ? tu_values(gp[0]) : NULL, *vm = gm[0] ? tu_values(gm[0]) : NULL;
    for (int i = 0; vp && vm && i < 6; i++) want[i * 6 + j] = (vp[i] - vm[i]) / 2e-5;
    free(vp);
    free(vm);
  }
  st_tensor *q = tu_tensor(ST_F64, ST_SHAPE(6), IK_Q), *out[1] = {0};
  CHECK(st_call(h, &q, out) == 0);
  CHECK_SHAPE(out[0], 6, 6);
  CHECK(st_test_close(__FILE__, __LINE__, out[0], want, 36, tol));
  st_func_release(h);
  st_func_release(g);
  st_func_release(f);
}

TEST(linalg_ik_step_hessian_matches_finite_differences) { check_hessian(ik_loss, 1e-6); }

/* det, inv and cholesky in one scalar of an SPD matrix built from q: A = M M^T + I with
   M = reshape(q) [3, 2]. */
static int spd_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *M = st_reshape(st_tanh(in[0]), 2, (const int64_t[]){3, 2});
  st_tensor *A = st_add(st_matmul(M, st_transpose(M, 0, 1)), st_eye(ST_F64, 3, 3));
  st_tensor *L = st_linalg_cholesky(A);
  st_tensor *s = st_add(st_linalg_det(A), st_sum_all(st_linalg_inv(A)));
  s = st_add(s, st_sum_all(st_log(st_diagonal(L, 0, 0, 1))));
  st_tensor *sign, *logabs;
  if (st_linalg_slogdet(A, &sign, &logabs)) return -1;
  return (out[0] = st_add(s, st_mul(sign, logabs))) ? 0 : -1;
}

TEST(linalg_det_inv_cholesky_hessian_matches_finite_differences) { check_hessian(spd_loss, 1e-6); }

/* gradcheck and gradgradcheck of each op at a sample of its own (the matrix does all samples). */
static int chol_of_sym(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *A = in[0];
  st_tensor *S = st_add(st_matmul(A, st_transpose(A, 0, 1)), st_mul_scalar(st_eye(ST_F64, 3, 3), 3));
  st_tensor *w, *v, *q, *r, *u, *s, *vh;
  if (st_linalg_eigh(S, &w, &v) || st_linalg_qr(A, &q, &r) || st_linalg_svd(A, &u, &s, &vh))
    return -1;
  out[0] = st_linalg_cholesky(S);
  out[1] = st_add(st_sum_all(st_mul(v, v)), st_sum_all(w)); /* gauge-invariant: v o v */
  out[2] = st_add(st_sum_all(st_mul(r, r)), st_sum_all(st_mul(st_matmul(u, vh), q)));
  out[3] = s;
  return out[0] && out[1] && out[2] ? 0 : -1;
}

TEST(linalg_gradgradcheck_through_symmetric_inputs) {
  double vals[9] = {1.0, 0.2, -0.3, 0.5, 1.4, 0.1, -0.2, 0.3, 0.9};
  st_tensor *A = tu_tensor(ST_F64, ST_SHAPE(3, 3), vals);
  st_set_requires_grad(A, true);
  CHECK(st_gradcheck(chol_of_sym, NULL, 1, &A, 4, 1e-6, 1e-7, 1e-5) == 0);
  CHECK(st_gradgradcheck(chol_of_sym, NULL, 1, &A, 4, 1e-6, 1e-6, 1e-4) == 0);
}

/* ---------------------------------------------------------------- built-in against LAPACK */

/* Every op at sizes where LAPACK takes over (n >= 16) through both paths: the same results to
   rounding (the sign conventions make eigenvectors and singular vectors comparable). Where
   LAPACK is not linked both runs take the built-in path and agree trivially. */
static int all_ops(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *A = in[0], *B = in[1], *tall = in[2];
  int64_t n = st_size(A, -1);
  st_tensor *S = st_add(st_matmul(A, st_transpose(A, -2, -1)),
                        st_mul_scalar(st_eye(st_dtype_of(A), n, n), (double)n));
  out[0] = st_linalg_solve(A, B);
  out[1] = st_linalg_inv(A);
  out[2] = st_linalg_det(st_mul_scalar(A, 0.3));
  out[3] = st_linalg_cholesky(S);
  if (st_linalg_slogdet(A, &out[4], &out[5]) || st_linalg_qr(tall, &out[6], &out[7]) ||
      st_linalg_eigh(S, &out[8], &out[9]) || st_linalg_svd(tall, &out[10], &out[11], &out[12]) ||
      st_linalg_qr(st_transpose(tall, -2, -1), &out[13], &out[14]) ||
      st_linalg_svd(st_transpose(tall, -2, -1), &out[15], &out[16], &out[17]))
    return -1;
  out[18] = st_linalg_lstsq(tall, st_slice(B, -1, 0, 1, 1));
  out[19] = st_linalg_solve_triangular(A, B, true, true, false);
  return 0;
}

TEST(linalg_builtin_and_lapack_paths_agree) {
  for (int64_t n = 16; n <= 24; n += 8) {
    st_scope_push();
    double *a = malloc(sizeof(double) * (size_t)(2 * n * n)), *b = malloc(sizeof(double) * (size_t)(2 * n * 3));
    double *t = malloc(sizeof(double) * (size_t)(2 * (n + 5) * n));
    tu_fill(a, 2 * n * n, -1, 1, 7);
    tu_fill(b, 2 * n * 3, -1, 1, 8);
    tu_fill(t, 2 * (n + 5) * n, -1, 1, 9);
    for (int64_t k = 0; k < 2; k++)
      for (int64_t i = 0; i < n; i++) a[k * n * n + i * n + i] += 4;
    for (int64_t k = 0; k < 2; k++)
      for (int64_t i = 0; i < n; i++) t[k * (n + 5) * n + i * n + i] += 4 + 0.5 * (double)i;
    st_tensor *in[3] = {tu_tensor(ST_F64, ST_SHAPE(2, n, n), a),
                        tu_tensor(ST_F64, ST_SHAPE(2, n, 3), b),
                        tu_tensor(ST_F64, ST_SHAPE(2, n + 5, n), t)};
    st_tensor *x[20] = {0}, *y[20] = {0};
    bool prev = st__linalg_force_builtin(true);
    CHECK(all_ops(NULL, 3, in, 20, x) == 0);
    st__linalg_force_builtin(false);
    bool prevl = st__linalg_force_lapack(true);
    CHECK(all_ops(NULL, 3, in, 20, y) == 0);
    st__linalg_force_lapack(prevl);
    st__linalg_force_builtin(prev);
    for (int j = 0; j < 20; j++) {
      if (!x[j] || !y[j]) continue;
      double *want = tu_values(x[j]);
      if (!st_test_close(__FILE__, __LINE__, y[j], want, st_numel(x[j]), 1e-9))
        st_test_fail(__FILE__, __LINE__, "  output %d, n = %lld", j, (long long)n);
      free(want);
    }
    free(a);
    free(b);
    free(t);
    st_scope_pop();
  }
}

/* A singular and an indefinite matrix large enough for LAPACK: the same errors as built in. */
static void large_errors(int path) {
  (void)path;
  int64_t n = 20;
  double *a = calloc((size_t)(2 * n * n), sizeof(double));
  for (int64_t k = 0; k < 2; k++)
    for (int64_t i = 0; i < n; i++) a[k * n * n + i * n + i] = 1;
  a[n * n + 4 * n + 4] = 0; /* batch element 1, diagonal element 5 */
  st_tensor *A = tu_tensor(ST_F64, ST_SHAPE(2, n, n), a);
  CHECK_FAILS(!st_linalg_inv(A), ST_ERR_ARG,
              "(Batch element 1): The diagonal element 5 is zero, the inversion could not be "
              "completed because the input matrix is singular.");
  CHECK_FAILS(!st_linalg_solve(A, st_ones(ST_F64, ST_SHAPE(n))), ST_ERR_ARG,
              "(Batch element 1): The solver failed because the input matrix is singular.");
  a[n * n + 4 * n + 4] = -1;
  CHECK_FAILS(!st_linalg_cholesky(tu_tensor(ST_F64, ST_SHAPE(2, n, n), a)), ST_ERR_ARG,
              "(Batch element 1): The factorization could not be completed because the input is "
              "not positive-definite (the leading minor of order 5 is not positive-definite).");
  CHECK_CLOSE(st_linalg_det(A), 1e-15, 1, 0);
  free(a);
}

TEST(linalg_lapack_path_reports_the_same_errors) { both_paths(large_errors); }

/* ------------------------------------------------------- det and slogdet at singular matrices */

static const double RANK2[9] = {1, 2, 3, 2, 4, 6, 0.5, 1, 2}; /* rank 2, an exact zero pivot */
static const double COF_RANK2[9] = {2, -1, 0, -1, 0.5, 0, 0, 0, 0}; /* its cofactor matrix */

static int det_one(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_linalg_det(in[0]);
  return out[0] ? 0 : -1;
}

/* det is a polynomial: at a singular matrix its gradient (the cofactor matrix) and second
   derivative exist and match finite differences; forward mode gives <cofactor, dA>, and under
   vmap (where det's values are not read) a batch mixing singular and invertible matrices gives
   what a loop gives. */
static void det_singular(int path) {
  (void)path;
  st_tensor *A = tu_tensor(ST_F64, ST_SHAPE(3, 3), RANK2);
  st_set_requires_grad(A, true);
  CHECK(st_gradcheck(det_one, NULL, 1, &A, 1, 1e-6, 1e-7, 1e-6) == 0);
  CHECK(st_gradgradcheck(det_one, NULL, 1, &A, 1, 1e-6, 1e-6, 1e-5) == 0);
  st_tensor *P = tu_tensor(ST_F64, ST_SHAPE(3, 3), RANK2);
  st_tensor *dA = st_ones(ST_F64, ST_SHAPE(3, 3)), *y = NULL, *dy = NULL;
  st_func *f = st_func_new(det_one, NULL, 1, 1);
  CHECK(st_jvp(f, &P, &dA, &y, &dy) == 0);
  CHECK_CLOSE(dy, 1e-12, 0.5); /* the sum of the cofactors */
  st_func *jf = st_jacfwd(f, 0), *jr = st_jacrev(f, 0);
  st_tensor *J = NULL;
  CHECK(st_call(jf, &P, &J) == 0 && st_test_close(__FILE__, __LINE__, J, COF_RANK2, 9, 1e-12));
  CHECK(st_call(jr, &P, &J) == 0 && st_test_close(__FILE__, __LINE__, J, COF_RANK2, 9, 1e-12));
  double batch[27] = {2, 0, 0, 0, 1, 0, 0, 0, 3};
  memcpy(batch + 9, RANK2, sizeof RANK2);
  st_tensor *Bt = tu_tensor(ST_F64, ST_SHAPE(3, 3, 3), batch); /* third: zeros */
  st_func *vg = st_vmap(jr, NULL, NULL);
  st_tensor *G = NULL;
  CHECK(st_call(vg, &Bt, &G) == 0);
  double want[27] = {3, 0, 0, 0, 6, 0, 0, 0, 2};
  memcpy(want + 9, COF_RANK2, sizeof COF_RANK2);
  CHECK(G && st_test_close(__FILE__, __LINE__, G, want, 27, 1e-12));
  st_func_release(vg);
  st_func_release(jr);
  st_func_release(jf);
  st_func_release(f);
}
TEST(linalg_det_derivatives_at_singular_matrices) { both_paths(det_singular); }

static int logabsdet(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *sign = NULL;
  return st_linalg_slogdet(in[0], &sign, &out[0]);
}

/* slogdet's logabsdet is -inf at a singular matrix and its derivative unbounded (torch returns
   infinities and NaNs from its LU): the gradient and the jvp fail, saying so, and leave the
   input alone. */
TEST(linalg_slogdet_derivative_at_a_singular_matrix_fails_clearly) {
  st_tensor *A = tu_tensor(ST_F64, ST_SHAPE(3, 3), RANK2);
  st_func *f = st_func_new(logabsdet, NULL, 1, 1), *g = st_grad(f, 1, NULL);
  st_tensor *G = NULL, *y = NULL, *dy = NULL;
  CHECK_FAILS(st_call(g, &A, &G) != 0, ST_ERR_ARG,
              "st_linalg_slogdet: the derivative of logabsdet is infinite at a singular matrix");
  CHECK(!G);
  CHECK_FAILS(st_jvp(f, &A, (st_tensor *const[]){st_ones(ST_F64, ST_SHAPE(3, 3))}, &y, &dy) != 0,
              ST_ERR_ARG, "the derivative of logabsdet is infinite");
  CHECK(A && st_test_close(__FILE__, __LINE__, A, RANK2, 9, 0));
  st_func_release(g);
  st_func_release(f);
}

/* ------------------------------------------------- lstsq at a fixed, deficient rank */

/* lstsq(L R, B): A = L R keeps the rank of L's columns whatever L and R do, so finite
   differences stay on one rank (a generic perturbation of a rank-deficient A makes it full rank,
   where the minimum-norm solution jumps), as PyTorch's test_pinv parametrizes pinv's. */
static int lstsq_of_product(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_linalg_lstsq(st_matmul(in[0], in[1]), in[2]);
  return out[0] ? 0 : -1;
}

/* rank 2 of 4x3 (tall) and of 3x4 (wide), and rank 1 of 3x3 with a vector B: gradcheck,
   gradgradcheck, jvp against differences and vmap against a loop, on both paths. */
static void lstsq_deficient(int path) {
  (void)path;
  static const struct {
    int64_t m, r, n, k; /* A = L [m, r] R [r, n]; B [m, k] (k 0: a vector) */
  } shapes[] = {{4, 2, 3, 2}, {3, 2, 4, 1}, {3, 1, 3, 0}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    int64_t m = shapes[i].m, r = shapes[i].r, n = shapes[i].n, k = shapes[i].k;
    double v[64];
    st_tensor *in[3];
    const int64_t dims[3][2] = {{m, r}, {r, n}, {m, k}};
    for (int j = 0; j < 3; j++) {
      tu_fill(v, dims[j][0] * dims[j][1] + dims[j][0], -1, 1, (unsigned)(10 * i + j + 1));
      in[j] =
          j == 2 && k == 0 ? tu_tensor(ST_F64, 1, dims[j], v) : tu_tensor(ST_F64, 2, dims[j], v);
      st_set_requires_grad(in[j], true);
    }
    CHECK(st_gradcheck(lstsq_of_product, NULL, 3, in, 1, 1e-6, 1e-7, 1e-5) == 0);
    CHECK(st_gradgradcheck(lstsq_of_product, NULL, 3, in, 1, 1e-6, 1e-6, 1e-4) == 0);
    st_tensor *plain[3] = {st_detach(in[0]), st_detach(in[1]), st_detach(in[2])};
    CHECK(CHECK_JVP_FD(lstsq_of_product, NULL, 3, plain, 1, 1e-6, 1e-6));
    CHECK(CHECK_VMAP_ALL(lstsq_of_product, NULL, 3, plain, 1, 2, 1e-10));
  }
}
TEST(linalg_lstsq_derivatives_at_a_fixed_deficient_rank) { both_paths(lstsq_deficient); }

/* A rank-2 5 x 3 A whose dependent column leaves R's diagonal a few ulps above eps * max(m, n)
   (rows sin(0.7 i + 0.7): a linear recurrence): the SVD decides the rank and gives the
   minimum-norm solution, torch.linalg.lstsq's and pinv(A) b (values from torch 2.15); the QR
   solve alone returned [7e13, -1e14, 7e13]. */
TEST(linalg_lstsq_rank_deficiency_hidden_in_r_is_found) {
  double a[15], b[5];
  for (int i = 0; i < 15; i++) a[i] = sin(0.7 * i + 0.7);
  for (int i = 0; i < 5; i++) b[i] = sin(0.7 * i + 0.4);
  st_tensor *A = st_from_data(ST_F64, ST_SHAPE(5, 3), a), *B = st_from_data(ST_F64, ST_SHAPE(5), b);
  CHECK_CLOSE(st_linalg_lstsq(A, B), 1e-12, -0.034543173214981925, 0.007645588816883565,
              0.046238510962547975);
}

/* lstsq's right-hand side follows solve's vector rule (torch's linalg_solve_is_vector_rhs): B of
   one dim less than A is a vector only when it is A's shape without its last dim, else a
   matrix (difffuzz s2_2725); B of two dims less is refused, as torch refuses it. */
TEST(linalg_lstsq_vector_rule) {
  st_tensor *A = st_randn(ST_F64, ST_SHAPE(1, 4, 3)), *B = st_randn(ST_F64, ST_SHAPE(4, 3));
  st_tensor *X = st_linalg_lstsq(A, B);
  CHECK_SHAPE(X, 1, 3, 3);
  st_tensor *X0 = st_linalg_lstsq(st_select(A, 0, 0), B); /* the same system, unbatched */
  CHECK(X && X0 && tu_values_close(X, X0, 1e-12));
  CHECK_SHAPE(st_linalg_lstsq(st_randn(ST_F64, ST_SHAPE(2, 3, 2)), st_randn(ST_F64, ST_SHAPE(2, 3))),
              2, 2);
  CHECK_FAILS(!st_linalg_lstsq(st_randn(ST_F64, ST_SHAPE(2, 3, 2)), st_randn(ST_F64, ST_SHAPE(3))),
              ST_ERR_SHAPE, "must have A's number of dims or one less");
}

static int sum_sq_eigvals(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *w = NULL;
  if (st_linalg_eigh(in[0], &w, NULL)) return -1;
  out[0] = st_sum_all(st_square(w));
  return out[0] ? 0 : -1;
}
static int sum_sq_singvals(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *s = NULL;
  if (st_linalg_svd(in[0], NULL, &s, NULL)) return -1;
  out[0] = st_sum_all(st_square(s));
  return out[0] ? 0 : -1;
}

/* Only the values of eigh and svd used, at a repeated eigenvalue / singular value: the vectors'
   gradient is the zeros the engine fills in, and their 1 / gap terms are infinite, which made
   the gradient NaN (difffuzz s5_1605); torch adds those terms only for a vector gradient.
   sum(w^2) and sum(s^2) are |A|_F^2, whose gradient is 2 A whatever basis the vectors take. */
static void degenerate_values(int path) {
  (void)path;
  static const double D[9] = {2, 0, 0, 0, 2, 0, 0, 0, 5}, R[6] = {3, 0, 0, 3, 0, 0}; /* R: s = 3, 3 */
  st_tensor *A = tu_tensor(ST_F64, ST_SHAPE(3, 3), D), *B = tu_tensor(ST_F64, ST_SHAPE(3, 2), R);
  st_func *fe = st_func_new(sum_sq_eigvals, NULL, 1, 1), *ge = st_grad(fe, 1, NULL);
  st_func *fs = st_func_new(sum_sq_singvals, NULL, 1, 1), *gs = st_grad(fs, 1, NULL);
  st_tensor *G = NULL;
  CHECK(st_call(ge, &A, &G) == 0 && G && tu_values_close(G, st_mul_scalar(A, 2), 1e-12));
  CHECK(st_call(gs, &A, &G) == 0 && G && tu_values_close(G, st_mul_scalar(A, 2), 1e-12));
  CHECK(st_call(gs, &B, &G) == 0 && G && tu_values_close(G, st_mul_scalar(B, 2), 1e-12));
  st_func_release(gs), st_func_release(fs), st_func_release(ge), st_func_release(fe);
}
TEST(linalg_values_only_gradient_at_repeated_values) { both_paths(degenerate_values); }

/* torch.linalg.svd (and svdvals) refuse NaN and infinities ("The algorithm failed to converge
   because the input matrix contained non-finite values"); strata returned NaN (difffuzz
   s4_2329). */
static void svd_nonfinite(int path) {
  (void)path;
  st_tensor *A = st_from_data(ST_F64, ST_SHAPE(2, 2), (const double[]){1, NAN, 2, 3}), *S = NULL;
  CHECK_FAILS(st_linalg_svd(A, NULL, &S, NULL) != 0, ST_ERR_ARG,
              "st_linalg_svd: The algorithm failed to converge because the input matrix contained "
              "non-finite values.");
  CHECK(!S);
  A = st_from_data(ST_F64, ST_SHAPE(2, 2), (const double[]){1, INFINITY, 2, 3});
  CHECK_FAILS(st_linalg_svd(A, NULL, &S, NULL) != 0, ST_ERR_ARG, "non-finite values");
}
TEST(linalg_svd_of_nonfinite_values_fails_as_torch) { both_paths(svd_nonfinite); }
