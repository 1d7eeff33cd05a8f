/* known_failures.h — conformance cases that fail because of a library bug not fixed yet: the
   case name, the library area (and the helper or file that owns it) and why. conf_end reports
   such a failure once instead of failing the suite, and reports a listed case that passes, so
   that an entry goes as soon as its fix lands. A failure of a case not listed fails the suite. */
#ifndef STRATA_CONF_KNOWN_FAILURES_H
#define STRATA_CONF_KNOWN_FAILURES_H

typedef struct {
  const char *name;   /* the CONF_TEST / CONF_PROG case */
  const char *area;   /* where the fix belongs */
  const char *reason; /* what differs from PyTorch */
} conf_known_failure;

static const conf_known_failure conf_known_failures[] = {
    /* src/ops/unary.c (misc helper): ops PyTorch differentiates with a zero gradient */
    {"conf_autograd_sign", "src/ops/unary.c (ST_OP_NONDIFF)",
     "sign's output does not require grad, so autograd.grad of it fails ('element 0 of tensors "
     "does not require grad'); PyTorch's sign output requires grad and its gradient is zero"},
    {"conf_autograd_floor", "src/ops/unary.c (ST_OP_NONDIFF)",
     "floor: as sign (PyTorch: requires grad, zero gradient)"},
    {"conf_autograd_ceil", "src/ops/unary.c (ST_OP_NONDIFF)",
     "ceil: as sign (PyTorch: requires grad, zero gradient)"},
    {"conf_autograd_round", "src/ops/unary.c (ST_OP_NONDIFF)",
     "round: as sign (PyTorch: requires grad, zero gradient)"},
    {"conf_autograd_clamp_at_bounds", "src/ops/unary.c (clamp's vjp)",
     "clamp's gradient at x == min or x == max: PyTorch 2.15 gives 0 (it passes the gradient "
     "only where min < x < max), strata gives 1"},
    /* src/ops/binary.c atan2 (misc helper, issue Conformance item 5) */
    {"conf_autograd_atan2_at_zero", "src/ops/binary.c (atan2's vjp; misc helper)",
     "the derivatives of atan2 at (0, 0) are NaN in strata, 0 in PyTorch"},
    /* src/transforms (transforms helper, issue Conformance item 4) */
    {"conf_grad_negative_argnums", "src/transforms/grad.c (transforms helper)",
     "negative argnums are refused; torch.func counts them from the end"},
    {"conf_grad_negative_argnums_pair", "src/transforms/grad.c (transforms helper)",
     "negative argnums are refused; torch.func counts them from the end"},
    /* src/dispatch, src/autograd/record.c (in-place helper, issue Conformance item 3) */
    {"conf_grad_view_inplace_simple", "src/dispatch + src/autograd/record.c (in-place helper)",
     "an in-place op on a view of a tensor that requires grad at a grad level is refused; "
     "PyTorch records CopySlices"},
    {"conf_grad_inplace_on_view", "src/dispatch + src/autograd/record.c (in-place helper)",
     "an in-place op on a view of a tensor that requires grad is refused (CopySlices)"},
    {"conf_grad_inplace_on_view_base", "src/dispatch + src/autograd/record.c (in-place helper)",
     "a view taken before its base was modified in place is refused; PyTorch replays the view"},
    {"conf_vmap_of_grad_new_zeros", "src/dispatch (in-place helper)",
     "copy_ of a value tracked by grad into a fresh tensor the transform does not track is "
     "refused; torch.func lifts the target"},
    {"conf_jacrev_inplace", "src/dispatch (in-place helper)",
     "y.copy_(x) with y another input under jacrev is refused; torch.func lifts y"},
    {"conf_jacfwd_inplace", "src/dispatch (in-place helper)",
     "y.copy_(x) with y another input under jacfwd is refused; torch.func lifts y"},

};

#endif
