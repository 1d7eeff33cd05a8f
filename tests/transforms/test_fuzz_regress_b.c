/* test_fuzz_regress_b.c — regressions for bugs 4, 5, 9 and 11 of tests/fuzz/README.md: an
   in-place op whose other input aliases self, tangents shared by st_jvp, a function returning an
   input that an op also returned, and a view used after its base was written under st_grad. */
#include "tx.h"
#include "util.h"

static const double X3[3] = {1.5, -2.0, 0.5};

/* ------------------------------------------------------ bug 4: other aliases self (mul_, div_) */

/* ctx: 0 t.mul_(t), 1 t.div_(t), 2 t.mul_(t[0] expanded to t's shape), 3 t.copy_(t[0] expanded);
   t = x * 1. Output 0 is t, output 1 its sum. */
static int f_inplace_alias(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin;
  int how = *(const int *)ctx;
  st_tensor *t = st_mul_scalar(in[0], 1.0);
  if (!t) return st_last_status();
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(t, shape);
  st_tensor *row = how >= 2 ? st_expand(st_slice(t, 0, 0, 1, 1), nd, shape) : t;
  int rc = how == 0 ? st_mul_(t, t) : how == 1 ? st_div_(t, t) : how == 2 ? st_mul_(t, row) : st_copy_(t, row);
  if (rc) return rc;
  out[0] = t;
  if (nout > 1 && !(out[1] = st_sum_all(t))) return st_last_status();
  return 0;
}
static const int MUL = 0, DIV = 1, MUL_ROW = 2, COPY_ROW = 3;

/* sum(f(x)) as the first output, for st_grad */
static int f_inplace_alias_sum(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  st_tensor *o[2] = {0};
  int rc = f_inplace_alias(ctx, nin, in, 2, o);
  if (rc) return rc;
  out[0] = o[1];
  return 0;
}

TEST(fuzzbug_b_inplace_self_alias_eager) {
  st_scope_push();
  for (int how = 0; how < 2; how++) {
    st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), X3), *o[2] = {0};
    st_set_requires_grad(x, true);
    st_func *f = st_func_new(f_inplace_alias, (void *)(how ? &DIV : &MUL), 1, 2);
    CHECK(st_call(f, &x, o) == 0);
    CHECK(st_backward(o[1], NULL, false, false) == 0);
    if (how == 0) { /* x * x, d/dx = 2x */
      CHECK_CLOSE(o[0], 1e-15, 2.25, 4.0, 0.25);
      CHECK_CLOSE(st_grad_of(x), 1e-15, 3.0, -4.0, 1.0);
    } else { /* x / x = 1, d/dx = 0 */
      CHECK_CLOSE(o[0], 1e-15, 1.0, 1.0, 1.0);
      CHECK_CLOSE(st_grad_of(x), 1e-15, 0.0, 0.0, 0.0);
    }
    st_func_release(f);
  }
  /* other a broadcast view of self's first row: t[i][j] = x[i][j] x[0][j] */
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 3), (double[]){1, 2, 3, 4, 5, 6}), *o[2] = {0};
  st_set_requires_grad(x, true);
  st_func *f = st_func_new(f_inplace_alias, (void *)&MUL_ROW, 1, 2);
  CHECK(st_call(f, &x, o) == 0);
  CHECK_CLOSE(o[0], 1e-15, 1, 4, 9, 4, 10, 18);
  CHECK(st_backward(o[1], NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 2 + 4, 4 + 5, 6 + 6, 1, 2, 3);
  st_func_release(f);
  st_scope_pop();
}

TEST(fuzzbug_b_inplace_self_alias_grad_vjp) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), X3), *g = NULL;
  const int *hows[2] = {&MUL, &DIV};
  for (int k = 0; k < 2; k++) {
    st_func *s = st_func_new(f_inplace_alias_sum, (void *)hows[k], 1, 1), *ds = st_grad(s, 0, NULL);
    CHECK(st_call(ds, &x, &g) == 0);
    if (k == 0) CHECK_CLOSE(g, 1e-15, 3.0, -4.0, 1.0);
    else CHECK_CLOSE(g, 1e-15, 0.0, 0.0, 0.0);
    /* vjp of t itself, cotangent (1, 2, 3) */
    st_func *f = st_func_new(f_inplace_alias, (void *)hows[k], 1, 1), *pb = NULL;
    st_tensor *o = NULL, *u = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
    CHECK(st_vjp(f, &x, &o, &pb) == 0);
    CHECK(st_call(pb, &u, &g) == 0);
    if (k == 0) {
      CHECK_CLOSE(o, 1e-15, 2.25, 4.0, 0.25);
      CHECK_CLOSE(g, 1e-15, 3.0, -8.0, 3.0);
    } else {
      CHECK_CLOSE(o, 1e-15, 1.0, 1.0, 1.0);
      CHECK_CLOSE(g, 1e-15, 0.0, 0.0, 0.0);
    }
    st_func_release(pb);
    st_func_release(f);
    st_func_release(ds);
    st_func_release(s);
  }
  /* the broadcast row, against finite differences through the transposition identity */
  st_tensor *x2 = tu_tensor(ST_F64, ST_SHAPE(2, 3), (double[]){1, -2, 3, 0.5, 5, -6});
  st_func *s = st_func_new(f_inplace_alias_sum, (void *)&MUL_ROW, 1, 1), *ds = st_grad(s, 0, NULL);
  CHECK(st_call(ds, &x2, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 2 + 0.5, -4 + 5, 6 - 6, 1, -2, 3);
  st_func_release(ds);
  st_func_release(s);
  st_scope_pop();
}

TEST(fuzzbug_b_inplace_self_alias_jvp_vmap) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), X3), *v = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_tensor *o = NULL, *t = NULL;
  st_func *fm = st_func_new(f_inplace_alias, (void *)&MUL, 1, 1), *fd = st_func_new(f_inplace_alias, (void *)&DIV, 1, 1);
  CHECK(st_jvp(fm, &x, &v, &o, &t) == 0); /* 2 x v */
  CHECK_CLOSE(o, 1e-15, 2.25, 4.0, 0.25);
  CHECK_CLOSE(t, 1e-15, 3.0, -8.0, 3.0);
  CHECK(st_jvp(fd, &x, &v, &o, &t) == 0);
  CHECK_CLOSE(o, 1e-15, 1.0, 1.0, 1.0);
  CHECK_CLOSE(t, 1e-15, 0.0, 0.0, 0.0);
  /* every alias form against differences and the transposition identity */
  st_tensor *x2 = tu_tensor(ST_F64, ST_SHAPE(2, 3), (double[]){1, -2, 3, 0.5, 5, -6});
  const int *hows[4] = {&MUL, &DIV, &MUL_ROW, &COPY_ROW};
  for (int k = 0; k < 4; k++) {
    CHECK(CHECK_JVP_FD(f_inplace_alias, (void *)hows[k], 1, &x2, 1, 1e-6, 1e-7));
    CHECK(CHECK_TRANSPOSE(f_inplace_alias, (void *)hows[k], 1, &x2, 1, 1e-12));
  }
  /* vmap(grad): per lane 2 x (mul_) and 0 (div_) */
  st_tensor *xb = tu_tensor(ST_F64, ST_SHAPE(2, 3), (double[]){1, -2, 3, 0.5, 5, -6}), *g = NULL;
  st_func *s = st_func_new(f_inplace_alias_sum, (void *)&MUL, 1, 1), *ds = st_grad(s, 0, NULL),
          *vs = st_vmap(ds, NULL, NULL);
  CHECK(st_call(vs, &xb, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 2, -4, 6, 1, 10, -12);
  st_func *sd = st_func_new(f_inplace_alias_sum, (void *)&DIV, 1, 1), *dsd = st_grad(sd, 0, NULL),
          *vsd = st_vmap(dsd, NULL, NULL);
  CHECK(st_call(vsd, &xb, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 0, 0, 0, 0, 0, 0);
  /* the values under vmap, and the hessian of sum(x * x) (forward over reverse): 2 I */
  st_func *vm = st_vmap(fm, NULL, NULL), *h = st_hessian(s, 0);
  CHECK(st_call(vm, &xb, &o) == 0);
  CHECK_CLOSE(o, 1e-15, 1, 4, 9, 0.25, 25, 36);
  CHECK(st_call(h, &x, &o) == 0);
  CHECK_CLOSE(o, 1e-15, 2, 0, 0, 0, 2, 0, 0, 0, 2);
  st_func *fs[] = {fm, fd, s, ds, vs, sd, dsd, vsd, vm, h};
  for (int i = 0; i < 10; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* The leaf check still comes first, and nothing is left behind. */
TEST(fuzzbug_b_inplace_self_alias_errors) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(3), X3);
  st_set_requires_grad(x, true);
  CHECK_FAILS(st_mul_(x, x), ST_ERR_INPLACE, "leaf");
  CHECK(st_grad_of(x) == NULL);
  /* a view taken before its base was written, as other: it sees the write (view replay) */
  st_tensor *t = st_mul_scalar(x, 1.0), *row = st_select(t, 0, 0);
  CHECK(st_add_scalar_(t, 1.0) == 0);
  CHECK(st_mul_(t, row) == 0); /* t_i = (x_i + 1)(x_0 + 1) */
  CHECK_CLOSE(t, 1e-15, 6.25, -2.5, 3.75);
  CHECK(st_backward(st_sum_all(t), NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 5.5, 2.5, 2.5);
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(3), (double[]){1, 2, 3});
  CHECK_FAILS(st_div_(i, i), ST_ERR_DTYPE, "st_div_");
  st_scope_pop();
}

/* -------------------------------------------------- bug 5: st_jvp writes tangents it does not own */

/* ctx selects:
   0: y = x + 1; y *= 2; (y)                       a tangent handed through, then written
   1: y = x * 1; z = y + 1; y *= 2; (y, z)         z shares y's tangent; y is written
   2: y = x * 1; z = y + 1; z *= 3; (y, z)         the same, z written
   3: y = x + 1; y[0] *= 2; (y)                    a view of y written: y's tangent follows
   4: y = x * 1; y[0] *= 2; (y)                    the same, y's tangent its own
   5: x *= 2 on a copy; (x)                        st_jvp's input itself written (ctx runs it on
                                                   a clone of the caller's primal)
   6: y = x * 1; w = x + 1; y.copy_(w); w *= 3; (y, w)
   7: y = x + 1; v = y[0]; w = y[1]; v *= 2; w += v; (y, v)  two views of a shared tangent
   8: y = x * 1; y[0].zero_(); (y)                 a zero tangent written through a view */
static int f_tangent_share(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  int how = *(const int *)ctx, rc = 0;
  st_tensor *x = in[0], *y = NULL, *z = NULL;
  switch (how) {
  case 0:
    y = st_add_scalar(x, 1.0);
    rc = y ? st_mul_scalar_(y, 2.0) : -1;
    break;
  case 1:
  case 2:
    y = st_mul_scalar(x, 1.0);
    z = y ? st_add_scalar(y, 1.0) : NULL;
    rc = !z ? -1 : how == 1 ? st_mul_scalar_(y, 2.0) : st_mul_scalar_(z, 3.0);
    break;
  case 3:
  case 4:
    y = how == 3 ? st_add_scalar(x, 1.0) : st_mul_scalar(x, 1.0);
    rc = y ? st_mul_scalar_(st_select(y, 0, 0), 2.0) : -1;
    break;
  case 5:
    rc = st_mul_scalar_(x, 2.0);
    y = rc ? NULL : st_retain(x); /* a reference no scope records: only when it is returned */
    break;
  case 6:
    y = st_mul_scalar(x, 1.0);
    z = st_add_scalar(x, 1.0);
    rc = y && z && !st_copy_(y, z) ? st_mul_scalar_(z, 3.0) : -1;
    break;
  case 8:
    y = st_mul_scalar(x, 1.0);
    rc = y ? st_zero_(st_select(y, 0, 0)) : -1;
    break;
  default: {
    y = st_add_scalar(x, 1.0);
    z = y ? st_select(y, 0, 0) : NULL;
    st_tensor *w = y ? st_select(y, 0, 1) : NULL;
    rc = z && w && !st_mul_scalar_(z, 2.0) ? st_add_(w, z) : -1;
    break;
  }
  }
  if (rc) return st_last_status() ? st_last_status() : rc;
  out[0] = y;
  if (nout > 1) out[1] = z;
  return 0;
}
static const int SHARE[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};

/* st_jvp of case `how` at x = [[1, 2], [3, 4]] with tangent t = [[1, -1], [0.5, 2]]: the
   caller's primal and tangent are unchanged, and the tangents are want0 (and want1). */
static void check_share(int line, int how, int nout, const double *want0, const double *want1) {
  const double xv[4] = {1, 2, 3, 4}, tv[4] = {1, -1, 0.5, 2};
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 2), xv), *t = tu_tensor(ST_F64, ST_SHAPE(2, 2), tv);
  st_tensor *p = how == 5 ? st_clone(x) : x, *o[2] = {0}, *to[2] = {0};
  st_func *f = st_func_new(f_tangent_share, (void *)&SHARE[how], 1, nout);
  if (st_jvp(f, &p, &t, o, to)) {
    st_test_fail(__FILE__, line, "case %d: st_jvp failed: %s", how, st_last_error());
  } else {
    st_test_close(__FILE__, line, t, tv, 4, 0);
    st_test_close(__FILE__, line, x, xv, 4, 0);
    st_test_close(__FILE__, line, to[0], want0, st_numel(to[0]), 1e-15);
    if (nout > 1) st_test_close(__FILE__, line, to[1], want1, st_numel(to[1]), 1e-15);
  }
  st_func_release(f);
}

TEST(fuzzbug_b_jvp_tangent_copy_on_write) {
  st_scope_push();
  check_share(__LINE__, 0, 1, (double[]){2, -2, 1, 4}, NULL);
  check_share(__LINE__, 1, 2, (double[]){2, -2, 1, 4}, (double[]){1, -1, 0.5, 2});
  check_share(__LINE__, 2, 2, (double[]){1, -1, 0.5, 2}, (double[]){3, -3, 1.5, 6});
  check_share(__LINE__, 3, 1, (double[]){2, -2, 0.5, 2}, NULL);
  check_share(__LINE__, 4, 1, (double[]){2, -2, 0.5, 2}, NULL);
  check_share(__LINE__, 5, 1, (double[]){2, -2, 1, 4}, NULL);
  check_share(__LINE__, 6, 2, (double[]){1, -1, 0.5, 2}, (double[]){3, -3, 1.5, 6});
  /* y = x + 1; v = y[0] *= 2 -> (2, -2); y[1] += v -> (0.5 + 2, 2 - 2) */
  check_share(__LINE__, 7, 2, (double[]){2, -2, 2.5, 0}, (double[]){2, -2});
  check_share(__LINE__, 8, 1, (double[]){0, 0, 0.5, 2}, NULL);
  st_scope_pop();
}

/* The same against differences and the transposition identity (x copied first in case 5). */
static int f_tangent_share_copy(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  st_tensor *x = st_mul_scalar(in[0], 1.0);
  int rc = x ? f_tangent_share(ctx, nin, &x, nout, out) : st_last_status();
  if (!rc && out[0] == x) st_release(x); /* case 5 retained it: the scope's reference goes */
  return rc;
}

TEST(fuzzbug_b_jvp_tangent_copy_on_write_fd) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4});
  const int nouts[9] = {1, 2, 2, 1, 1, 1, 2, 2, 1};
  for (int how = 0; how < 9; how++) {
    CHECK(CHECK_JVP_FD(f_tangent_share_copy, (void *)&SHARE[how], 1, &x, nouts[how], 1e-6, 1e-7));
    if (how != 3 && how != 4 && how < 7) /* st_vjp refuses writing a view */
      CHECK(CHECK_TRANSPOSE(f_tangent_share_copy, (void *)&SHARE[how], 1, &x, nouts[how], 1e-12));
  }
  st_scope_pop();
}

/* ------------------------------------- bug 11: a view used after its base was written, under st_grad */

/* ctx 0: y = x * 1; v = y[0]; y *= 2; (v)          the stale view as the output itself
   ctx 1: the same, (sum(v))                        used by an op
   ctx 2: y = x * 1; y *= 2; v = y[0]; (v)          taken after the write: fine */
static int f_view_write(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  int how = *(const int *)ctx;
  st_tensor *y = st_mul_scalar(in[0], 1.0), *v = how < 2 ? st_select(y, 0, 0) : NULL;
  if (!y || st_mul_scalar_(y, 2.0)) return st_last_status();
  if (how == 2) v = st_select(y, 0, 0);
  out[0] = how == 1 ? st_sum_all(v) : v;
  return out[0] ? 0 : st_last_status();
}
static const int VW[3] = {0, 1, 2};

TEST(fuzzbug_b_stale_view_under_grad_vjp) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4}), *x1 = st_select(x, 0, 1);
  st_tensor *o = NULL, *g = NULL, *u = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 1});
  /* st_vjp: the output is a view taken before the write; its history has the write (v = 2 x[0]) */
  st_func *f0 = st_func_new(f_view_write, (void *)&VW[0], 1, 1), *pb = NULL;
  CHECK(st_vjp(f0, &x, &o, &pb) == 0);
  CHECK_CLOSE(o, 0, 2, 4);
  CHECK(st_call(pb, &u, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 2, 2, 0, 0);
  st_func_release(pb);
  /* st_grad of the view of one element (x1 = x[0][1] is 1-D: its [0] is 0-dim) */
  st_func *g0 = st_grad(f0, 0, NULL);
  CHECK(st_call(g0, &x1, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 2, 0);
  /* jacrev too (vmap over the pullback) */
  st_func *j0 = st_jacrev(f0, 0);
  CHECK(st_call(j0, &x, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 2, 0, 0, 0, 0, 2, 0, 0);
  /* used by an op */
  st_func *f1 = st_func_new(f_view_write, (void *)&VW[1], 1, 1), *g1 = st_grad(f1, 0, NULL);
  CHECK(st_call(g1, &x, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 2, 2, 0, 0);
  CHECK(st_vjp(f1, &x, &o, &pb) == 0);
  st_func_release(pb);
  /* a view taken after the write has the write in its history: d v / d x[0] = 2 */
  st_func *f2 = st_func_new(f_view_write, (void *)&VW[2], 1, 1);
  CHECK(st_vjp(f2, &x, &o, &pb) == 0);
  CHECK(st_call(pb, &u, &g) == 0);
  CHECK_CLOSE(g, 1e-15, 2, 2, 0, 0);
  st_func_release(pb);
  st_func *fs[] = {f0, g0, j0, f1, g1, f2};
  for (int i = 0; i < 6; i++) st_func_release(fs[i]);
  st_scope_pop();
}

/* Eager autograd: a view taken before the write as a backward root has the write in its
   history too. */
TEST(fuzzbug_b_stale_view_eager_root) {
  st_scope_push();
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 2), (double[]){1, 2, 3, 4}), *o = NULL, *g = NULL;
  st_set_requires_grad(x, true);
  st_func *f0 = st_func_new(f_view_write, (void *)&VW[0], 1, 1);
  CHECK(st_call(f0, &x, &o) == 0);
  st_tensor *u = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 1});
  CHECK(st_autograd_grad(1, &o, &u, 1, &x, &g, &(st_grad_opts){.retain_graph = true}) == 0);
  CHECK_CLOSE(g, 1e-15, 2, 2, 0, 0);
  CHECK(st_backward(o, u, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 2, 2, 0, 0);
  st_zero_grad(x);
  st_func *f2 = st_func_new(f_view_write, (void *)&VW[2], 1, 1);
  CHECK(st_call(f2, &x, &o) == 0);
  CHECK(st_backward(o, u, false, false) == 0);
  CHECK_CLOSE(st_grad_of(x), 1e-15, 2, 2, 0, 0);
  st_func_release(f0);
  st_func_release(f2);
  st_scope_pop();
}
