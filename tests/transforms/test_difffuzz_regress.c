/* test_difffuzz_regress.c — disagreements with torch.func that the differential fuzzer
   (tests/difffuzz, README "strata bugs") found, each reduced to a small function: forward mode
   through an expanded view written in place (class 8), in-place ops torch allows on tensors
   whose strides repeat (class 10), the backward of an empty contraction (class 12), and the views
   PyTorch refuses to write or to use after their base was written: views made in no-grad mode
   (class 13) and the views st_split and st_chunk return; and the calls that stand for their
   input where PyTorch returns it (README's former deliberate difference 8). Expected values and
   refusals come from torch (gen_difffuzz_regress.py writes difffuzz_regress_expected.h). */
#include "tx.h"
#include "util.h"

#include "difffuzz_regress_expected.h"

typedef st_tensor *(*body_fn)(st_tensor *x);

/* a function value of one body: out[0] = body(in[0]) */
static int run_body(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = ((body_fn)ctx)(in[0]);
  return out[0] ? 0 : st_last_status();
}

/* ... and its sum, for st_grad */
static int run_summed(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_sum_all(((body_fn)ctx)(in[0]));
  return out[0] ? 0 : st_last_status();
}

/* ... and the sum of a function value's output */
static int run_summed_call(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *y = NULL;
  if (st_call((st_func *)ctx, in, &y)) return st_last_status();
  out[0] = st_sum_all(y);
  return out[0] ? 0 : st_last_status();
}

static st_func *fn_of(body_fn f) { return st_func_new(run_body, (void *)f, 1, 1); }

static st_tensor *x41(void) { return tu_tensor(ST_F64, ST_SHAPE(4, 1), dr_X41); }
static st_tensor *x3(void) { return tu_tensor(ST_F64, ST_SHAPE(3), dr_X3); }

/* out = jvp(f)(x, t), compared with torch's value and tangent */
static void check_jvp(body_fn f, st_tensor *x, st_tensor *t, const double *want,
                      const double *want_t, int64_t n) {
  st_func *fv = fn_of(f);
  st_tensor *y = NULL, *ty = NULL;
  CHECK(st_jvp(fv, &x, &t, &y, &ty) == 0);
  st_test_close(__FILE__, __LINE__, y, want, n, 1e-15);
  st_test_close(__FILE__, __LINE__, ty, want_t, n, 1e-15);
  st_func_release(fv);
}

/* ------------------------------------------------- forward mode through an expanded view */

static st_tensor *fill_expanded(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2);
  if (st_fill_(st_transpose(st_expand(y, 3, (int64_t[]){2, 4, 3}), 1, 2), 3.0)) return NULL;
  return st_mul(y, x);
}

static st_tensor *fill_expanded_part(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2);
  if (st_fill_(st_expand(st_slice(y, 0, 1, 3, 1), 3, (int64_t[]){2, 2, 3}), 3.0)) return NULL;
  return st_mul(y, x);
}

static st_tensor *zero_expanded(st_tensor *x) {
  st_tensor *y = st_add_scalar(x, 0.5);
  st_tensor *v = st_unsqueeze(st_expand(y, 3, (int64_t[]){2, 4, 1}), -1);
  st_tensor *w = st_transpose(v, 2, -1);
  if (st_zero_(w)) return NULL;
  return st_add(st_cat(3, (st_tensor *[]){v, w, w}, -3), st_sum_all(y));
}

/* difffuzz class 8: the base's tangent takes the written value once per element, however many
   elements of the expanded view show it (the transpose of the view summed them) */
TEST(difffuzz_jvp_of_a_write_through_an_expanded_view) {
  st_tensor *t = tu_tensor(ST_F64, ST_SHAPE(4, 1), dr_T41);
  check_jvp(fill_expanded, x41(), t, dr_fill_expanded, dr_fill_expanded_t, 4);
  check_jvp(fill_expanded_part, x41(), t, dr_fill_expanded_part, dr_fill_expanded_part_t, 4);
  check_jvp(zero_expanded, x41(), t, dr_zero_expanded, dr_zero_expanded_t, 24);
  st_func *f = fn_of(fill_expanded_part), *jf = st_jacfwd(f, 0);
  st_tensor *x = x41(), *j = NULL;
  CHECK(st_call(jf, &x, &j) == 0);
  st_test_close(__FILE__, __LINE__, j, dr_fill_expanded_part_jacfwd, 16, 1e-15);
  st_func_release(jf);
  st_func_release(f);
}

static st_tensor *zeroed_exponent(st_tensor *x) {
  st_tensor *e = st_softplus(x);
  if (st_zero_(e)) return NULL;
  return st_tanh(st_pow(x, e));
}

/* zero_ (and fill_) leave a tangent that had one a zero one, not none, as PyTorch writes zeros
   into it: d/dx tanh(x ** 0) meets the exponent's partial log(x), NaN for x < 0 (difffuzz
   unclassified s4_0) */
TEST(difffuzz_zero_leaves_a_zero_tangent) {
  st_func *f = fn_of(zeroed_exponent), *jf = st_jacfwd(f, 0);
  st_tensor *x = x3(), *j = NULL;
  CHECK(st_call(jf, &x, &j) == 0);
  st_test_close(__FILE__, __LINE__, j, dr_zeroed_exponent_jacfwd, 9, 0);
  st_func_release(jf);
  st_func_release(f);
}

static st_tensor *nograd_write_under_jvp(st_tensor *x) {
  st_tensor *v1 = st_cos(x), *w = st_slice(v1, 0, 0, 2, 1);
  bool prev = st_set_grad_enabled(false);
  int rc = st_sub_(v1, st_mul_scalar(v1, 0.5));
  st_set_grad_enabled(prev);
  return rc ? NULL : st_mul_scalar(w, 1.0);
}

/* An in-place op in no-grad mode under jvp inside grad: PyTorch writes the tangent in place and
   the grad level does not record it, so the tangent keeps its history with the new values (the
   fuzzer's unclassified s1_752: strata's new tangent had none, a zero gradient) */
TEST(difffuzz_nograd_write_of_a_tangent_keeps_its_history) {
  st_func *f = fn_of(nograd_write_under_jvp), *jf = st_jacfwd(f, 0);
  st_func *s = st_func_new(run_summed_call, jf, 1, 1), *g = st_grad(s, 1, (int[]){0});
  st_tensor *x = x3(), *dx = NULL;
  CHECK(st_call(g, &x, &dx) == 0);
  st_test_close(__FILE__, __LINE__, dx, dr_nograd_write_under_jvp, 3, 1e-15);
  st_func_release(g);
  st_func_release(s);
  st_func_release(jf);
  st_func_release(f);
}

static st_tensor *nograd_passthrough_under_jvp(st_tensor *x) {
  st_tensor *y = st_mul(x, x);
  bool prev = st_set_grad_enabled(false);
  st_tensor *z = st_add_scalar(y, -1.5);
  st_set_grad_enabled(prev);
  return st_mul(z, x);
}

/* sum of jvp(ctx)(x, ones)'s tangent */
static int jvp_tangent_summed(void *ctx, int nin, st_tensor *const *in, int nout,
                              st_tensor **out) {
  (void)nin, (void)nout;
  st_tensor *t = st_ones_like(in[0]), *y = NULL, *ty = NULL;
  if (st_jvp((st_func *)ctx, in, &t, &y, &ty)) return st_last_status();
  out[0] = st_sum_all(ty);
  return out[0] ? 0 : st_last_status();
}

/* add_scalar's jvp rule hands its input's tangent through; made in no-grad mode, that tangent is
   a new value the grad level below does not track, as PyTorch's (the fuzzer's s3_3391:
   vjp(jvp(f)) gave the tracked tangent's gradient, here 4x where torch gives 2x) */
TEST(difffuzz_nograd_passthrough_tangent_is_not_tracked_below) {
  st_func *f = fn_of(nograd_passthrough_under_jvp);
  st_func *s = st_func_new(jvp_tangent_summed, f, 1, 1), *g = st_grad(s, 1, (int[]){0});
  st_tensor *x = x3(), *dx = NULL;
  CHECK(st_call(g, &x, &dx) == 0);
  st_test_close(__FILE__, __LINE__, dx, dr_nograd_passthrough_under_jvp, 3, 1e-15);
  st_func_release(g);
  st_func_release(s);
  st_func_release(f);
}

/* PyTorch's CopySlices refuses the backward of a write through an expanded view (its gradient
   would be written into overlapping memory); strata refuses it the same way */
TEST(difffuzz_backward_of_a_write_through_an_expanded_view_fails) {
  CHECK(dr_fill_expanded_vjp_fails);
  st_func *f = fn_of(fill_expanded), *pb = NULL;
  st_tensor *x = x41(), *y = NULL, *g = NULL, *u = st_ones(ST_F64, ST_SHAPE(4, 1));
  CHECK(st_vjp(f, &x, &y, &pb) == 0);
  CHECK_FAILS(st_call(pb, &u, &g) != 0, ST_ERR_INPLACE, "several elements in one memory location");
  st_func_release(pb);
  st_func_release(f);
}

/* --------------------------------------------- in-place ops on tensors whose strides repeat */

static st_tensor *copy_expanded_into_itself(st_tensor *x) {
  st_tensor *v = st_expand(st_unsqueeze(st_mul_scalar(x, 2), 1), 2, (int64_t[]){3, 2});
  if (st_copy_(v, v)) return NULL;
  return st_mul(v, st_unsqueeze(x, 1));
}

/* difffuzz class 10: t.copy_(t) on an expanded t writes each element its own value (PyTorch
   returns at once); jacrev then meets CopySlices' refusal, as in torch */
TEST(difffuzz_copy_of_an_expanded_tensor_into_itself) {
  st_tensor *x = x3(), *j = NULL;
  CHECK_CLOSE(copy_expanded_into_itself(x), 0, dr_copy_expanded_into_itself[0],
              dr_copy_expanded_into_itself[1], dr_copy_expanded_into_itself[2],
              dr_copy_expanded_into_itself[3], dr_copy_expanded_into_itself[4],
              dr_copy_expanded_into_itself[5]);
  st_func *f = fn_of(copy_expanded_into_itself), *jf = st_jacfwd(f, 0), *jr = st_jacrev(f, 0);
  CHECK(st_call(jf, &x, &j) == 0);
  st_test_close(__FILE__, __LINE__, j, dr_copy_expanded_into_itself_jacfwd, 18, 1e-15);
  CHECK(dr_copy_expanded_into_itself_jacrev_fails);
  CHECK_FAILS(st_call(jr, &x, &j) != 0, ST_ERR_INPLACE, "several elements in one memory location");
  st_func_release(jr);
  st_func_release(jf);
  st_func_release(f);
}

/* difffuzz class 10: an expanded tensor without elements has no element to overlap */
TEST(difffuzz_inplace_on_an_empty_expanded_tensor) {
  st_tensor *e = st_expand(st_zeros(ST_F64, ST_SHAPE(0, 1)), 2, (int64_t[]){0, 3});
  CHECK(st_mul_(e, x3()) == 0);
  CHECK(st_clamp_(e, -1, 1) == 0);
  CHECK(st_add_scalar_(e, 1) == 0);
  CHECK_SHAPE(e, 0, 3);
  st_tensor *r = st_expand(st_zeros(ST_F64, ST_SHAPE(2, 1)), 2, (int64_t[]){2, 3});
  CHECK_FAILS(st_mul_(r, x3()) != 0, ST_ERR_INPLACE, "refers to a single memory location");
}

/* ------------------------------------------------------- the backward of empty contractions */

static st_tensor *linear_empty(st_tensor *x) {
  st_tensor *v = st_slice(x, 1, 1, -3, 1); /* [2, 0] */
  return st_linear(v, v, NULL);
}

static st_tensor *matmul_empty(st_tensor *x) {
  st_tensor *a = st_slice(st_unsqueeze(x, -1), 2, 0, 0, 1); /* [2, 2, 0] */
  return st_add(st_matmul(a, st_ones(ST_F64, ST_SHAPE(0, 3))), st_unsqueeze(x, -1));
}

/* difffuzz class 12: the gradients of a product over an empty dim are zeros of the operands'
   shapes (the rule folded rows with a -1, ambiguous with no elements) */
TEST(difffuzz_backward_of_an_empty_contraction) {
  st_tensor *x = tu_tensor(ST_F64, ST_SHAPE(2, 2), dr_X22), *y = NULL, *g = NULL;
  st_func *f = fn_of(linear_empty), *pb = NULL;
  CHECK(st_vjp(f, &x, &y, &pb) == 0);
  st_test_close(__FILE__, __LINE__, y, dr_linear_empty, 4, 0);
  st_tensor *u = tu_tensor(ST_F64, ST_SHAPE(2, 2), dr_G22);
  CHECK(st_call(pb, &u, &g) == 0);
  st_test_close(__FILE__, __LINE__, g, dr_linear_empty_grad, 4, 0);
  st_func_release(pb);
  st_func_release(f);
  f = fn_of(matmul_empty);
  CHECK(st_vjp(f, &x, &y, &pb) == 0);
  st_test_close(__FILE__, __LINE__, y, dr_matmul_empty, 12, 0);
  u = st_ones(ST_F64, ST_SHAPE(2, 2, 3));
  CHECK(st_call(pb, &u, &g) == 0);
  st_test_close(__FILE__, __LINE__, g, dr_matmul_empty_grad, 4, 0);
  st_func_release(pb);
  st_func_release(f);
}

/* ------------------------------- views PyTorch refuses to write, or to use after a write */

static st_tensor *nograd_view_used_after_base_write(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2);
  bool prev = st_set_grad_enabled(false);
  st_tensor *v = st_slice(y, 0, 0, 2, 1);
  int rc = st_copy_(v, st_slice(x, 0, 1, 3, 1));
  st_set_grad_enabled(prev);
  return rc ? NULL : st_mul(v, v);
}

static st_tensor *nograd_view_of_untracked_written(st_tensor *x) {
  bool prev = st_set_grad_enabled(false);
  st_tensor *v = st_reshape(st_clone(x), 2, (int64_t[]){1, 3});
  st_set_grad_enabled(prev);
  if (st_copy_(v, st_unsqueeze(x, 0))) return NULL;
  return st_mul_scalar(v, 2);
}

static st_tensor *nograd_view_output_after_write(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2);
  bool prev = st_set_grad_enabled(false);
  st_tensor *v = st_slice(y, 0, 1, 3, 1);
  int rc = st_copy_(v, v);
  st_set_grad_enabled(prev);
  return rc ? NULL : v;
}

static st_tensor *split_view_written(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2), *p[2];
  if (st_split(y, 2, 0, 2, p) != 2 || st_mul_(p[0], st_slice(x, 0, 0, 2, 1))) return NULL;
  return y;
}

static st_tensor *view_of_split_view_written(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2), *p[1];
  if (st_chunk(y, 1, 0, 1, p) != 1 || st_div_(st_reshape(p[0], 1, (int64_t[]){3}), x)) return NULL;
  return y;
}

static st_tensor *split_view_used_after_base_write(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2), *p[2];
  if (st_split(y, 2, 0, 2, p) != 2 || st_mul_(y, x)) return NULL;
  return st_exp(p[1]);
}

static st_tensor *split_view_written_in_no_grad_mode(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2), *p[2];
  if (st_split(y, 2, 0, 2, p) != 2) return NULL;
  bool prev = st_set_grad_enabled(false);
  int rc = st_mul_scalar_(p[0], 3);
  st_set_grad_enabled(prev);
  return rc ? NULL : st_mul(y, x);
}

/* body fails under st_grad and in eager autograd (x a leaf that requires grad), as in torch */
static void check_refused(body_fn body, bool torch_grad_fails, bool torch_eager_fails,
                          const char *needle) {
  CHECK(torch_grad_fails && torch_eager_fails);
  st_scope_push();
  st_func *f = st_func_new(run_summed, (void *)body, 1, 1), *g = st_grad(f, 1, (int[]){0});
  st_tensor *x = x3(), *dx = NULL;
  CHECK_FAILS(st_call(g, &x, &dx) != 0, ST_ERR_INPLACE, needle);
  st_func_release(g);
  st_func_release(f);
  st_set_requires_grad(x, true);
  st_tensor *y = NULL;
  CHECK_FAILS(!(y = body(x)) || st_backward(st_sum_all(y), NULL, false, false) != 0,
              ST_ERR_INPLACE, needle);
  st_scope_pop();
}

/* difffuzz class 13: PyTorch's CreationMeta::NO_GRAD_MODE */
TEST(difffuzz_view_made_in_no_grad_mode_refused_after_its_base_was_written) {
  check_refused(nograd_view_used_after_base_write, dr_nograd_view_used_after_base_write_grad_fails,
                dr_nograd_view_used_after_base_write_eager_fails,
                "made in no-grad mode is used with grad mode enabled after its base");
}

static st_tensor *nograd_view_of_lifted_base(st_tensor *x) {
  st_tensor *y = st_softmax(x, 0);
  bool prev = st_set_grad_enabled(false);
  st_tensor *b = st_mul_scalar(y, 2.0), *v = st_slice(b, 0, 1, 3, 1);
  st_set_grad_enabled(prev);
  if (st_div_(b, y)) return NULL;
  return st_mul(v, v);
}

/* the same view of a base that a tracked write lifts into the grad level (seed 4's s4_4512):
   under st_grad the base was untracked when the view was made; eagerly it required grad */
TEST(difffuzz_view_made_in_no_grad_mode_refused_after_a_tracked_write_lifted_its_base) {
  check_refused(nograd_view_of_lifted_base, dr_nograd_view_of_lifted_base_grad_fails,
                dr_nograd_view_of_lifted_base_eager_fails,
                "made in no-grad mode is used with grad mode enabled after its base");
}

TEST(difffuzz_view_of_an_untracked_tensor_made_in_no_grad_mode_refuses_a_tracked_write) {
  check_refused(nograd_view_of_untracked_written, dr_nograd_view_of_untracked_written_grad_fails,
                dr_nograd_view_of_untracked_written_eager_fails,
                "made in no-grad mode is being modified in place");
}

/* the output of a jacrev'd function is such a view, written after it was made: its history is
   read for the pullback, which refuses it */
TEST(difffuzz_view_made_in_no_grad_mode_and_written_refused_as_an_output) {
  CHECK(dr_nograd_view_output_after_write_jacrev_fails);
  st_func *f = fn_of(nograd_view_output_after_write), *jr = st_jacrev(f, 0);
  st_tensor *x = x3(), *j = NULL;
  CHECK_FAILS(st_call(jr, &x, &j) != 0, ST_ERR_INPLACE,
              "made in no-grad mode is used with grad mode enabled after its base");
  st_func_release(jr);
  st_func_release(f);
}

/* PyTorch's CreationMeta::MULTI_OUTPUT_NODE: the views split and chunk return */
TEST(difffuzz_view_returned_by_split_refuses_an_inplace_write) {
  check_refused(split_view_written, dr_split_view_written_grad_fails,
                dr_split_view_written_eager_fails,
                "that st_split or st_chunk returned among several is being modified in place");
  check_refused(view_of_split_view_written, dr_view_of_split_view_written_grad_fails,
                dr_view_of_split_view_written_eager_fails,
                "that st_split or st_chunk returned among several is being modified in place");
}

TEST(difffuzz_view_returned_by_split_refused_after_its_base_was_written) {
  check_refused(split_view_used_after_base_write, dr_split_view_used_after_base_write_grad_fails,
                dr_split_view_used_after_base_write_eager_fails,
                "returned among several is used with grad mode enabled after its base");
}

/* allowed: written in no-grad mode (the base keeps its history), or with nothing requiring grad */
TEST(difffuzz_view_returned_by_split_written_where_nothing_is_recorded) {
  st_func *f = st_func_new(run_summed, (void *)split_view_written_in_no_grad_mode, 1, 1);
  st_func *g = st_grad(f, 1, (int[]){0});
  st_tensor *x = x3(), *dx = NULL;
  CHECK(st_call(g, &x, &dx) == 0);
  st_test_close(__FILE__, __LINE__, dx, dr_split_view_written_in_no_grad_mode, 3, 1e-15);
  st_func_release(g);
  st_func_release(f);
  st_tensor *y = x3(), *p[2] = {0};
  CHECK(st_split(y, 2, 0, 2, p) == 2);
  CHECK(st_mul_scalar_(p[0], 2) == 0); /* NULL when st_split failed (the sweep) */
  st_test_close(__FILE__, __LINE__, y, dr_eager_split_of_untracked, 3, 0);
}

/* ------------------------------------------ calls that stand for their input (PyTorch: self) */

static st_tensor *contiguous_in_no_grad_mode_written(st_tensor *x) {
  st_tensor *y = st_mul_scalar(x, 2);
  bool prev = st_set_grad_enabled(false);
  st_tensor *c = st_contiguous(y);
  st_set_grad_enabled(prev);
  return st_mul_(c, x) ? NULL : y;
}

static st_tensor *flatten_in_no_grad_mode_returned(st_tensor *x) {
  bool prev = st_set_grad_enabled(false);
  st_tensor *v = st_flatten(x, 0, 0);
  st_set_grad_enabled(prev);
  return v;
}

/* README's deliberate difference 8 (no longer one): torch's contiguous of a contiguous tensor
   and flatten of one dim return the tensor itself, so in no-grad mode they keep its history and
   may be written in grad mode; strata's distinct view stands for its input the same way */
TEST(difffuzz_contiguous_and_flatten_in_no_grad_mode_stand_for_their_input) {
  st_func *f = st_func_new(run_summed, (void *)contiguous_in_no_grad_mode_written, 1, 1);
  st_func *g = st_grad(f, 1, (int[]){0}), *h = fn_of(flatten_in_no_grad_mode_returned), *pb = NULL;
  st_tensor *x = x3(), *dx = NULL, *y = NULL;
  CHECK(st_call(g, &x, &dx) == 0);
  st_test_close(__FILE__, __LINE__, dx, dr_contiguous_in_no_grad_mode_written, 3, 1e-15);
  CHECK(st_vjp(h, &x, &y, &pb) == 0);
  CHECK(st_call(pb, &x, &dx) == 0);
  st_test_close(__FILE__, __LINE__, dx, dr_flatten_in_no_grad_mode_returned, 3, 0);
  st_func_release(pb);
  st_func_release(h);
  st_func_release(g);
  st_func_release(f);
}
