"""known.py - the differential fuzzer's classified disagreements (README.md lists them with
reproducers). Each entry names its class (a strata bug, a deliberate difference, or a torch bug),
says what it is and where it belongs, and recognizes the programs it explains. Where a torch bug
or a deliberate difference is claimed, the entry does not trust a pattern alone when it can check
more: it recomputes the program with torch under the corrected semantics (prog.VARIANT), or
with torch's own loop over the lanes of the outermost vmap, and requires strata to agree with
that. A disagreement no entry recognizes fails the run."""
import torch

import prog as P

STRATA_BUG = "strata bug"
DELIBERATE = "deliberate difference"
TORCH_BUG = "torch bug"


class Info:
    """One disagreement: the program, its kind ("values differ", "only strata fails", ...), the
    detail line, both results (strata: ("ok", n) / ("err", status, message); torch: ("ok",
    outputs) / ("err", message)), strata's outputs and the inputs."""

    def __init__(self, prog, kind, detail, strata, torch_result, strata_outs, inputs):
        self.prog, self.kind, self.detail = prog, kind, detail
        self.strata, self.torch = strata, torch_result
        self.outs, self.inputs = strata_outs, inputs
        self._nonfinite = None

    def ops(self):
        return {op for op, _, _ in self.prog.instrs}

    def layers(self):
        return [L.kind for L in self.prog.layers]

    def strata_error(self):
        return self.strata[2] if self.strata[0] == "err" else ""

    def torch_error(self):
        return self.torch[1] if self.torch[0] == "err" else ""

    def forward_mode(self):
        return any(k in ("jvp", "jacfwd", "hessian") for k in self.layers())

    def reverse_mode(self):
        return any(k in ("grad", "gradv", "vjp", "jacrev", "hessian") for k in self.layers())

    def vmapped(self):
        return any(k in ("vmap", "jacrev", "jacfwd", "hessian") for k in self.layers())

    def nonfinite_values(self):
        """Whether the body computed a NaN or an infinity (in torch's run)."""
        if self._nonfinite is None:
            P.NONFINITE["seen"] = False
            try:
                P.run(self.prog, self.inputs)
            except Exception:
                pass
            self._nonfinite = P.NONFINITE["seen"]
        return self._nonfinite

    def _agrees(self, ref):
        import difffuzz as D
        if self.strata[0] != "ok" or ref is None or len(ref) != len(self.outs):
            return False
        return all(a is not None and D.compare(a, b) is None for a, b in zip(self.outs, ref))

    def _run_variant(self, **flags):
        """torch's outputs under the variant semantics (prog.VARIANT), or the exception it raised,
        as (outputs, None) or (None, exception)."""
        saved = dict(P.VARIANT)
        P.VARIANT.update(flags)
        try:
            return P.run(self.prog, self.inputs), None
        except Exception as e:
            return None, e
        finally:
            P.VARIANT.clear()
            P.VARIANT.update(saved)

    def agrees_with_variant(self, **flags):
        """strata's outputs equal torch's under the variant semantics."""
        return self._agrees(self._run_variant(**flags)[0])

    def each_element_agrees_with_torch_or_variant(self, **flags):
        """Every element of strata's outputs equals torch's or torch's under the variant (each
        side's rounding may fall either way, element by element)."""
        import difffuzz as D
        import torch
        if self.strata[0] != "ok" or self.torch[0] != "ok":
            return False
        ref = self._run_variant(**flags)[0]
        if ref is None or len(ref) != len(self.outs) or len(self.torch[1]) != len(self.outs):
            return False

        def close(a, b):
            b = b.to(torch.float64)
            return (a - b).abs() <= D.RTOL * torch.maximum(a.abs(), b.abs()) + D.ATOL

        for a, b1, b2 in zip(self.outs, self.torch[1], ref):
            if a is None or tuple(a.shape) != tuple(b1.shape) or tuple(a.shape) != tuple(b2.shape):
                return False
            if not bool((close(a, b1) | close(a, b2)).all()):
                return False
        return True

    def torch_fails_with_variant(self, needle, **flags):
        """torch under the variant semantics raises an error holding needle."""
        err = self._run_variant(**flags)[1]
        return err is not None and needle in str(err)

    def eager_backward_error(self):
        """The error eager PyTorch raises on backward through the body alone (no transforms):
        the inputs requiring grad, the sum of every floating output differentiated. None when it
        runs; "" when that cannot be asked (a vmap layer changes the body's input shapes)."""
        if "vmap" in self.layers():
            return ""
        mode = torch.is_grad_enabled()
        try:
            xs = [x.detach().clone().requires_grad_() for x in self.inputs]
            outs = P.stack_fn(self.prog, [])(*xs)
            loss = sum(o.sum() for o in outs if o.is_floating_point() and o.requires_grad)
            if torch.is_tensor(loss):
                torch.autograd.grad(loss, xs, allow_unused=True)
            return None
        except Exception as e:
            return str(e)
        finally:
            torch._C._set_grad_enabled(mode)

    def outputs_are_derivatives(self):
        """The outermost layer returns only derivatives (no primal values a write changes)."""
        return bool(self.prog.layers) and self.prog.layers[0].kind in ("jacrev", "jacfwd",
                                                                       "hessian")

    def agrees_or_fails_with_variant(self, **flags):
        """torch under the variant semantics gives strata's outputs, or fails as strata does."""
        if self.strata[0] == "ok":
            return self.agrees_with_variant(**flags)
        return self._run_variant(**flags)[1] is not None

    def torch_nan_where_strata_is_not(self):
        """Every differing element is NaN in torch (and not in strata), or infinite in strata."""
        pairs = _differing(self)
        return bool(pairs) and all(bool((torch.isnan(b) | torch.isinf(a)).all())
                                   for a, b in pairs)

    def nonfinite_where_they_differ(self):
        """Every differing element is NaN or infinite on one side."""
        pairs = _differing(self)
        return bool(pairs) and all(bool((~torch.isfinite(a) | ~torch.isfinite(b)).all())
                                   for a, b in pairs)

    def strata_nan_where_torch_is_not(self):
        """Every differing element is NaN in strata and finite in torch."""
        pairs = _differing(self)
        return bool(pairs) and all(bool((torch.isnan(a) & torch.isfinite(b)).all())
                                   for a, b in pairs)


def _differing(d):
    """(strata, torch) values of the elements that differ, over all outputs; None if shapes
    differ or a side failed."""
    import difffuzz as D
    if d.strata[0] != "ok" or d.torch[0] != "ok":
        return None
    pairs = []
    for a, b in zip(d.outs, d.torch[1]):
        if a is None or tuple(a.shape) != tuple(b.shape):
            return None
        b = b.to(torch.float64)
        if D.compare(a, b) is None:
            continue
        same = (a == b) | (torch.isnan(a) & torch.isnan(b))
        scale = b[torch.isfinite(b)].abs().max().item() if torch.isfinite(b).any() else 0.0
        close = (a - b).abs() <= D.RTOL * torch.maximum(a.abs(), b.abs()) + D.ATOL * max(scale, 1.0)
        bad = ~(same | close)
        pairs.append((a[bad], b[bad]))
    return pairs


def _inplace_on_shared_memory(d):
    """An in-place op writes a register whose memory another register shares (a view)."""
    root = P.alias_roots(len(d.prog.shapes), d.prog.instrs)
    return any(op.endswith("_") and root.count(root[args[0]]) > 1
               for op, dst, args in d.prog.instrs if op not in ("nograd", "grad"))


def _strata_error(needle):
    return lambda d: d.kind == "only strata fails" and needle in d.strata_error()


def _torch_error(needle):
    return lambda d: d.kind == "only torch fails" and needle in d.torch_error()


def _self_alias(d):
    root = P.alias_roots(len(d.prog.shapes), d.prog.instrs)
    return any(P.SIG[op] == "rr" and op.endswith("_") and root[args[0]] == root[args[1]]
               for op, _, args in d.prog.instrs)


def _contiguous_under_nograd(d):
    grad = True
    for op, _, _ in d.prog.instrs:
        if op in ("nograd", "grad"):
            grad = op == "grad"
        elif op == "contiguous" and not grad:
            return True
    return False


def _negative_jacfwd_argnum(d):
    return any(L.kind in ("jacfwd", "hessian") and L.argnums[0] < 0 for L in d.prog.layers)


KNOWN = [
    # ------------------------------------------------------- torch bugs that change everything
    (TORCH_BUG, "torch 2.15's jacfwd (and hessian) with a negative argnum gives a zero Jacobian "
     "(jacfwd(lambda a, b: (a * 2).sum(), argnums=-2)(a, b) is 0); strata equals torch with the "
     "argnum counted from the front, values or failure",
     lambda d: _negative_jacfwd_argnum(d) and d.kind in ("values differ", "only strata fails",
                                                           "only torch fails")
     and (any(d.agrees_or_fails_with_variant(argnums_normalized=True, **more)
              # alone, or with one of torch's bugs below in the same program (its layer_norm
              # derivatives, its forward-mode t.mul_(t))
              for more in ({}, {"layer_norm_decomposed": True}, {"alias_copy": True},
                           {"norm_decomposed": True}, {"huber_decomposed": True}))
          # or with the deliberate t.op_(t) difference below: torch then raises its
          # version-counter error where strata reads a copy
          or d.strata[0] == "ok" and _self_alias(d) and d.reverse_mode()
          and d.torch_fails_with_variant("modified by an inplace operation",
                                         argnums_normalized=True))),
    # ----------------------------------------------------------------------------- strata bugs
    (STRATA_BUG, "under a vmap inside the grad level: a view made in no-grad mode of a tensor "
     "the grad level does not track, whose base is then written in grad mode with a tracked "
     "value (which lifts the base), is used afterwards: PyTorch refuses ('A view was created in "
     "no_grad mode and its base ... modified inplace with grad mode enabled'), strata computes "
     "(src/dispatch/dispatch.c substitute() refuses it only when the view is below the lift's "
     "level; seed 4's s4_4512)",
     lambda d: d.kind == "only torch fails" and "A view was created in no_grad mode"
     in d.torch_error() and "nograd" in d.ops() and d.reverse_mode()),
    # --------------------------------------------- a deliberate difference before the torch bugs
    (DELIBERATE, "an out_dims entry None accepts an output that does not depend on the batch "
     "(st_grad's zero gradient of an unused input, the *_like creations), which strata keeps "
     "unbatched and torch.func batches and refuses (strata.h, st_vmap)",
     lambda d: d.strata[0] == "ok"
     and _torch_error("can not return a BatchedTensor when out_dim is None")(d)),
    (TORCH_BUG, "the double backward of F.layer_norm with a bias but no weight fails inside torch "
     "('Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #1 "
     "'other'')",
     lambda d: d.kind == "only torch fails" and "layer_norm" in d.ops()
     and "Expected a proper Tensor but got None" in d.torch_error()),
    (TORCH_BUG, "jacrev (or hessian) of a function with an empty output fails inside torch "
     "('expected t.size(0) to be 1, got 0', 'select(): index 0 out of range for tensor of size "
     "[0]'); strata returns the empty Jacobian",
     lambda d: d.kind == "only torch fails" and d.ops() and ("expected t.size(0) to be 1, got 0"
     in d.torch_error() or "out of range for tensor of size [0]" in d.torch_error())
     and any(k in ("jacrev", "hessian") for k in d.layers())),
    (TORCH_BUG, "torch 2.15 misses its version-counter error for t.copy_(t) on a view of "
     "log_softmax's saved output under grad(jacfwd(...)) (the same program raises it eagerly and "
     "under grad, vjp and jacrev in torch, and with exp in place of log_softmax or mul_ in place "
     "of the self copy under grad(jacfwd) too); strata raises it everywhere",
     lambda d: d.kind == "only strata fails" and "modified by an inplace operation"
     in d.strata_error() and _self_alias(d) and "copy_" in d.ops() and "log_softmax" in d.ops()
     and d.forward_mode() and d.reverse_mode()),
    (TORCH_BUG, "torch.vmap refuses an in-place op ('inplace arithmetic(self, *extra_args) is "
     "not possible ...') whose target is batched in every lane of its own loop; strata equals "
     "torch's loop over the lanes",
     lambda d: d.kind == "only torch fails" and "inplace arithmetic(self, *extra_args) is not "
     "possible" in d.torch_error() and any(
         d.agrees_with_variant(vmap_loop=v, jac_loop=j, alias_copy=c)
         for v in (True, False) for j in (True, False) for c in (False, True) if v or j)),
    (TORCH_BUG, "the third derivative of std fails inside torch's own std backward with a "
     "version-counter error ('output 0 of MaskedFill')",
     _torch_error("which is output 0 of MaskedFill")),
    (TORCH_BUG, "torch.func misses the version-counter error eager PyTorch raises: a value a "
     "node saved was written in place (here under transforms; eager backward through the same "
     "body raises 'modified by an inplace operation', as strata does)",
     lambda d: d.kind == "only strata fails" and "modified by an inplace operation"
     in d.strata_error() and "modified by an inplace operation" in (d.eager_backward_error() or "")),
    (TORCH_BUG, "torch.func raises a version-counter error on one of its own intermediates "
     "('output 0 of AsStrided' and the like) where eager backward through the same body runs; "
     "strata computes",
     lambda d: d.kind == "only torch fails" and "modified by an inplace operation"
     in d.torch_error() and "output 0 of AsStrided" in d.torch_error()
     and d.eager_backward_error() in (None, "")),
    (TORCH_BUG, "an internal assertion of torch fails ('INTERNAL ASSERT FAILED ... please report a "
     "bug to PyTorch', e.g. topk with k = 0 under vmap); strata computes",
     _torch_error("INTERNAL ASSERT FAILED")),
    # -------------------------------------------------------------------- deliberate differences
    (DELIBERATE, "contiguous of a value under vmap whose lanes strata keeps strided (its vmap "
     "rule left the batch dim in place, where torch's moves it to the front) is a copy in "
     "strata and the value itself in torch (both return self only for a contiguous tensor), so "
     "a later in-place write to the value reaches torch's result and not strata's; strata "
     "equals torch with contiguous copying (its values, or the same error)",
     lambda d: "contiguous" in d.ops() and d.vmapped() and _agrees_copying_contiguous(d)),
    (DELIBERATE, "t.op_(u) with u sharing t's memory under reverse mode: strata's rule reads a "
     "copy of the aliasing operand (tests/fuzz bug 4) and differentiates it; torch's node saves "
     "`other`, which the op itself bumps, and raises its version-counter error",
     lambda d: d.kind == "only torch fails" and "modified by an inplace operation" in
     d.torch_error() and _self_alias(d)),
    (DELIBERATE, "prod's vjp does not read its output (PyTorch's ProdBackward saves the result), "
     "so writing prod's result in place before backward is no error in strata",
     _torch_error("which is output 0 of Prod")),
    (DELIBERATE, "st_cross_entropy's node keeps its input logits and recomputes the softmax in "
     "backward (PyTorch's log_softmax node keeps the [N, C] log-probabilities instead), so "
     "writing the logits in place before backward is refused with the version-counter error "
     "(strata.h, st_cross_entropy)",
     lambda d: d.kind == "only strata fails" and "saved by CrossEntropyBackward (saved value 0)"
     in d.strata_error() and "cross_entropy" in d.ops()),
    (DELIBERATE, "PyTorch raises its version-counter error where strata's rules do not read the "
     "overwritten value (they save other values than PyTorch's, e.g. a difference instead of "
     "an input): strata's result equals the program with that in-place op written out of place",
     lambda d: d.kind == "only torch fails" and "modified by an inplace operation" in
     d.torch_error() and (d.agrees_with_variant(functional_inplace=True)
                          # a write in no-grad mode, which keeps the target's history: the
                          # derivatives (jacobians, hessians) are the program's without it
                          or d.outputs_are_derivatives()
                          and d.agrees_with_variant(drop_nograd_inplace=True))),
    (DELIBERATE, "contiguous() of a contiguous tensor under no_grad: eager PyTorch (and strata) "
     "returns the tensor itself, history included, so backward reaches what was written into "
     "it and raises the version-counter error eager PyTorch raises; torch.func's wrapper gives "
     "a tensor without history there",
     lambda d: d.kind == "only strata fails" and "modified by an inplace operation"
     in d.strata_error() and _contiguous_under_nograd(d)),
    (DELIBERATE, "cross's products rounded one by one (no fused multiply-add): the cross product "
     "of parallel vectors is exactly 0 in strata and a rounding residue in torch, so dividing by "
     "it (fmod, remainder, div) gives NaN on one side; strata equals torch with cross written "
     "out",
     lambda d: d.kind == "values differ" and "cross" in d.ops()
     and d.agrees_with_variant(cross_decomposed=True)),
    (DELIBERATE, "torch's linalg results are column-major (LAPACK's layout), so reshape copies "
     "them where strata's row-major results reshape to a view; an in-place write through that "
     "reshape reaches the result the linalg node saved in strata only, which then raises the "
     "version-counter error eager PyTorch raises for a write into the result itself",
     lambda d: d.kind == "only strata fails" and "modified by an inplace operation"
     in d.strata_error() and "saved by Linalg" in d.strata_error()
     and d.ops() & {"reshape", "flatten"}),
    (DELIBERATE, "st_contiguous of a view made in no-grad mode that was written since refuses in "
     "grad mode at once (its result stands for the view); torch's contiguous() returns the view "
     "itself unchecked and refuses only its next use in grad mode (eagerly too)",
     lambda d: d.kind == "only strata fails" and "st_reshape: a view" in d.strata_error()
     and "made in no-grad mode is used with grad mode enabled" in d.strata_error()
     and "contiguous" in d.ops()),
    (DELIBERATE, "st_l1_loss's node keeps its inputs, as torch's smooth_l1_loss, huber_loss and "
     "mse_loss nodes do (torch's l1_loss is a composite whose abs node keeps the difference), so "
     "writing an input in place before backward is refused with the version-counter error",
     lambda d: d.kind == "only strata fails" and "saved by L1LossBackward" in d.strata_error()),
    (DELIBERATE, "st_grad accepts a one-element first output of any rank (API.md: 'f's first "
     "output must be one-element'); torch.func.grad requires a 0-dim one",
     _torch_error("Expected f(*args) to return a scalar Tensor")),
    (DELIBERATE, "std's derivative where std is 0 is 0 in strata (as both take norm's at 0); "
     "torch's std divides by it and gives NaN",
     lambda d: d.kind == "values differ" and "std" in d.ops() and d.torch_nan_where_strata_is_not()
     and not d.nonfinite_values()),
    (DELIBERATE, "floor, ceil, round or sign of a value within rounding of its jump (e.g. "
     "logsumexp of log_softmax, 0 up to an ulp either way): the two libraries' last bits land "
     "on different sides; strata equals torch with the argument rounded to 1e-12 first",
     lambda d: d.kind == "values differ" and d.ops() & {"floor", "ceil", "round", "sign"}
     and d.each_element_agrees_with_torch_or_variant(steps_rounded=True)),
    (DELIBERATE, "atan2 of values within rounding of 0 (var of equal values, exactly 0 in "
     "strata and a rounding residue in torch, divided by a negative): atan2 jumps there, and the "
     "two land on their own sides (atan2(-0, -0) is -pi); every element of strata's result equals "
     "torch's, or torch's with atan2's arguments rounded to 1e-12 first",
     lambda d: d.kind == "values differ" and "atan2" in d.ops()
     and d.each_element_agrees_with_torch_or_variant(atan2_rounded=True)),
    (DELIBERATE, "signed zeros: where a value is exactly 0 the two libraries may give it opposite "
     "signs (cross_entropy of a single class is -(x - lse) = -0 in torch, lse - x = +0 in "
     "strata), which atan2 tells apart (atan2(0, -0) is pi); strata equals torch with atan2's "
     "zero arguments made +0",
     lambda d: d.kind == "values differ" and "atan2" in d.ops()
     and d.each_element_agrees_with_torch_or_variant(atan2_unsigned=True)),
    (DELIBERATE, "a derivative known to be zero is skipped by strata's rules (a symbolic zero "
     "tangent or cotangent, as a no-grad path or a constant gives), where torch multiplies a "
     "materialized zero by an infinite partial (0 / 0 at sqrt(0), 0 * inf): torch's NaN, "
     "strata's finite value",
     lambda d: d.kind == "values differ" and d.torch_nan_where_strata_is_not()),
    (DELIBERATE, "NaN and infinities in the values: where the program computes NaN or an "
     "infinity, derivatives around it are NaN on one side and not on the other (torch multiplies "
     "zero derivatives by the infinite partials, strata's rules skip such zero paths, and the "
     "two pick different subgradients of maximum/minimum next to NaN)",
     lambda d: d.kind == "values differ" and d.nonfinite_values()
     and d.nonfinite_where_they_differ()),
    # ------------------------------------------------------------------------------ torch bugs
    (TORCH_BUG, "torch 2.15 F.layer_norm: second derivatives that mix input and weight (double "
     "backward) and forward-over-forward derivatives are wrong; strata equals layer_norm "
     "computed from its definition (checked here, and by finite differences in README.md)",
     lambda d: d.kind == "values differ" and "layer_norm" in d.ops()
     and d.agrees_with_variant(layer_norm_decomposed=True)),
    (TORCH_BUG, "torch 2.15 F.batch_norm (training) and F.group_norm: second and higher "
     "derivatives (double backward, forward over reverse) are wrong, as layer_norm's; strata "
     "equals them computed from their definitions (mean and biased variance)",
     lambda d: d.kind == "values differ" and d.ops() & {"batch_norm_train", "group_norm"}
     and any(d.agrees_with_variant(norm_decomposed=True, **more)
             for more in ({}, {"layer_norm_decomposed": True}))),
    (TORCH_BUG, "torch 2.15 has no forward-mode derivative of huber_loss's backward ('Trying to "
     "use forward AD with huber_loss_backward ...'); strata equals torch on huber_loss written "
     "out (where(|d| < 1, d^2 / 2, |d| - 1 / 2))",
     lambda d: d.kind == "only torch fails" and "forward AD with huber_loss_backward"
     in d.torch_error() and d.agrees_with_variant(huber_decomposed=True)),
    (TORCH_BUG, "torch 2.15 has no forward-mode derivative of some backward functions "
     "(silu_backward, ...: 'Trying to use forward AD with aten::silu_backward that does not "
     "support it'), so forward over forward or over reverse fails in torch (also once its "
     "jacobians are taken one basis vector at a time); strata computes them",
     lambda d: d.kind == "only torch fails" and d.forward_mode()
     and ("that does not support it" in d.torch_error()
          or d.torch_fails_with_variant("that does not support it", jac_loop=True))),
    (TORCH_BUG, "torch's forward mode of t.copy_(u) gives t u's tangent itself, so a later "
     "in-place op on t also changes u's tangent (hessian of 1/x through a copy_ into another "
     "tensor scaled by 3 in place is three times too large); strata equals torch with the "
     "in-place ops written out of place",
     lambda d: d.kind == "values differ" and "copy_" in d.ops() and d.forward_mode()
     and d.agrees_with_variant(functional_inplace=True)),
    (TORCH_BUG, "torch.linalg.lstsq with B of one dim less than A that is not A's shape "
     "without its last dim solves B as a matrix but gives the result a wrong batch shape (A "
     "[1, 4, 3], B [4, 3] gives [4, 3, 3], the [3, 3] solution repeated; A [2, 4, 3] raises); "
     "strata follows solve's vector rule, B a matrix ([1, 3, 3]), as torch with B's batch "
     "expanded to A's",
     lambda d: d.kind in ("values differ", "only strata fails", "only torch fails")
     and "lstsq" in d.ops() and d.agrees_or_fails_with_variant(lstsq_solve_rule=True)),
    (TORCH_BUG, "the derivative of torch.linalg.det at a singular matrix under torch.func raises "
     "its solver's 'The solver failed because the input matrix is singular'; strata gives the "
     "cofactor matrix, what finite differences give (test_linalg_dense.c)",
     lambda d: d.kind == "only torch fails" and "det" in d.ops()
     and "input matrix is singular" in d.torch_error()),
    (TORCH_BUG, "torch's forward-mode rule of t.mul_(u) / t.div_(u) with u sharing t's memory "
     "reads u after the write (tangent 2 t_new dt for t.mul_(t)); strata equals torch run on a "
     "copy of the operand",
     lambda d: d.kind == "values differ" and _self_alias(d) and d.forward_mode()
     and d.agrees_with_variant(alias_copy=True)),
    (TORCH_BUG, "torch.func's vmapped jacobians (and vmap) differ from the same derivatives taken "
     "one output and one basis vector at a time with vjp / jvp (and a loop over the vmap lanes): "
     "NaN partials of one output leak into the others' rows through zero cotangents, and "
     "batched rules differ from eager autograd around NaN; strata equals the per-vector loop",
     lambda d: d.kind in ("values differ", "shape differs") and d.vmapped()
     and d.agrees_with_variant(jac_loop=True, vmap_loop=True)),
    (TORCH_BUG, "torch.vmap of contiguous() aliases or copies depending on the batched layout, "
     "so an in-place write after it shows or not; strata equals torch's own loop over the lanes "
     "(every vmap layer run as select, call, stack)",
     lambda d: d.kind == "values differ" and "contiguous" in d.ops() and "vmap" in d.layers()
     and d.agrees_with_variant(vmap_loop=True)),
    (TORCH_BUG, "vmap (or jacfwd/jacrev/hessian) over jvp of squeeze(t, -1), softmax or "
     "log_softmax over dim 0 of a 0-dim t raises 'Dimension is out of range (expected to be in "
     "range of [-1, 0], but got [-1]' although the same call without vmap works",
     lambda d: d.kind == "only torch fails" and "expected to be in range of [-1, 0], but got [-1]"
     in d.torch_error() and d.vmapped()),
    (TORCH_BUG, "flip of a 0-dim tensor under vmap (or jacrev/jacfwd/hessian) raises "
     "'Dimension out of range (expected to be in range of [-1, 0], but got 1)'",
     lambda d: d.kind == "only torch fails" and "flip" in d.ops()
     and "expected to be in range of [-1, 0], but got 1" in d.torch_error()),
    (TORCH_BUG, "torch.vmap with chunk_size and an out_dims entry None raises 'cat(): argument "
     "'dim' must be int, not NoneType' (the chunks of an unbatched output are concatenated)",
     _torch_error("argument 'dim' must be int, not NoneType")),
    (TORCH_BUG, "an in-place op under no_grad inside jacfwd/hessian meets one of torch's "
     "ZeroTensor tangents: 'ZeroTensors are immutable'",
     _torch_error("ZeroTensors are immutable")),
    (TORCH_BUG, "torch.func.jacrev/vjp of an output that is a view made under no_grad of a "
     "tracked tensor raises 'element 0 of tensors does not require grad' (the view reports "
     "requires_grad without a grad_fn); a non-view made under no_grad gives a zero Jacobian, "
     "as strata does for both",
     lambda d: d.kind == "only torch fails" and "does not require grad and does not have a "
     "grad_fn" in d.torch_error() and "nograd" in d.ops()),
]


def _agrees_copying_contiguous(d):
    outs, err = d._run_variant(contiguous_copy=True)
    if err is None:
        return d._agrees(outs)
    tail = str(err).strip()[-60:]
    return d.kind == "only strata fails" and len(tail) >= 20 and tail in d.strata_error()


def classify(info):
    """(class, description) of the first entry that recognizes the disagreement, or None."""
    for cls, desc, match in KNOWN:
        if match(info):
            return cls, desc
    return None
