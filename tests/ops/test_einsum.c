/* test_einsum.c — st_einsum against PyTorch (einsum_expected.h, gen_einsum.py: the equations of
   test_linalg.py's test_einsum, test_einsum_corner_cases and random ones drawn as in
   test_einsum_random) in f64 and f32, contiguous and not; its gradients, gradgradcheck, jvp,
   vmap against a loop, jacrev and hessian of a quadratic form; its dtype rules and the errors
   of test_einsum_error_cases, which change nothing. */
#include "../transforms/tx.h"
#include "test.h"
#include "util.h"

#include "einsum_expected.h"

#include "ein_check.h"

static int64_t case_numel(const ein_case *k) {
  int64_t n = 0;
  for (int i = 0; i < k->nops; i++) n += numel_of(k->ndim[i], k->shape[i]);
  return n;
}

static int einsum_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  out[0] = st_einsum(((const ein_case *)ctx)->eq, nin, in);
  return out[0] ? 0 : -1;
}

static st_tensor *einsum_call(const ein_case *k, st_tensor *const *in) {
  return st_einsum(k->eq, k->nops, in);
}
static void check_case(const ein_case *k, st_dtype dt, bool noncontig) {
  check_case_with(k, dt, noncontig, einsum_call);
}

TEST(einsum_values_and_gradients_match_torch) {
  CHECK(N_EINSUM_CASES > 60);
  for (int c = 0; c < N_EINSUM_CASES; c++) check_case(&EINSUM_CASES[c], ST_F64, false);
}

TEST(einsum_f32_and_strided_operands_match_torch) {
  for (int c = 0; c < N_EINSUM_CASES; c++) {
    check_case(&EINSUM_CASES[c], ST_F32, false);
    check_case(&EINSUM_CASES[c], ST_F64, true);
  }
}

TEST(einsum_gradcheck_and_gradgradcheck) {
  for (int c = 0; c < N_EINSUM_CASES; c++) {
    const ein_case *k = &EINSUM_CASES[c];
    int64_t n = case_numel(k);
    if (n == 0 || numel_of(k->out_ndim, k->out_shape) == 0 || n > 240) continue;
    st_scope_push();
    st_tensor *in[EIN_MAX_OPS];
    case_inputs(k, ST_F64, false, true, in);
    if (st_gradcheck(einsum_fn, (void *)k, k->nops, in, 1, 1e-6, 1e-7, 1e-5) ||
        (n <= 80 && st_gradgradcheck(einsum_fn, (void *)k, k->nops, in, 1, 1e-6, 1e-7, 1e-5)))
      st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
    st_scope_pop();
  }
}

/* jvp against central differences and <u, J v> = <J^T u, v>; vmap against a loop for every
   in_dims choice (each operand batched at 0, -1 or not at all), nested once. */
TEST(einsum_jvp_and_vmap_match_references) {
  int checked = 0;
  for (int c = 0; c < N_EINSUM_CASES; c++) {
    const ein_case *k = &EINSUM_CASES[c];
    int64_t n = case_numel(k);
    if (n == 0 || numel_of(k->out_ndim, k->out_shape) == 0 || n > 120) continue;
    st_scope_push();
    st_tensor *in[EIN_MAX_OPS];
    case_inputs(k, ST_F64, false, false, in);
    if (!CHECK_JVP_FD(einsum_fn, (void *)k, k->nops, in, 1, 1e-6, 1e-7) ||
        !CHECK_TRANSPOSE(einsum_fn, (void *)k, k->nops, in, 1, 1e-10))
      fprintf(stderr, "  in case '%s'\n", k->name);
    if (k->nops <= 3 && !CHECK_VMAP_ALL(einsum_fn, (void *)k, k->nops, in, 1, 3, 1e-10))
      fprintf(stderr, "  in case '%s'\n", k->name);
    checked++;
    st_scope_pop();
  }
  CHECK(checked > 40);
}

static int matvec_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nout;
  out[0] = st_einsum("ij,j->i", nin, in);
  return out[0] ? 0 : -1;
}

/* functorch's vmap(lambda x, y: einsum('ij,j->i', x, y)): lane b is x[b] @ y[b]. */
TEST(einsum_vmap_of_matvec_is_the_batched_product) {
  double xv[2 * 3 * 4], yv[2 * 4];
  tu_fill(xv, 24, -1, 1, 7);
  tu_fill(yv, 8, -1, 1, 8);
  st_tensor *x = tu_tensor(ST_F64, 3, (int64_t[]){2, 3, 4}, xv);
  st_tensor *y = tu_tensor(ST_F64, 2, (int64_t[]){2, 4}, yv);
  st_func *f = st_func_new(matvec_fn, NULL, 2, 1), *vf = st_vmap(f, NULL, NULL);
  st_tensor *out = NULL;
  CHECK(st_call(vf, (st_tensor *[]){x, y}, &out) == 0);
  CHECK_SHAPE(out, 2, 3);
  double want[6] = {0};
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 4; j++) want[b * 3 + i] += xv[b * 12 + i * 4 + j] * yv[b * 4 + j];
  st_test_close(__FILE__, __LINE__, out, want, 6, 1e-12);
  /* the matrix shared (in_dims {ST_UNBATCHED, 0}) and the vector batched at its last dim */
  CHECK(CHECK_VMAP_LOOP(matvec_fn, NULL, 2, ((st_tensor *[]){st_select(x, 0, 0), st_transpose(y, 0, 1)}),
                        ((int[]){ST_UNBATCHED, -1}), 1, 1e-12));
  st_release(out);
  st_func_release(vf), st_func_release(f);
}

static int quad_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_einsum("i,ij,j->", 3, (st_tensor *[]){in[0], (st_tensor *)ctx, in[0]});
  return out[0] ? 0 : -1;
}

static int bilinear_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nin, (void)nout;
  out[0] = st_einsum("i,ij,j->", 3, (st_tensor *[]){in[0], (st_tensor *)ctx, in[1]});
  return out[0] ? 0 : -1;
}

/* b(x, y) = x^T W y: jacrev in y is W^T x, and its hessian in x is zero. */
TEST(einsum_jacrev_and_hessian_of_a_bilinear_form) {
  double wv[6], xv[2], yv[3];
  tu_fill(wv, 6, -1, 1, 21);
  tu_fill(xv, 2, -1, 1, 22);
  tu_fill(yv, 3, -1, 1, 23);
  st_tensor *w = tu_tensor(ST_F64, 2, (int64_t[]){2, 3}, wv);
  st_tensor *in[2] = {tu_tensor(ST_F64, 1, (int64_t[]){2}, xv), tu_tensor(ST_F64, 1, (int64_t[]){3}, yv)};
  st_func *f = st_func_new(bilinear_fn, w, 2, 1), *jr = st_jacrev(f, 1), *h = st_hessian(f, 0);
  st_tensor *j = NULL, *hx = NULL;
  CHECK(st_call(jr, in, &j) == 0);
  CHECK(st_call(h, in, &hx) == 0);
  double want[3] = {0};
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 3; b++) want[b] += wv[a * 3 + b] * xv[a];
  CHECK_SHAPE(j, 3);
  st_test_close(__FILE__, __LINE__, j, want, 3, 1e-12);
  CHECK_SHAPE(hx, 2, 2);
  CHECK_CLOSE(hx, 0, 0, 0, 0, 0);
  st_release(j), st_release(hx);
  st_func_release(h), st_func_release(jr), st_func_release(f);
}

/* q(x) = x^T W x: jacrev is (W + W^T) x, the hessian W + W^T. */
TEST(einsum_jacrev_and_hessian_of_a_quadratic_form) {
  double wv[9], xv[3];
  tu_fill(wv, 9, -1, 1, 11);
  tu_fill(xv, 3, -1, 1, 12);
  st_tensor *w = tu_tensor(ST_F64, 2, (int64_t[]){3, 3}, wv), *x = tu_tensor(ST_F64, 1, (int64_t[]){3}, xv);
  st_func *f = st_func_new(quad_fn, w, 1, 1), *jr = st_jacrev(f, 0), *h = st_hessian(f, 0);
  st_tensor *j = NULL, *hx = NULL;
  CHECK(st_call(jr, &x, &j) == 0);
  CHECK(st_call(h, &x, &hx) == 0);
  double wj[3] = {0}, wh[9];
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      wh[a * 3 + b] = wv[a * 3 + b] + wv[b * 3 + a];
      wj[a] += wh[a * 3 + b] * xv[b];
    }
  CHECK_SHAPE(j, 3);
  CHECK_SHAPE(hx, 3, 3);
  st_test_close(__FILE__, __LINE__, j, wj, 3, 1e-12);
  st_test_close(__FILE__, __LINE__, hx, wh, 9, 1e-12);
  st_release(j), st_release(hx);
  st_func_release(h), st_func_release(jr), st_func_release(f);
}

/* A contraction runs through one GEMM (st_matmul), not a broadcast product and a sum. */
TEST(einsum_contracts_through_one_matmul) {
  st_tensor *a = st_ones(ST_F64, 3, (int64_t[]){4, 5, 6}), *b = st_ones(ST_F64, 3, (int64_t[]){4, 6, 7});
  st_profiler_start();
  st_tensor *y = st_einsum("bij,bjk->bik", 2, (st_tensor *[]){a, b});
  int64_t products = st_profiler_count("matmul"), muls = st_profiler_count("mul");
  st_profiler_stop();
  CHECK_EQ_INT(products, 1);
  CHECK_EQ_INT(muls, 0);
  CHECK_SHAPE(y, 4, 5, 7);
  CHECK_NEAR(st_item(st_sum_all(y)), 4 * 5 * 7 * 6, 0);
  /* three operands: two pairwise contractions */
  st_tensor *c = st_ones(ST_F64, 2, (int64_t[]){7, 3});
  st_profiler_start();
  st_tensor *z = st_einsum("bij,bjk,kl->il", 3, (st_tensor *[]){a, b, c});
  products = st_profiler_count("matmul");
  st_profiler_stop();
  CHECK_EQ_INT(products, 2);
  CHECK_SHAPE(z, 5, 3);
  CHECK_NEAR(st_item(st_sum_all(z)), 5 * 3 * 4 * 6 * 7, 0);
}

/* torch 2.15: a product with summed dims is its bmm, which refuses two dtypes and bool; a
   product without (outer, elementwise) promotes; one operand sums as torch.sum (integers and
   bool to i64), and without a sum keeps its dtype. */
TEST(einsum_dtypes_follow_torch) {
  st_tensor *f = st_ones(ST_F32, 1, (int64_t[]){3}), *d = st_ones(ST_F64, 1, (int64_t[]){3});
  st_tensor *l = st_ones(ST_I64, 1, (int64_t[]){3}), *i32 = st_ones(ST_I32, 1, (int64_t[]){3});
  st_tensor *bo = st_ones(ST_BOOL, 1, (int64_t[]){3}), *h = st_ones(ST_F16, 1, (int64_t[]){3});
  CHECK_FAILS(!st_einsum("i,i->", 2, (st_tensor *[]){f, d}), ST_ERR_DTYPE, "expected scalar type f32 but found f64");
  CHECK_FAILS(!st_einsum("i,i", 2, (st_tensor *[]){l, f}), ST_ERR_DTYPE, "expected scalar type i64 but found f32");
  CHECK_FAILS(!st_einsum("i,i", 2, (st_tensor *[]){bo, bo}), ST_ERR_DTYPE, "bool");
  /* left to right: f32 * f32 (i stays for the third), then the f32 x f64 contraction (torch
     with opt_einsum installed orders three operands by its own path, so its message may name
     the two the other way round) */
  CHECK_FAILS(!st_einsum("i,i,i->", 3, (st_tensor *[]){f, f, d}), ST_ERR_DTYPE, "f32 but found f64");
  /* ij,j->: the i32 operand's lone subscript i is summed first (to i64), then the product */
  CHECK_FAILS(!st_einsum("ij,j->", 2, (st_tensor *[]){st_ones(ST_I32, 2, (int64_t[]){2, 3}), i32}),
              ST_ERR_DTYPE, "i64 but found i32");
  st_tensor *y = st_einsum("i,i->i", 2, (st_tensor *[]){f, d});
  CHECK(y && st_dtype_of(y) == ST_F64);
  y = st_einsum("i,j->ij", 2, (st_tensor *[]){l, bo});
  CHECK(y && st_dtype_of(y) == ST_I64);
  y = st_einsum("i,i->", 2, (st_tensor *[]){i32, i32});
  CHECK(y && st_dtype_of(y) == ST_I32 && st_item(y) == 3);
  y = st_einsum("i,i->", 2, (st_tensor *[]){h, h});
  CHECK(y && st_dtype_of(y) == ST_F16 && st_item(y) == 3);
  y = st_einsum("i->", 1, &i32);
  CHECK(y && st_dtype_of(y) == ST_I64 && st_item(y) == 3);
  y = st_einsum("i->", 1, &bo);
  CHECK(y && st_dtype_of(y) == ST_I64 && st_item(y) == 3);
  y = st_einsum("i", 1, &bo);
  CHECK(y && st_dtype_of(y) == ST_BOOL);
  /* an empty contraction multiplies nothing: no bmm, so no dtype error (zeros) */
  y = st_einsum("ij,jk", 2, (st_tensor *[]){st_ones(ST_BOOL, 2, (int64_t[]){2, 0}), st_ones(ST_BOOL, 2, (int64_t[]){0, 3})});
  CHECK(y && st_numel(y) == 6 && st_item(st_sum_all(y)) == 0);
}

/* test_einsum_error_cases, plus torch 2.15's size, '->' and NULL checks: each fails with the
   status and torch's wording, names st_einsum and leaves the operands as they were. */
TEST(einsum_errors_match_torch) {
  st_tensor *x = st_ones(ST_F32, 1, (int64_t[]){2}), *y = st_ones(ST_F32, 2, (int64_t[]){2, 3});
  st_tensor *xx[2] = {x, x}, *xy[2] = {x, y};
  CHECK_FAILS(!st_einsum("", 0, NULL), ST_ERR_ARG, "st_einsum: must specify the equation string and at least one operand");
  CHECK_FAILS(!st_einsum(NULL, 1, &x), ST_ERR_ARG, "equation is NULL");
  CHECK_FAILS(!st_einsum("i", 1, (st_tensor *[]){NULL}), ST_ERR_ARG, "operand 0 is NULL");
  CHECK_FAILS(!st_einsum(". ..", 1, &x), ST_ERR_ARG, "st_einsum: found '.' for operand 0 that is not part of any ellipsis");
  CHECK_FAILS(!st_einsum("... ...", 1, &x), ST_ERR_ARG, "found '.' for operand 0 for which an ellipsis was already found");
  CHECK_FAILS(!st_einsum("1", 1, &x), ST_ERR_ARG, "invalid subscript given at index 0 in the equation string, subscripts must be in [a-zA-Z]");
  CHECK_FAILS(!st_einsum(",", 1, &x), ST_ERR_ARG, "fewer operands were provided than specified in the equation");
  CHECK_FAILS(!st_einsum("", 2, xx), ST_ERR_ARG, "more operands were provided than specified in the equation");
  CHECK_FAILS(!st_einsum("", 1, &x), ST_ERR_SHAPE, "the number of subscripts in the equation (0) does not match the number of dimensions (1) for operand 0 and no ellipsis was given");
  CHECK_FAILS(!st_einsum("ai", 1, &x), ST_ERR_SHAPE, "the number of subscripts in the equation (2) does not match the number of dimensions (1) for operand 0 and no ellipsis was given");
  CHECK_FAILS(!st_einsum("ai...", 1, &x), ST_ERR_SHAPE, "the number of subscripts in the equation (2) is more than the number of dimensions (1) for operand 0");
  CHECK_FAILS(!st_einsum("a->... .", 1, &x), ST_ERR_ARG, "found '.' for output but an ellipsis (...) was already found");
  CHECK_FAILS(!st_einsum("a->..", 1, &x), ST_ERR_ARG, "found '.' for output that is not part of any ellipsis (...)");
  CHECK_FAILS(!st_einsum("a->1", 1, &x), ST_ERR_ARG, "invalid subscript given at index 3");
  CHECK_FAILS(!st_einsum("a->aa", 1, &x), ST_ERR_ARG, "output subscript a appears more than once in the output");
  CHECK_FAILS(!st_einsum("a->i", 1, &x), ST_ERR_ARG, "output subscript i does not appear in the equation for any input operand");
  CHECK_FAILS(!st_einsum("aa", 1, &y), ST_ERR_SHAPE, "subscript a is repeated for operand 0 but the sizes don't match, 3 != 2");
  CHECK_FAILS(!st_einsum("a, ba", 2, xy), ST_ERR_SHAPE, "subscript a has size 3 for operand 1 which does not broadcast with previously seen size 2");
  CHECK_FAILS(!st_einsum("...i,...i", 2, ((st_tensor *[]){y, st_ones(ST_F32, 2, (int64_t[]){4, 3})})), ST_ERR_SHAPE,
              "dimension 0 covered by ellipsis in operand 1 has size 4 which does not broadcast with previously seen ellipsis with size 2");
  /* '->' twice: the second '-' is not a subscript (torch's index) */
  CHECK_FAILS(!st_einsum("a->a->a", 1, &x), ST_ERR_ARG, "invalid subscript given at index 4");
  CHECK_FAILS(!st_einsum("a>", 1, &x), ST_ERR_ARG, "invalid subscript given at index 1");
  /* more distinct subscripts than a strata tensor has dims */
  st_tensor *v[9];
  for (int i = 0; i < 9; i++) v[i] = st_ones(ST_F32, 2, (int64_t[]){1, 1});
  CHECK_FAILS(!st_einsum("ab,cd,ef,gh,ij,kl,mn,op,qr->", 9, v), ST_ERR_SHAPE, "at most 16 dims");
  /* nothing changed, and the error does not stick to the next call */
  CHECK_NEAR(st_item(st_sum_all(x)), 2, 0);
  CHECK(st_einsum("i->", 1, &x) && st_last_status() == ST_OK);
}

/* A NULL that a failed call returned keeps that call's error (NULL propagation). */
TEST(einsum_null_operand_keeps_the_earlier_error) {
  st_clear_error();
  st_tensor *bad = st_reshape(st_ones(ST_F32, 1, (int64_t[]){3}), 1, (int64_t[]){4});
  CHECK(!bad);
  CHECK(!st_einsum("i", 1, &bad));
  CHECK(strstr(st_last_error(), "st_reshape") != NULL);
  st_clear_error();
}

/* Every allocation of a three-operand einsum with gradients, failed in turn: the call fails
   with ST_ERR_OOM (or, when the failure lands in what it can do without, succeeds with the
   right value), and nothing leaks (the runner counts live objects after the test). */
TEST(einsum_allocation_failures_fail_cleanly) {
  st_tensor *a = st_ones(ST_F64, 2, (int64_t[]){2, 3}), *b = st_ones(ST_F64, 3, (int64_t[]){4, 3, 5});
  st_tensor *c = st_ones(ST_F64, 2, (int64_t[]){2, 5});
  st_set_requires_grad(a, true);
  st_tensor *ops[3] = {a, b, c};
  int64_t before = st_debug_alloc_count();
  st_tensor *y0 = st_einsum("bn,anm,bm->ba", 3, ops);
  int64_t total = st_debug_alloc_count() - before;
  CHECK(y0 && total > 10);
  int failed = 0;
  for (int64_t n = 1; n <= total; n++) {
    st_scope_push();
    st_debug_fail_alloc_after(n);
    st_tensor *y = st_einsum("bn,anm,bm->ba", 3, ops);
    st_debug_fail_alloc_after(0);
    if (!y) {
      failed++;
      CHECK_EQ_INT(st_last_status(), ST_ERR_OOM);
    } else {
      CHECK_SHAPE(y, 2, 4);
      CHECK_NEAR(st_item(st_sum_all(y)), 2 * 4 * 15, 0);
    }
    st_clear_error();
    st_scope_pop();
  }
  CHECK(failed > 0);
  CHECK_CLOSE(a, 0, 1, 1, 1, 1, 1, 1);
}

TEST(einsum_more_operands_than_the_record_holds) {
  /* 17 operands take the composite function's heap plan: sum_a prod_i v_i[a] of constant
     vectors, and its gradient (each operand's: the product of the others) */
  st_tensor *ops[17];
  double prod = 1;
  for (int i = 0; i < 17; i++) {
    ops[i] = st_full(ST_F64, ST_SHAPE(2), 0.5 + 0.05 * i);
    st_set_requires_grad(ops[i], true);
    prod *= 0.5 + 0.05 * i;
  }
  st_tensor *y = st_einsum("a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a->", 17, ops);
  CHECK_CLOSE(y, 1e-12, 2 * prod);
  CHECK(st_backward(y, NULL, false, false) == 0);
  CHECK_CLOSE(st_grad_of(ops[3]), 1e-12, prod / 0.65, prod / 0.65);
  CHECK_FAILS(!st_einsum("a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a->", 16, ops), ST_ERR_ARG,
              "fewer operands");
}
