/* ik_arm.c — inverse kinematics of a 7-joint arm by damped least squares (Wampler 1986;
 * Buss, "Introduction to inverse kinematics with Jacobian transpose, pseudoinverse and damped
 * least squares methods", 2004):
 *
 *     dq = J^T (J J^T + lambda^2 I)^-1 (target - p(q))
 *
 * p(q) is the hand's position from the joint angles (forward kinematics written with strata
 * ops), J = dp/dq its 3 x 7 Jacobian from st_jacfwd, for a batch of targets at once through
 * st_vmap(st_jacfwd(p)). The 3 x 3 system is solved by a hand-written Cholesky factorization in
 * this file for now: strata's linear algebra ops (st_linalg_solve, st_linalg_cholesky) are
 * another issue's work, and once they exist the solve is one st_linalg_solve call.
 *
 *   ./build/ik_arm [--targets N] [--iters N]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <strata.h>

#define FAIL(what)                                                                                 \
  do {                                                                                             \
    fprintf(stderr, "ik_arm: %s: %s\n", what, st_last_error());                                    \
    exit(1);                                                                                       \
  } while (0)

enum { JOINTS = 7 };
/* Joint axes alternate z, y, z, y, ... and the links run along the local z axis (the layout of
   a KUKA LBR iiwa; link lengths in metres). */
static const double link_len[JOINTS] = {0.34, 0.0, 0.40, 0.0, 0.40, 0.0, 0.126};

/* The rotation about z (axis 2) or y (axis 1) by angle q (0-dim), as a [3, 3] tensor. */
static st_tensor *rotation(st_tensor *q, int axis) {
  st_tensor *c = st_cos(q), *s = st_sin(q), *z = st_zeros_like(q), *o = st_ones_like(q);
  st_tensor *rz[9] = {c, st_neg(s), z, s, c, z, z, z, o};
  st_tensor *ry[9] = {c, z, s, z, o, z, st_neg(s), z, c};
  return st_reshape(st_stack(9, axis == 2 ? rz : ry, 0), ST_SHAPE(3, 3));
}

/* p(q): in[0] = q [7]; out[0] = the hand's position [3]. */
static int hand_position(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  st_tensor *r = st_eye(ST_F64, 3, 3), *p = st_zeros(ST_F64, ST_SHAPE(3));
  for (int j = 0; j < JOINTS; j++) {
    r = st_matmul(r, rotation(st_select(in[0], 0, j), j % 2 ? 1 : 2));
    if (link_len[j] != 0) p = st_add(p, st_mul_scalar(st_select(r, 1, 2), link_len[j]));
  }
  out[0] = p;
  return p ? 0 : -1;
}

/* Solves (J J^T + lambda^2 I) y = e for one target by Cholesky (A = L L^T, then two triangular
   solves) and returns dq = J^T y. J is row-major 3 x 7. */
static void dls_step(const double *J, const double *e, double lambda, double *dq) {
  double A[3][3], L[3][3] = {{0}}, y[3], z[3];
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      A[a][b] = a == b ? lambda * lambda : 0;
      for (int k = 0; k < JOINTS; k++) A[a][b] += J[a * JOINTS + k] * J[b * JOINTS + k];
    }
  for (int a = 0; a < 3; a++)
    for (int b = 0; b <= a; b++) {
      double s = A[a][b];
      for (int k = 0; k < b; k++) s -= L[a][k] * L[b][k];
      L[a][b] = a == b ? sqrt(s) : s / L[b][b]; /* s > 0: A is positive definite */
    }
  for (int a = 0; a < 3; a++) { /* L z = e */
    z[a] = e[a];
    for (int k = 0; k < a; k++) z[a] -= L[a][k] * z[k];
    z[a] /= L[a][a];
  }
  for (int a = 2; a >= 0; a--) { /* L^T y = z */
    y[a] = z[a];
    for (int k = a + 1; k < 3; k++) y[a] -= L[k][a] * y[k];
    y[a] /= L[a][a];
  }
  for (int k = 0; k < JOINTS; k++)
    dq[k] = J[k] * y[0] + J[JOINTS + k] * y[1] + J[2 * JOINTS + k] * y[2];
}

int main(int argc, char **argv) {
  int64_t n = 8;
  int iters = 60;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--targets"))
      n = atoll(argv[i + 1]);
    else if (!strcmp(argv[i], "--iters"))
      iters = atoi(argv[i + 1]);
    else {
      fprintf(stderr, "usage: %s [--targets N] [--iters N]\n", argv[0]);
      return 2;
    }
  }
  if (n < 1 || n > 4096) FAIL("--targets must be in 1..4096");
  st_scope_push();
  st_manual_seed(5);
  st_func *fk = st_func_new(hand_position, NULL, 1, 1);
  st_func *batch_fk = st_vmap(fk, NULL, NULL);
  st_func *jac = st_jacfwd(fk, 0), *batch_jac = st_vmap(jac, NULL, NULL); /* [n, 3, 7] */
  if (!batch_jac) FAIL("building the Jacobian");
  /* reachable targets: the hand's position at random joint angles */
  st_tensor *targets = NULL,
            *q_true = st_mul_scalar(st_add_scalar(st_rand(ST_F64, ST_SHAPE(n, JOINTS)), -0.5), 3);
  if (st_call(batch_fk, &q_true, &targets)) FAIL("forward kinematics");
  double *q = calloc((size_t)(n * JOINTS), sizeof *q),
         *J = malloc(sizeof *J * (size_t)(n * 3 * JOINTS));
  double *p = malloc(sizeof *p * (size_t)(n * 3)), *t = malloc(sizeof *t * (size_t)(n * 3));
  for (int64_t k = 0; k < n * JOINTS; k++) q[k] = 0.1; /* start near the straight pose */
  st_to_f64(targets, t, n * 3);
  const double lambda = 0.05;
  for (int it = 0; it <= iters; it++) {
    st_scope_push();
    st_tensor *qt = st_from_data(ST_F64, ST_SHAPE(n, JOINTS), q), *pos = NULL, *jq = NULL;
    if (st_call(batch_fk, &qt, &pos) || st_call(batch_jac, &qt, &jq)) FAIL("kinematics");
    st_to_f64(pos, p, n * 3);
    st_to_f64(jq, J, n * 3 * JOINTS);
    double worst = 0;
    for (int64_t b = 0; b < n; b++) {
      double e[3], dq[JOINTS];
      for (int a = 0; a < 3; a++) e[a] = t[b * 3 + a] - p[b * 3 + a];
      worst = fmax(worst, sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]));
      dls_step(J + b * 3 * JOINTS, e, lambda, dq);
      for (int k = 0; k < JOINTS; k++) q[b * JOINTS + k] += dq[k];
    }
    if (it % 10 == 0 || it == iters)
      printf("iteration %3d: largest distance to its target over %lld targets: %.3e m\n", it,
             (long long)n, worst);
    st_scope_pop();
    if (worst < 1e-9) {
      printf("all %lld targets reached after %d iterations\n", (long long)n, it);
      break;
    }
  }
  free(q), free(J), free(p), free(t);
  st_func_release(batch_jac);
  st_func_release(jac);
  st_func_release(batch_fk);
  st_func_release(fk);
  st_scope_pop();
  return 0;
}
