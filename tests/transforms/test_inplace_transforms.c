/* test_inplace_transforms.c — in-place ops on views, into tensors a transform does not track,
   and with tangents that become batched or tracked, under eager autograd and every transform and
   composition, against torch.func's values (gen_inplace_transforms.py writes
   inplace_transforms_expected.h; the case bodies here are the generator's in C). A cell
   torch.func refuses is refused here too. */
#include "tx.h"
#include "util.h"

#include "inplace_transforms_expected.h"

/* ------------------------------------------------------------------------------ the cases */

/* A case body: f(x, w), both [2, 3]; public calls, NULL on failure. y.sin_() of the PyTorch
   tests is written y.copy_(...) (strata's in-place ops are add_, sub_, mul_, div_, copy_, clamp_,
   zero_, fill_ and the scalar forms). */
typedef st_tensor *(*ip_body)(st_tensor *x, st_tensor *w);

#define TRY(call)                                                                                  \
  do {                                                                                             \
    if (call) return NULL;                                                                         \
  } while (0)

/* the issue: c = clone(x); a slice of c .mul_(2) */
static st_tensor *slice_mul(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x);
  TRY(st_mul_scalar_(st_slice(c, 1, 1, 3, 1), 2));
  return c;
}

/* a view taken before its base was written (view replay) */
static st_tensor *view_before_write(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_mul_scalar(x, 1), *v = st_select(c, 0, 0);
  TRY(st_mul_(c, st_sin(x)));
  return st_mul(c, v);
}

/* an in-place op on a view of a view, with a tracked other */
static st_tensor *view_of_view(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x), *e = st_slice(st_select(c, 0, 1), 0, 1, 3, 1);
  TRY(st_mul_(e, st_slice(st_select(x, 0, 0), 0, 0, 2, 1)));
  return c;
}

/* test_eager_transforms.py TestGradTransform.test_inplace_on_view_base: the base is written, a
   view taken before is read */
static st_tensor *inplace_on_view_base(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x), *r = st_select(st_transpose(c, 0, 1), 0, 1);
  TRY(st_copy_(c, st_mul_scalar(st_sin(x), 2)));
  return st_mul(x, st_unsqueeze(r, 1));
}

/* reshape, transpose, select, then a write */
static st_tensor *view_chain(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x);
  st_tensor *v = st_select(st_transpose(st_reshape(c, 2, (int64_t[]){3, 2}), 0, 1), 0, 0);
  TRY(st_mul_(v, st_select(x, 0, 0)));
  return st_mul(c, c);
}

/* a tensor made inside the function */
static st_tensor *fresh_zeros_copy(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *y = st_zeros(ST_F64, ST_SHAPE(2, 3));
  TRY(st_copy_(y, x));
  return st_mul(y, y);
}

/* a view of one */
static st_tensor *fresh_zeros_slice(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *y = st_zeros(ST_F64, ST_SHAPE(2, 3)), *v = st_slice(y, 1, 1, 3, 1);
  TRY(st_mul_scalar_(v, 2));
  TRY(st_add_(v, st_slice(x, 1, 0, 2, 1)));
  return st_mul(y, x);
}

/* the input that is not differentiated */
static st_tensor *other_input(st_tensor *x, st_tensor *w) {
  TRY(st_copy_(w, st_cos(x)));
  return st_mul(w, x);
}

/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_makes_base_require_grad */
static st_tensor *untracked_base(st_tensor *x, st_tensor *w) {
  st_tensor *c = st_clone(w);
  TRY(st_add_(st_select(c, 0, 1), st_select(x, 0, 0)));
  return st_mul(c, x);
}

/* the issue: the new tangent is batched or tracked where the old one was not */
static st_tensor *mul_sin(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x);
  TRY(st_mul_(c, st_sin(x)));
  return c;
}

static st_tensor *zero_view(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x);
  TRY(st_zero_(st_slice(st_select(c, 0, 0), 0, 1, 3, 1)));
  return st_mul(c, x);
}

static st_tensor *clamp_view(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_mul_scalar(x, 2);
  TRY(st_clamp_(st_slice(c, 1, 0, 2, 1), -1, 1));
  return c;
}

/* writes through the base and two views, each stale in turn */
static st_tensor *chain_of_writes(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x), *v = st_select(c, 0, 0), *u = st_select(c, 1, 1);
  st_tensor *x1 = st_select(x, 0, 1);
  TRY(st_mul_(c, x));
  TRY(st_add_(v, st_mul(st_mul_scalar(st_select(u, 0, 0), 1.0), x1)));
  TRY(st_mul_scalar_(u, 2));
  TRY(st_mul_(v, x1));
  return st_mul(c, v);
}

/* a saved view written afterwards: backward refuses it, as PyTorch's does */
static st_tensor *saved_view_written(st_tensor *x, st_tensor *w) {
  (void)w;
  st_tensor *c = st_clone(x), *u = st_select(c, 1, 1);
  st_tensor *y = st_mul(st_select(u, 0, 0), st_select(x, 0, 1));
  TRY(st_mul_scalar_(u, 2));
  return st_mul(c, y);
}

static const struct {
  const char *name;
  ip_body body;
} CASES[] = {
    {"slice_mul", slice_mul},
    {"view_before_write", view_before_write},
    {"view_of_view", view_of_view},
    {"inplace_on_view_base", inplace_on_view_base},
    {"view_chain", view_chain},
    {"fresh_zeros_copy", fresh_zeros_copy},
    {"fresh_zeros_slice", fresh_zeros_slice},
    {"other_input", other_input},
    {"untracked_base", untracked_base},
    {"mul_sin", mul_sin},
    {"zero_view", zero_view},
    {"clamp_view", clamp_view},
    {"chain_of_writes", chain_of_writes},
    {"saved_view_written", saved_view_written},
};

/* ------------------------------------------------------------------- functions of the case */

static st_tensor *g_U, *g_T, *g_U2, *g_W; /* the test's constants (its scope holds them) */

static int ret(st_tensor **out, st_tensor *t) {
  out[0] = t;
  return t ? 0 : st_last_status();
}

/* f(x, w) */
static int f2(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  return ret(out, ((ip_body)ctx)(in[0], in[1]));
}
/* f(x, copy of W): the copy is made inside, as torch's lambda x: f(x, W.clone()) */
static int f1(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  return ret(out, ((ip_body)ctx)(in[0], st_clone(g_W)));
}
/* sum(f(x, w) * U) */
static int g2(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  return ret(out, st_sum_all(st_mul(((ip_body)ctx)(in[0], in[1]), g_U)));
}
/* sum(jacfwd(f)(x, w) * U2) */
static int jacfwd_weighted(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *f = st_func_new(f2, ctx, 2, 1), *j = st_jacfwd(f, 0);
  st_tensor *jac = NULL;
  int rc = st_call(j, in, &jac);
  st_func_release(j);
  st_func_release(f);
  return rc ? rc : ret(out, st_sum_all(st_mul(jac, g_U2)));
}
/* the tangent of f(x, copy of W) along T */
static int jvp_tangent(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *f = st_func_new(f1, ctx, 1, 1);
  st_tensor *o = NULL;
  int rc = st_jvp(f, in, &g_T, &o, out);
  st_func_release(f);
  return rc;
}
/* grad of g(x, copy of W) */
static int grad_of_g(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_func *g = st_func_new(g2, ctx, 2, 1), *dg = st_grad(g, 0, NULL);
  int rc = st_call(dg, (st_tensor *[]){in[0], st_clone(g_W)}, out);
  st_func_release(dg);
  st_func_release(g);
  return rc;
}

/* ------------------------------------------------------------------------- the transforms */

static st_tensor *X(void) { return tu_tensor(ST_F64, ST_SHAPE(2, 3), IP_X); }
static st_tensor *Wc(void) { return tu_tensor(ST_F64, ST_SHAPE(2, 3), IP_W); }
static st_tensor *XB(void) { return tu_tensor(ST_F64, ST_SHAPE(3, 2, 3), IP_XB); }
static st_tensor *WB(void) { return tu_tensor(ST_F64, ST_SHAPE(3, 2, 3), IP_WB); }

/* The function values a cell makes, released after it. */
static st_func *g_funcs[8];
static int g_nfuncs;
static st_func *F(st_func *f) {
  if (g_nfuncs < 8) g_funcs[g_nfuncs++] = f;
  return f;
}
static void release_funcs(void) {
  while (g_nfuncs) st_func_release(g_funcs[--g_nfuncs]);
}

/* Calls f on in; the result's first output. */
static st_tensor *call1(st_func *f, st_tensor *const *in) {
  st_tensor *out[2] = {0};
  return st_call(f, in, out) ? NULL : out[0];
}

/* The pullback of f at x, applied to U. */
static st_tensor *pull(st_func *f, st_tensor *x) {
  st_func *pb = NULL;
  st_tensor *o = NULL, *g = NULL;
  if (st_vjp(f, &x, &o, &pb)) return NULL;
  return st_call(F(pb), &g_U, &g) ? NULL : g;
}

static st_tensor *run_transform(const char *t, ip_body body) {
  void *b = (void *)body;
  st_func *fx = F(st_func_new(f1, b, 1, 1)), *f = F(st_func_new(f2, b, 2, 1));
  st_func *g = F(st_func_new(g2, b, 2, 1));
  st_tensor *x_w[2] = {X(), Wc()}, *xb_wb[2] = {XB(), WB()};
  if (!strcmp(t, "eager_backward")) {
    st_tensor *x = X(), *gx = NULL;
    st_set_requires_grad(x, true);
    st_tensor *y = body(x, Wc());
    return y && !st_autograd_grad(1, &y, &g_U, 1, &x, &gx, NULL) ? gx : NULL;
  }
  if (!strcmp(t, "grad")) return call1(F(st_grad(g, 0, NULL)), x_w);
  if (!strcmp(t, "vjp")) return pull(fx, X());
  if (!strcmp(t, "jvp")) return call1(F(st_func_new(jvp_tangent, b, 1, 1)), x_w);
  if (!strcmp(t, "vmap")) return call1(F(st_vmap(f, NULL, NULL)), xb_wb);
  if (!strcmp(t, "jacrev")) return call1(F(st_jacrev(f, 0)), x_w);
  if (!strcmp(t, "jacfwd")) return call1(F(st_jacfwd(f, 0)), x_w);
  if (!strcmp(t, "hessian")) return call1(F(st_hessian(g, 0)), x_w);
  if (!strcmp(t, "vmap_jacfwd")) return call1(F(st_vmap(F(st_jacfwd(f, 0)), NULL, NULL)), xb_wb);
  if (!strcmp(t, "grad_jacfwd"))
    return call1(F(st_grad(F(st_func_new(jacfwd_weighted, b, 2, 1)), 0, NULL)), x_w);
  if (!strcmp(t, "vjp_jvp")) return pull(F(st_func_new(jvp_tangent, b, 1, 1)), X());
  if (!strcmp(t, "vmap_grad")) return call1(F(st_vmap(F(st_grad(g, 0, NULL)), NULL, NULL)), xb_wb);
  if (!strcmp(t, "jvp_grad")) {
    st_tensor *o = NULL, *dt = NULL;
    return st_jvp(F(st_func_new(grad_of_g, b, 1, 1)), x_w, &g_T, &o, &dt) ? NULL : dt;
  }
  if (!strcmp(t, "jacrev_jacrev")) return call1(F(st_jacrev(F(st_jacrev(g, 0)), 0)), x_w);
  st_test_fail(__FILE__, __LINE__, "unknown transform %s", t);
  return NULL;
}

/* Every cell of case `name` against torch.func. */
static void check_case(const char *name) {
  st_scope_push();
  g_U = tu_tensor(ST_F64, ST_SHAPE(2, 3), IP_U);
  g_T = tu_tensor(ST_F64, ST_SHAPE(2, 3), IP_T);
  g_U2 = tu_tensor(ST_F64, ST_SHAPE(2, 3, 2, 3), IP_U2);
  g_W = Wc();
  ip_body body = NULL;
  for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++)
    if (!strcmp(CASES[k].name, name)) body = CASES[k].body;
  int ncells = 0;
  for (size_t k = 0; body && k < sizeof IP_CELLS / sizeof IP_CELLS[0]; k++) {
    const struct ip_cell *cell = &IP_CELLS[k];
    if (strcmp(cell->fn, name)) continue;
    ncells++;
    st_scope_push();
    st_clear_error();
    st_tensor *got = run_transform(cell->transform, body);
    release_funcs();
    if (cell->ndim < 0) { /* torch.func refuses: an unbatched tensor written with a batched
                             value (-1), a saved value written since it was saved (-2) */
      st_status want = cell->ndim == -1 ? ST_ERR_TRANSFORM : ST_ERR_INPLACE;
      if (got || st_last_status() != want)
        st_test_fail(__FILE__, __LINE__, "%s under %s: expected %s, got %s (%s)", name,
                     cell->transform, st_status_name(want),
                     got ? "a result" : st_status_name(st_last_status()), st_last_error());
    } else if (!got) {
      st_test_fail(__FILE__, __LINE__, "%s under %s failed: %s", name, cell->transform,
                   st_last_error());
    } else {
      int64_t n = 1;
      for (int d = 0; d < cell->ndim; d++) n *= cell->shape[d];
      if (!st_test_shape(__FILE__, __LINE__, got, cell->ndim, cell->shape) ||
          !st_test_close(__FILE__, __LINE__, got, cell->want, n, 1e-10))
        st_test_fail(__FILE__, __LINE__, "(%s under %s)", name, cell->transform);
    }
    st_clear_error();
    st_scope_pop();
  }
  CHECK(body != NULL);
  CHECK_EQ_INT(ncells, 14);
  st_scope_pop();
}

/* test_eager_transforms.py TestGradTransform.test_inplace_on_view; the example */
TEST(inplace_slice_of_a_clone_differentiates_under_every_transform) { check_case("slice_mul"); }
/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_backprop_view_of_view */
TEST(inplace_view_taken_before_the_write_sees_it_under_every_transform) {
  check_case("view_before_write");
}
/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_of_view */
TEST(inplace_view_of_a_view_with_a_tracked_other_under_every_transform) {
  check_case("view_of_view");
}
/* test_eager_transforms.py TestGradTransform.test_inplace_on_view_base */
TEST(inplace_write_of_the_base_reaches_an_older_view_under_every_transform) {
  check_case("inplace_on_view_base");
}
/* test_eager_transforms.py TestGradTransform.test_view_inplace_simple, with a chain of views */
TEST(inplace_through_reshape_transpose_select_under_every_transform) { check_case("view_chain"); }
/* the issue: y.copy_(x) with y a fresh zeros (torch.func wraps tensors made inside) */
TEST(inplace_copy_into_fresh_zeros_is_tracked_under_grad_jvp_jacrev_jacfwd) {
  check_case("fresh_zeros_copy");
}
TEST(inplace_write_into_a_view_of_fresh_zeros_is_tracked_under_transforms) {
  check_case("fresh_zeros_slice");
}
/* the issue: y.copy_(x) with y another input of the function */
TEST(inplace_copy_into_an_input_not_differentiated_is_tracked) { check_case("other_input"); }
/* test_autograd.py TestAutogradDeviceType.test_inplace_on_view_makes_base_require_grad */
TEST(inplace_on_a_view_of_an_untracked_base_makes_it_tracked_under_transforms) {
  check_case("untracked_base");
}
/* the issue: vmap(jacfwd(x -> clone(x).mul_(sin(x)))), grad(jacfwd(...)), vjp(jvp(...)) */
TEST(inplace_forward_rule_takes_a_batched_or_tracked_tangent) { check_case("mul_sin"); }
TEST(inplace_zero_of_a_view_under_every_transform) { check_case("zero_view"); }
TEST(inplace_clamp_of_a_view_under_every_transform) { check_case("clamp_view"); }
TEST(inplace_writes_through_a_base_and_stale_views_in_turn_under_every_transform) {
  check_case("chain_of_writes");
}
/* a view saved for backward and then written: every transform that runs a backward refuses it
   ("modified by an inplace operation", as PyTorch), the others compute through the write */
TEST(inplace_write_of_a_saved_view_is_refused_by_backward_under_every_transform) {
  check_case("saved_view_written");
}
