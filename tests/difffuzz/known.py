"""known.py - the differential fuzzer's classified disagreements (README.md lists them with
reproducers). Each entry names its class (a strata bug, a deliberate difference, or a torch bug),
says what it is and where it belongs, and recognizes the programs it explains. Where a torch
bug is claimed, the entry does not trust a pattern alone: it recomputes the program with torch
under the corrected semantics (prog.VARIANT) and requires strata to agree with that. A
disagreement no entry recognizes fails the run."""
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

    def ops(self):
        return {op for op, _, _ in self.prog.instrs}

    def strata_error(self):
        return self.strata[2] if self.strata[0] == "err" else ""

    def torch_error(self):
        return self.torch[1] if self.torch[0] == "err" else ""

    def forward_mode(self):
        return any(L.kind in ("jvp", "jacfwd", "hessian") for L in self.prog.layers)

    def agrees_with_variant(self, **flags):
        """strata's outputs equal torch's under the variant semantics."""
        import difffuzz as D
        saved = dict(P.VARIANT)
        P.VARIANT.update(flags)
        try:
            ref = P.run(self.prog, self.inputs)
        except Exception:
            return False
        finally:
            P.VARIANT.clear()
            P.VARIANT.update(saved)
        if self.strata[0] != "ok" or len(ref) != len(self.outs):
            return False
        return all(a is not None and D.compare(a, b) is None for a, b in zip(self.outs, ref))


def _strata_error(needle):
    return lambda d: d.kind == "only strata fails" and needle in d.strata_error()


def _self_alias(d):
    return any(op in ("mul_", "div_", "add_", "sub_", "copy_") and args[0] == args[1]
               for op, _, args in d.prog.instrs)


KNOWN = [
    # ----------------------------------------------------------------------------- strata bugs
    (STRATA_BUG, "negative argnums are refused; torch.func counts them from the end "
     "(src/transforms, transforms helper; issue Conformance item 4)",
     _strata_error("is out of range for a function of")),
    (STRATA_BUG, "an in-place op on a view of a tensor that requires grad is refused; PyTorch "
     "records CopySlices (src/dispatch, src/autograd/record.c: in-place helper)",
     _strata_error("in-place modification of a view")),
    (STRATA_BUG, "a view taken before its base was modified in place is refused; PyTorch "
     "replays the view (src/dispatch, src/autograd/record.c: in-place helper)",
     _strata_error("was used after its base was modified in place")),
    (STRATA_BUG, "an in-place write of a transformed value into a tensor the transform does not "
     "track is refused; torch.func lifts it (src/dispatch: in-place helper)",
     _strata_error("into a tensor from outside the transform")),
    (STRATA_BUG, "returning an input from a function that also called st_contiguous on it leaks "
     "the input (tests/fuzz bug 9; src/core, src/transforms/func.c: misc helper)",
     lambda d: d.kind == "strata leaked" and "contiguous" in d.ops()),
    (STRATA_BUG, "st_linear's backward reshapes with -1 over an empty tensor and fails "
     "(cannot reshape [n, 0] into [-1, 0]); src/ops/linalg.c",
     lambda d: d.kind == "only strata fails" and "linear" in d.ops()
     and "the -1 is ambiguous with 0 elements" in d.strata_error()),
    (STRATA_BUG, "a view made in no-grad mode and modified in place (or its base) is used with "
     "grad mode on: PyTorch refuses (CreationMeta NO_GRAD_MODE), strata accepts "
     "(src/autograd/record.c: in-place helper)",
     lambda d: d.kind == "only torch fails" and "A view was created in no_grad mode" in
     d.torch_error()),
    # -------------------------------------------------------------------- deliberate differences
    (DELIBERATE, "t.op_(t) (an in-place op whose other operand is its target) under reverse "
     "mode: strata's rule reads a copy of the aliasing operand (tests/fuzz bug 4) and "
     "differentiates it; torch's node saves `other`, which the op itself bumps, and raises",
     lambda d: d.kind == "only torch fails" and "modified by an inplace operation" in
     d.torch_error() and _self_alias(d)),
    (DELIBERATE, "prod's vjp does not read its output (PyTorch's ProdBackward saves the result), "
     "so writing prod's result in place before backward is no error in strata",
     lambda d: d.kind == "only torch fails" and "which is output 0 of Prod" in d.torch_error()),
    # ------------------------------------------------------------------------------ torch bugs
    (TORCH_BUG, "torch 2.15 F.layer_norm: second derivatives that mix input and weight (double "
     "backward) and forward-over-forward derivatives are wrong; strata equals layer_norm "
     "computed from its definition (checked here, and by finite differences in README.md)",
     lambda d: d.kind == "values differ" and "layer_norm" in d.ops()
     and d.agrees_with_variant(layer_norm_decomposed=True)),
    (TORCH_BUG, "torch's forward-mode rule of t.mul_(t) / t.div_(t) reads t after the write "
     "(tangent 2 t_new dt instead of 2 t dt); strata equals torch run on a copy of the operand",
     lambda d: d.kind == "values differ" and _self_alias(d) and d.forward_mode()
     and d.agrees_with_variant(alias_copy=True)),
    (TORCH_BUG, "torch.func.vmap over jvp of squeeze(t, -1) (or any op that wraps a dim) on a "
     "0-dim tensor raises 'Dimension is out of range (expected to be in range of [-1, 0], but "
     "got [-1]' although the same call without vmap works",
     lambda d: d.kind == "only torch fails" and "expected to be in range of [-1, 0], but got [-1]"
     in d.torch_error() and any(L.kind == "vmap" for L in d.prog.layers)),
    (TORCH_BUG, "torch.func.jacrev/vjp of an output that is a view made under no_grad of a "
     "tracked tensor raises 'element 0 of tensors does not require grad' (the view reports "
     "requires_grad without a grad_fn); a non-view made under no_grad gives a zero Jacobian, "
     "as strata does for both",
     lambda d: d.kind == "only torch fails" and "does not require grad and does not have a "
     "grad_fn" in d.torch_error() and "nograd" in d.ops()),
]


def classify(info):
    """(class, description) of the first entry that recognizes the disagreement, or None."""
    for cls, desc, match in KNOWN:
        if match(info):
            return cls, desc
    return None
