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
    {"conf_ag_inference_mode_existing_autograd_session",
     "src/dispatch/dispatch.c (in-place helper)",
     "an in-place op in inference mode does not bump the version of a normal tensor, so a "
     "backward that saved it silently uses the new value (PyTorch raises the version error)"},
    {"conf_ag_inference_mode_inference_tensor_outside",
     "src/autograd (design: no inference tensors)",
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
    /* src/transforms + grad mode under transforms (transforms helper, Conformance item 1) */
    {"conf_tx_no_grad_outside", "src/transforms/grad.c (transforms helper)",
     "st_grad called under no-grad gives a result that requires grad at the outer level"},
    {"conf_tx_no_grad_mixed", "src/transforms/grad.c (transforms helper)",
     "st_grad called under no-grad gives a result that requires grad at the outer level"},
    {"conf_tx_no_grad_nested_simple", "src/transforms/grad.c (transforms helper)",
     "a st_grad called under no-grad inside an outer st_grad makes the outer gradient zero "
     "silently (torch.func: 3x^2, and 6x for the eager autograd of it)"},
    {"conf_tx_no_grad_nested_complicated", "src/transforms/grad.c (transforms helper)",
     "grad of (grad(f) - grad(f) under no-grad) is zero silently (torch.func: 6x)"},
    {"conf_tx_no_grad_value", "src/transforms/grad.c (transforms helper)",
     "grad_and_value called under no-grad inside grad: the outer eager autograd gets 0 for the "
     "second derivative instead of 6x (the inner call's value is not treated as a constant)"},
    {"conf_tx_no_grad_outside_vjp", "src/transforms/grad.c (transforms helper)",
     "vjp and its pullback called under no-grad give results that require grad at the outer "
     "level; torch.func's do not"},
    {"conf_tx_no_grad_outside_vjp_fn", "src/transforms/grad.c (transforms helper)",
     "a pullback called under no-grad gives a result that requires grad; torch.func's does not"},
    {"conf_tx_no_grad_outside_vjp_only", "src/transforms/grad.c (transforms helper)",
     "vjp called under no-grad gives outputs that require grad; torch.func's do not"},
    {"conf_tx_inference_mode_outside_grad", "src/transforms (transforms helper)",
     "st_grad called in inference mode returns zeros silently (torch.func: 2x)"},
    {"conf_tx_inference_mode_nograd_outside_grad", "src/transforms (transforms helper)",
     "st_grad in inference mode under no-grad returns zeros silently"},
    {"conf_tx_inference_mode_outside_vjp", "src/transforms (transforms helper)",
     "st_vjp's pullback in inference mode returns zeros silently"},
    {"conf_tx_inference_mode_outside_jacrev", "src/transforms (transforms helper)",
     "st_jacrev in inference mode returns zeros silently"},
    {"conf_tx_inference_mode_outside_vmap_grad", "src/transforms (transforms helper)",
     "vmap(grad) in inference mode returns zeros silently"},
    {"conf_tx_inference_mode_outside_grad_vmap", "src/transforms (transforms helper)",
     "grad(vmap) in inference mode returns zeros silently"},
    {"conf_tx_inference_mode_nested_grad", "src/transforms (transforms helper)",
     "grad(grad) in inference mode returns zeros silently"},
    {"conf_tx_inference_mode_jacrev_grad", "src/transforms (transforms helper)",
     "jacrev(grad) in inference mode returns zeros silently"},
    {"conf_tx_inference_mode_inside_grad", "src/transforms (transforms helper)",
     "grad in inference mode of a function that also enters inference mode returns zeros"},
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
