/* linalg.c — workload 12, dense linear algebra in float64 (torch.linalg's ops):
 *
 *   solve     X = A^-1 B, B [..., n, 1]          cholesky  L with A = L L^T (A SPD)
 *   inv       A^-1                               det       det A
 *   slogdet   (sign, log |det A|)                qr        reduced Q, R
 *   eigh      eigenvalues, eigenvectors (A SPD)  svd       reduced U, S, Vh
 *   lstsq     X minimizing |A X - B|, A [..., 2n, n], B [..., 2n, 1]
 *
 * at n = 4 and 7 on a batch of 256 matrices (the robotics sizes: one call for a whole batch of
 * configurations) and at n = 64 and 512 on a single matrix; case <op>_n<n>, size column = the
 * matrices per call. Plus the damped least-squares step of inverse kinematics,
 *
 *     ik(J, r) = (J^T J + lambda^2 I)^-1 J^T r,   J [6, 7], r [6], lambda = 0.1,
 *
 *   ik_vmap     st_vmap(ik) over 256 configurations: dq [256, 7]
 *   ik_jacrev   st_vmap(st_jacrev(ik, J)): d dq / dJ [256, 7, 6, 7]
 *
 * General matrices are randn / sqrt(n) + 2 I (well-conditioned, so every peer agrees to 1e-10);
 * SPD ones (cholesky, eigh) and svd's input are Q diag(1..n) Q^T and Q1 diag(1..n) Q2^T with
 * random orthogonal Q's (eigenvalue and singular value gaps of 1: the vectors are well defined).
 * Implementations:
 *   strata          the default dispatch: LAPACK from the orders in src/kernels/linalg_backend.c
 *                   when it is linked, the built-in kernels below them
 *   strata_builtin  the built-in kernels at every size (what a build with STRATA_LAPACK=off runs)
 *   strata_lapack   LAPACK at every size (only when linked)
 * Both references are checked against strata's result here (CHECK lines); one whose single call
 * takes over a second is reported from that call alone (median = min = max). Peers
 * (bench/peers/linalg.py): torch.linalg (torch.func for ik), JAX jit of jax.numpy.linalg.
 */
#include "bench.h"

/* strata's internal switches of the linalg backend (src/kernels/linalg_dense.h), exported by the
   library for the tests; here they select the path each implementation times. */
bool st__linalg_force_builtin(bool on);
bool st__linalg_force_lapack(bool on);
bool st__linalg_have_lapack(void);

enum { SOLVE, CHOLESKY, INV, DET, SLOGDET, QR, EIGH, SVD, LSTSQ, IK_VMAP, IK_JACREV, NOPS };
static const char *op_names[NOPS] = {"solve", "cholesky", "inv", "det", "slogdet", "qr",
                                     "eigh", "svd", "lstsq", "ik_vmap", "ik_jacrev"};
/* the names of each op's results in the exchange file */
static const char *out_names[NOPS][3] = {
    {"X"}, {"L"}, {"Ainv"}, {"det"}, {"sign", "logabsdet"}, {"Q", "R"},
    {"eigenvalues", "eigenvectors"}, {"U", "S", "Vh"}, {"X"}, {"dq"}, {"jac"}};
static const int nouts[NOPS] = {1, 1, 1, 1, 2, 2, 2, 3, 1, 1, 1};

#define IK_LAMBDA 0.1

typedef struct {
  int op;
  st_tensor *A, *B;
  st_func *f; /* ik */
  st_tensor *out[3];
} lcase;

/* ik(J, r) = solve(J^T J + lambda^2 I, J^T r) */
static int ik_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *J = in[0], *Jt = st_transpose(J, -2, -1);
  st_tensor *H = st_add(st_matmul(Jt, J), st_mul_scalar(st_eye(ST_F64, 7, 7), IK_LAMBDA * IK_LAMBDA));
  out[0] = st_linalg_solve(H, st_matmul(Jt, in[1]));
  return out[0] ? 0 : -1;
}

static void run_op(void *p) {
  lcase *c = p;
  st_tensor **o = c->out;
  int rc = 0;
  switch (c->op) {
  case SOLVE: rc = !(o[0] = st_linalg_solve(c->A, c->B)); break;
  case CHOLESKY: rc = !(o[0] = st_linalg_cholesky(c->A)); break;
  case INV: rc = !(o[0] = st_linalg_inv(c->A)); break;
  case DET: rc = !(o[0] = st_linalg_det(c->A)); break;
  case SLOGDET: rc = st_linalg_slogdet(c->A, &o[0], &o[1]); break;
  case QR: rc = st_linalg_qr(c->A, &o[0], &o[1]); break;
  case EIGH: rc = st_linalg_eigh(c->A, &o[0], &o[1]); break;
  case SVD: rc = st_linalg_svd(c->A, &o[0], &o[1], &o[2]); break;
  case LSTSQ: rc = !(o[0] = st_linalg_lstsq(c->A, c->B)); break;
  default: rc = st_call(c->f, (st_tensor *const[]){c->A, c->B}, o); break;
  }
  if (rc) BENCH_FAIL("%s", op_names[c->op]);
}

static void run_builtin(void *p) {
  bool prev = st__linalg_force_builtin(true);
  run_op(p);
  st__linalg_force_builtin(prev);
}

static void run_lapack(void *p) {
  bool prev = st__linalg_force_lapack(true);
  run_op(p);
  st__linalg_force_lapack(prev);
}

/* Random orthogonal matrices [batch..., n, n]: the Q of a Gaussian matrix's QR. */
static st_tensor *orthogonal(int nd, const int64_t *shape) {
  st_tensor *Q = NULL;
  if (st_linalg_qr(st_randn(ST_F64, nd, shape), &Q, NULL)) BENCH_FAIL("orthogonal");
  return Q;
}

/* Q1 diag(1..n) Q2^T; symmetric (SPD) when Q2 is Q1. */
static st_tensor *with_spectrum(int nd, const int64_t *shape, bool symmetric) {
  int64_t n = shape[nd - 1];
  st_tensor *Q1 = orthogonal(nd, shape), *Q2 = symmetric ? Q1 : orthogonal(nd, shape);
  st_tensor *d = st_add_scalar(st_arange(ST_F64, 0, (double)n, 1), 1.0);
  return st_matmul(st_mul(Q1, d), st_transpose(Q2, -2, -1));
}

/* One of strata's references: checked, then timed; one that takes over a second per call (the
   built-in Jacobi eigh and SVD at n = 512) is reported from that one timed call alone. */
static void reference(const char *cas, const char *impl, int batch, bench_fn fn, lcase *c,
                      st_tensor **want) {
  st_scope_push();
  double t0 = bench_now();
  fn(c);
  double once = bench_now() - t0;
  bool ok = bench_check("linalg", cas, impl, nouts[c->op], c->out, want, 1e-10);
  st_scope_pop();
  if (ok && once > 1) bench_report("linalg", cas, batch, impl, (bench_stat){once, once, once});
  else if (ok) bench_run("linalg", cas, batch, impl, fn, c);
}

static void run_case(int op, int n, int batch) {
  char cas[32];
  if (op >= IK_VMAP) snprintf(cas, sizeof cas, "%s", op_names[op]);
  else snprintf(cas, sizeof cas, "%s_n%d", op_names[op], n);
  st_scope_push();
  st_manual_seed(12);
  lcase c = {.op = op};
  int64_t shape[3] = {batch, n, n};
  int nd = batch > 1 ? 3 : 2;
  const int64_t *sh = batch > 1 ? shape : shape + 1;
  if (op == CHOLESKY || op == EIGH) c.A = with_spectrum(nd, sh, true);
  else if (op == SVD) c.A = with_spectrum(nd, sh, false);
  else if (op == LSTSQ) {
    int64_t ash[3] = {batch, 2 * n, n}, bsh[3] = {batch, 2 * n, 1};
    c.A = st_mul_scalar(st_randn(ST_F64, nd, batch > 1 ? ash : ash + 1), 1 / sqrt(2.0 * n));
    c.B = st_randn(ST_F64, nd, batch > 1 ? bsh : bsh + 1);
  } else if (op >= IK_VMAP) {
    c.A = st_randn(ST_F64, ST_SHAPE(batch, 6, 7));
    c.B = st_randn(ST_F64, ST_SHAPE(batch, 6));
    st_func *ik = st_func_new(ik_fn, NULL, 2, 1);
    st_func *inner = op == IK_JACREV ? st_jacrev(ik, 0) : st_func_retain(ik);
    c.f = st_vmap(inner, NULL, NULL);
    st_func_release(inner);
    st_func_release(ik);
  } else {
    c.A = st_add(st_mul_scalar(st_randn(ST_F64, nd, sh), 1 / sqrt((double)n)),
                 st_mul_scalar(st_eye(ST_F64, n, n), 2.0));
    if (op == SOLVE) {
      int64_t bsh[3] = {batch, n, 1};
      c.B = st_randn(ST_F64, nd, batch > 1 ? bsh : bsh + 1);
    }
  }
  if (!c.A || (op >= IK_VMAP && !c.f)) BENCH_FAIL("%s inputs", cas);
  bench_data d = bench_data_new("linalg", cas);
  bench_in(&d, op >= IK_VMAP ? "J" : "A", c.A);
  if (c.B) bench_in(&d, op >= IK_VMAP ? "r" : "B", c.B);
  run_op(&c);
  st_tensor *want[3];
  for (int i = 0; i < nouts[op]; i++) {
    want[i] = c.out[i];
    bench_out(&d, out_names[op][i], want[i]);
  }
  bench_data_write(&d);
  bench_run("linalg", cas, batch, "strata", run_op, &c);
  reference(cas, "strata_builtin", batch, run_builtin, &c, want);
  if (st__linalg_have_lapack()) reference(cas, "strata_lapack", batch, run_lapack, &c, want);
  st_func_release(c.f);
  st_scope_pop();
}

int main(int argc, char **argv) {
  static const int sizes[4] = {4, 7, 64, 512};
  for (int op = 0; op < IK_VMAP; op++)
    for (int s = 0; s < 4; s++) {
      char cas[32];
      snprintf(cas, sizeof cas, "%s_n%d", op_names[op], sizes[s]);
      if (bench_selected(argc, argv, cas)) run_case(op, sizes[s], sizes[s] < 64 ? 256 : 1);
    }
  for (int op = IK_VMAP; op < NOPS; op++)
    if (bench_selected(argc, argv, op_names[op])) run_case(op, 7, 256);
  return 0;
}
