"""Expected values for tests/transforms/test_difffuzz_regress.c, from torch and torch.func.

Each case is a disagreement class the differential fuzzer (tests/difffuzz) found, reduced to a
small function; the C test runs the same steps with strata. A case torch refuses is written as
`<name>_fails = 1`, with the start of torch's message in a comment; the C test expects strata to
refuse it too. Run with the bench venv:
  /work/main/bench/.venv/bin/python tests/transforms/gen_difffuzz_regress.py
(writes tests/transforms/difffuzz_regress_expected.h).
"""
import os
import sys
import warnings

import torch
import torch.nn.functional as F
from torch.func import grad, jacfwd, jacrev, jvp, vjp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_double  # noqa: E402

warnings.filterwarnings("ignore")
torch.set_default_dtype(torch.float64)

X41 = torch.tensor([[0.5], [-1.25], [2.0], [0.75]])
T41 = torch.tensor([[1.0], [-0.5], [0.25], [2.0]])
X3 = torch.tensor([0.5, -1.5, 2.0])
X22 = torch.tensor([[0.5, -1.25], [2.0, 0.75]])
G22 = torch.tensor([[1.0, -2.0], [0.5, 3.0]])


# ------------------------------------- forward mode through an expanded view (fuzzer class 8)
def fill_expanded(x):  # fill_ through an expanded, transposed view: each base element is 3
    y = x * 2
    y.expand(2, 4, 3).transpose(1, 2).fill_(3.0)
    return y * x


def fill_expanded_part(x):  # rows 1 and 2 only, through a slice of an expanded view
    y = x * 2
    y[1:3].expand(2, 2, 3).fill_(3.0)
    return y * x


def zero_expanded(x):  # the reproducer of README class 8: zero_ then cat of both views
    y = x + 0.5
    v = y.expand(2, 4, 1).unsqueeze(-1)
    w = v.transpose(2, -1)
    w.zero_()
    return torch.cat([v, w, w], -3) + y.sum()


def zeroed_exponent(x):  # zero_ leaves a zero tangent, which meets log(x) < 0's NaN partial
    e = F.softplus(x)
    e.zero_()
    return torch.tanh(torch.pow(x, e))


def nograd_passthrough_under_jvp(x):  # add_scalar hands y's tangent through, in no_grad mode
    y = x * x
    with torch.no_grad():
        z = y + (-1.5)
    return z * x


def nograd_write_under_jvp(x):  # under grad(jacfwd): the tangent keeps its history, new values
    v1 = torch.cos(x)
    w = v1[0:2]
    with torch.no_grad():
        v1.sub_(v1 * 0.5)
    return w * 1.0


# ------------------------------------------ in-place ops that torch allows (fuzzer class 10)
def copy_expanded_into_itself(x):  # t.copy_(t) on an expanded t is a no-op
    y = x * 2
    v = y.unsqueeze(1).expand(3, 2)
    v.copy_(v)
    return v * x.unsqueeze(1)


# --------------------------------------- the backward of an empty contraction (fuzzer class 12)
def linear_empty(x):  # README class 12: linear of a [2, 0] slice with itself
    v = x[:, 1:-3]
    return F.linear(v, v)


def matmul_empty(x):  # a batched [2, 2, 0] operand against a [0, 3] one
    a = x.unsqueeze(-1)[..., :0]
    b = torch.ones(0, 3)
    return (a @ b) + x.unsqueeze(-1)


# ----------------------------- views PyTorch refuses to write or reuse (fuzzer class 13, split)
def error_of(f, *args):
    try:
        f(*args)
    except RuntimeError as e:
        return str(e).splitlines()[0]
    raise AssertionError(f"{f.__name__}: torch accepted it")


def nograd_view_used_after_base_write(x):  # README class 13
    y = x * 2
    with torch.no_grad():
        v = y[0:2]
        v.copy_(x[1:3])
    return v * v


def nograd_view_of_untracked_written(x):  # a view of a tensor made in no-grad mode
    with torch.no_grad():
        c = x.clone()
        v = c.reshape(1, 3)
    v.copy_(x.unsqueeze(0))
    return v * 2


def nograd_view_of_lifted_base(x):  # the base is written with a tracked value, then the view used
    y = torch.softmax(x, 0)
    with torch.no_grad():
        b = y * 2.0
        v = b[1:3]
    b.div_(y)
    return v * v


def nograd_view_output_after_write(x):  # the output itself is such a view (jacrev reads it)
    y = x * 2
    with torch.no_grad():
        v = y[1:]
        v.copy_(v)
    return v


def split_view_written(x):
    y = x * 2
    a, b = y.split(2)
    a.mul_(x[:2])
    return y


def view_of_split_view_written(x):
    y = x * 2
    (a,) = y.chunk(1)
    a.reshape(3).div_(x)
    return y


def split_view_used_after_base_write(x):
    y = x * 2
    a, b = y.split(2)
    y.mul_(x)
    return b.exp()


def split_view_written_in_no_grad_mode(x):  # allowed; the base's history stays as it was
    y = x * 2
    a, b = y.split(2)
    with torch.no_grad():
        a.mul_(3)
    return y * x


def eager_split_of_untracked(x):  # nothing requires grad: the write is allowed
    y = X3.clone()
    a, b = y.split(2)
    a.mul_(2)
    return y


# ------------------------------ calls that return their input itself (README deliberate 8)
def contiguous_in_no_grad_mode_written(x):  # y.contiguous() is y: writing it is writing y
    y = x * 2
    with torch.no_grad():
        c = y.contiguous()
    c.mul_(x)
    return y


def flatten_in_no_grad_mode_returned(x):  # x.flatten(0, 0) is x: it keeps x's history
    with torch.no_grad():
        v = x.flatten(0, 0)
    return v


def main():
    vals, fails = {}, {}
    out = jvp(fill_expanded, (X41,), (T41,))
    vals["fill_expanded"], vals["fill_expanded_t"] = out
    out = jvp(fill_expanded_part, (X41,), (T41,))
    vals["fill_expanded_part"], vals["fill_expanded_part_t"] = out
    vals["fill_expanded_part_jacfwd"] = jacfwd(fill_expanded_part)(X41)
    out = jvp(zero_expanded, (X41,), (T41,))
    vals["zero_expanded"], vals["zero_expanded_t"] = out
    vals["zeroed_exponent_jacfwd"] = jacfwd(zeroed_exponent)(X3)
    vals["nograd_write_under_jvp"] = grad(lambda x: jacfwd(nograd_write_under_jvp)(x).sum())(X3)
    vals["nograd_passthrough_under_jvp"] = grad(
        lambda x: jvp(nograd_passthrough_under_jvp, (x,), (torch.ones(3),))[1].sum())(X3)
    fails["fill_expanded_vjp"] = error_of(
        lambda x: vjp(fill_expanded, x)[1](torch.ones(4, 1)), X41)
    vals["copy_expanded_into_itself"] = copy_expanded_into_itself(X3)
    vals["copy_expanded_into_itself_jacfwd"] = jacfwd(copy_expanded_into_itself)(X3)
    fails["copy_expanded_into_itself_jacrev"] = error_of(jacrev(copy_expanded_into_itself), X3)
    e = torch.zeros(0, 1).expand(0, 3)
    e.mul_(X3)  # no element overlaps: accepted
    y, pb = vjp(linear_empty, X22)
    vals["linear_empty"], (vals["linear_empty_grad"],) = y, pb(G22)
    y, pb = vjp(matmul_empty, X22)
    vals["matmul_empty"], (vals["matmul_empty_grad"],) = y, pb(torch.ones(2, 2, 3))
    for f in (nograd_view_used_after_base_write, nograd_view_of_untracked_written,
              nograd_view_of_lifted_base, split_view_written, view_of_split_view_written, split_view_used_after_base_write):
        fails[f.__name__ + "_grad"] = error_of(grad(lambda x: f(x).sum()), X3)
        xl = X3.clone().requires_grad_()
        fails[f.__name__ + "_eager"] = error_of(lambda: f(xl).sum().backward())
    fails["nograd_view_output_after_write_jacrev"] = error_of(
        jacrev(nograd_view_output_after_write), X3)
    vals["split_view_written_in_no_grad_mode"] = grad(
        lambda x: split_view_written_in_no_grad_mode(x).sum())(X3)
    vals["eager_split_of_untracked"] = eager_split_of_untracked(X3)
    vals["contiguous_in_no_grad_mode_written"] = grad(
        lambda x: contiguous_in_no_grad_mode_written(x).sum())(X3)
    vals["flatten_in_no_grad_mode_returned"] = vjp(flatten_in_no_grad_mode_returned, X3)[1](X3)[0]
    lines = [f"/* Generated by gen_difffuzz_regress.py from PyTorch {torch.__version__}; "
             "do not edit. */\n"]
    for name, t in [("X41", X41), ("T41", T41), ("X3", X3), ("X22", X22), ("G22", G22)] + \
            [(k, v) for k, v in vals.items()]:
        v = t.detach().flatten().tolist()
        body = ", ".join(c_double(a) for a in v) if v else "0"
        lines.append(f"static const double dr_{name}[{max(len(v), 1)}] = {{{body}}};\n")
    for name, msg in fails.items():
        lines.append(f"/* torch: {msg[:90]} */\nstatic const int dr_{name}_fails = 1;\n")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "difffuzz_regress_expected.h")
    with open(path, "w") as fh:
        fh.write("".join(lines))


if __name__ == "__main__":
    main()
