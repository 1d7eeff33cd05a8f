/* nn_cases.h — the harness of test_nn_{act,loss,norm}.c: runs a case of nn_ops_expected.h
   (gen_nn_ops.py, PyTorch's values) through its strata op and checks the output and the
   gradients against torch, gradcheck / gradgradcheck in f64, vmap against a loop, and jacrev
   against jacfwd. Cases name their op with nn_op; nn_call maps it to the public function. */
#ifndef NN_CASES_H
#define NN_CASES_H

#include "../transforms/tx.h"
#include "test.h"
#include "util.h"

#include "nn_ops_expected.h"

/* Calls the case's op on in[0..k->nin) (NULL where the case has no such optional input). */
static st_tensor *nn_call(const nn_case *k, st_tensor *const *in);

/* The case's inputs as tensors (NULL where absent), requiring grad where differentiable. */
static void nn_inputs(const nn_case *k, st_tensor **in, bool grad) {
  for (int i = 0; i < k->nin; i++) {
    in[i] = k->in[i] ? tu_tensor(k->dtype, k->ndim[i], k->shape[i], k->in[i]) : NULL;
    if (in[i] && grad && k->diff[i]) st_set_requires_grad(in[i], true);
  }
}

/* The forward value, the gradients of <g, y> in every differentiable input and the inputs
   written in place (running stats) against torch. */
static void nn_check_torch(const char *file, int line, const nn_case *k) {
  double tol = k->dtype == ST_F32 ? 2e-5 : 1e-11;
  st_scope_push();
  st_tensor *in[NN_MAX_IN];
  nn_inputs(k, in, true);
  st_tensor *y = nn_call(k, in);
  int64_t n = 1;
  for (int d = 0; d < k->out_ndim; d++) n *= k->out_shape[d];
  if (!y) {
    st_test_fail(file, line, "%s: %s", k->name, st_last_error());
    st_scope_pop();
    return;
  }
  if (!st_test_close(file, line, y, k->want, n, tol)) fprintf(stderr, "  in case %s\n", k->name);
  for (int i = 0; i < k->nin; i++)
    if (k->after[i] && !st_test_close(file, line, in[i], k->after[i], st_numel(in[i]), tol))
      fprintf(stderr, "  in case %s, input %d after the call\n", k->name, i);
  bool any = false;
  for (int i = 0; i < k->nin; i++) any = any || (k->in[i] && k->diff[i]);
  if (any) {
    st_tensor *g = tu_tensor(k->dtype, k->out_ndim, k->out_shape, k->g);
    if (st_backward(y, g, false, false)) st_test_fail(file, line, "%s: %s", k->name, st_last_error());
    for (int i = 0; i < k->nin; i++) {
      if (!k->in[i] || !k->diff[i]) continue;
      st_tensor *gi = st_grad_of(in[i]);
      if (!st_test_close(file, line, gi, k->grad[i], st_numel(in[i]), tol))
        fprintf(stderr, "  in case %s, gradient of input %d\n", k->name, i);
      st_release(gi);
    }
  }
  st_scope_pop();
}

/* st_fn over the case's present inputs, in order (the absent ones are skipped). */
static int nn_fn(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)nout;
  const nn_case *k = ctx;
  st_tensor *args[NN_MAX_IN] = {0};
  for (int i = 0, j = 0; i < k->nin; i++)
    if (k->in[i] && j < nin) args[i] = in[j++];
  out[0] = nn_call(k, args);
  return out[0] ? 0 : -1;
}

/* The present inputs of an f64 copy of the case, requiring grad where differentiable; returns
   how many. Inputs that are written in place (running stats) are left out: they stay fixed. */
static int nn_present(const nn_case *k, st_tensor **in, bool grad) {
  int n = 0;
  for (int i = 0; i < k->nin; i++) {
    if (!k->in[i]) continue;
    in[n] = tu_tensor(ST_F64, k->ndim[i], k->shape[i], k->in[i]);
    if (grad && k->diff[i]) st_set_requires_grad(in[n], true);
    n++;
  }
  return n;
}

/* gradcheck and gradgradcheck in f64 (every differentiable input). */
static void nn_check_grads(const char *file, int line, const nn_case *k) {
  st_scope_push();
  st_tensor *in[NN_MAX_IN];
  int n = nn_present(k, in, true);
  if (st_gradcheck(nn_fn, (void *)k, n, in, 1, 1e-6, 1e-7, 1e-5) ||
      st_gradgradcheck(nn_fn, (void *)k, n, in, 1, 1e-6, 1e-7, 1e-5))
    st_test_fail(file, line, "%s: %s", k->name, st_last_error());
  st_scope_pop();
}

/* vmap against a loop for every in_dims, and jacrev = jacfwd in input 0 (f64). */
static void nn_check_transforms(const char *file, int line, const nn_case *k) {
  st_scope_push();
  st_tensor *in[NN_MAX_IN];
  int n = nn_present(k, in, false);
  if (!tx_vmap_all(file, line, nn_fn, (void *)k, n, in, 1, 3, 1e-10))
    fprintf(stderr, "  in case %s\n", k->name);
  st_func *f = st_func_new(nn_fn, (void *)k, n, 1), *rev = st_jacrev(f, 0), *fwd = st_jacfwd(f, 0);
  st_tensor *jr = NULL, *jf = NULL;
  if (st_call(rev, in, &jr) || st_call(fwd, in, &jf)) {
    st_test_fail(file, line, "%s: %s", k->name, st_last_error());
  } else {
    double *want = tu_values(jr);
    if (!st_test_close(file, line, jf, want, st_numel(jr), 1e-10))
      fprintf(stderr, "  in case %s (jacfwd against jacrev)\n", k->name);
    free(want);
  }
  st_func_release(fwd), st_func_release(rev), st_func_release(f);
  st_scope_pop();
}

/* Every case of `op` through the three checks (the transforms in f64 cases only). */
static int nn_check_op(const char *file, int line, nn_op op) {
  int ran = 0;
  for (int c = 0; c < NN_NCASES; c++) {
    const nn_case *k = &NN_CASES[c];
    if (k->op != op) continue;
    ran++;
    nn_check_torch(file, line, k);
    if (k->dtype != ST_F64) continue;
    if (k->kink) continue;
    nn_check_grads(file, line, k);
    if (!k->stateful) nn_check_transforms(file, line, k);
  }
  return ran;
}
#define CHECK_NN_OP(op) CHECK(nn_check_op(__FILE__, __LINE__, op) > 0)

#endif
