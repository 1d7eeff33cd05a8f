/* ein_check.h — what test_einsum.c and test_contract.c share over the cases of
   einsum_expected.h (gen_einsum.py): the cases' sizes and operands, and the check of one case's
   value and f64 gradients against torch. Included after einsum_expected.h. */
#ifndef STRATA_TESTS_EIN_CHECK_H
#define STRATA_TESTS_EIN_CHECK_H

static int64_t numel_of(int nd, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < nd; d++) n *= shape[d];
  return n;
}
static const double no_values[1] = {0};
static const double *vals(const double *v) { return v ? v : no_values; }

/* The case's operands as dt tensors (non-contiguous ones when asked), requiring grad if asked. */
static void case_inputs(const ein_case *k, st_dtype dt, bool noncontig, bool grad, st_tensor **in) {
  for (int i = 0; i < k->nops; i++) {
    in[i] = noncontig ? tu_noncontig(dt, k->ndim[i], k->shape[i], vals(k->in[i]))
                      : tu_tensor(dt, k->ndim[i], k->shape[i], vals(k->in[i]));
    if (grad) st_set_requires_grad(in[i], true);
  }
}

/* The value (shape and dtype too) of call(k, operands) and, in f64, the gradients of
   sum(g * y) against torch. */
static void check_case_with(const ein_case *k, st_dtype dt, bool noncontig,
                            st_tensor *(*call)(const ein_case *, st_tensor *const *)) {
  double tol = dt == ST_F32 ? 1e-5 : 1e-12;
  st_scope_push();
  st_tensor *in[EIN_MAX_OPS];
  case_inputs(k, dt, noncontig, dt == ST_F64, in);
  st_tensor *y = call(k, in);
  int64_t n = numel_of(k->out_ndim, k->out_shape);
  if (!y) {
    st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
  } else if (!st_test_shape(__FILE__, __LINE__, y, k->out_ndim, k->out_shape) ||
             st_dtype_of(y) != dt || !st_test_close(__FILE__, __LINE__, y, vals(k->want), n, tol)) {
    st_test_fail(__FILE__, __LINE__, "in case '%s' (%s%s): the result is %s", k->name,
                 st_dtype_name(dt), noncontig ? ", strided" : "", st_dtype_name(st_dtype_of(y)));
  } else if (dt == ST_F64 && n > 0) {
    st_tensor *g = tu_tensor(dt, k->out_ndim, k->out_shape, k->g);
    if (st_backward(y, g, false, false))
      st_test_fail(__FILE__, __LINE__, "%s: %s", k->name, st_last_error());
    for (int i = 0; i < k->nops; i++) {
      st_tensor *gi = st_grad_of(in[i]);
      int64_t ni = numel_of(k->ndim[i], k->shape[i]);
      if (ni && (!gi || !st_test_close(__FILE__, __LINE__, gi, vals(k->grad[i]), ni, tol)))
        fprintf(stderr, "  in case '%s', gradient of operand %d\n", k->name, i);
      st_release(gi);
    }
  }
  st_scope_pop();
}

#endif
