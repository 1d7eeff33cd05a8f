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
    {"conf_ag_no_requires_grad_inplace", "src/autograd/record.c (in-place helper)",
     "a view taken before its base was set to require grad can still be written in place; "
     "PyTorch refuses (a view of a leaf that requires grad)"},
    {"conf_ag_leaf_assignment", "src/dispatch + src/autograd/record.c (in-place helper)",
     "x[0] = y (copy_ into a view of x, y requiring grad) does not give x history (CopySlices)"},
    {"conf_ag_no_unnecessary_save", "src/ops/binary.c saves masks (in-place helper)",
     "x * ft saves x although ft needs no gradient, so writing x again fails the backward "
     "(PyTorch saves only what the needed gradients read)"},
    /* src/autograd/meta.c, src/dispatch/dispatch.c: inference mode */
    {"conf_ag_inference_mode_context_manager", "src/autograd/meta.c (engine helper)",
     "st_is_grad_enabled() is true in inference mode; torch.is_grad_enabled() is False there"},
    {"conf_ag_inference_mode_existing_autograd_session", "src/dispatch/dispatch.c (in-place helper)",
     "an in-place op in inference mode does not bump the version of a normal tensor, so a "
     "backward that saved it silently uses the new value (PyTorch raises the version error)"},
    {"conf_ag_inference_mode_inference_tensor_outside", "src/autograd (design: no inference tensors)",
     "tensors made in inference mode are ordinary tensors: saving one for backward and writing "
     "one in place outside inference mode are allowed (PyTorch refuses both)"},
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
