"""Expected values for tests/transforms/test_inplace_transforms.c, from torch.func.

Each case is a function f(x, w) of two [2, 3] float64 tensors that writes in place through a
view, into a tensor made inside it, into its second input w, or with a tangent that becomes
batched or tracked. The C test runs the same function under eager autograd and every transform
and composition below and compares with these values. A cell torch.func refuses is recorded as
an error; the C test then expects strata to refuse it too.

Run with the bench venv: /work/main/bench/.venv/bin/python tests/transforms/gen_inplace_transforms.py
(writes tests/transforms/inplace_transforms_expected.h).
"""
import os

import torch
from torch.func import grad, hessian, jacfwd, jacrev, jvp, vjp, vmap

torch.set_default_dtype(torch.float64)

X = torch.tensor([[0.3, -0.7, 1.2], [0.9, -0.2, 0.45]])
W = torch.tensor([[0.5, 1.5, -0.25], [2.0, -1.0, 0.75]])
U = torch.tensor([[1.0, -0.5, 2.0], [0.25, 1.5, -1.0]])  # cotangent
T = torch.tensor([[0.2, 1.0, -0.6], [0.4, -0.3, 0.8]])  # tangent
XB = torch.stack([X, X * 1.1 - 0.05, X * 0.9 + 0.1])
WB = torch.stack([W, W * 0.8 + 0.2, W * 1.2])
U2 = torch.linspace(-1.0, 1.0, 36).reshape(2, 3, 2, 3)  # weights of a jacobian


# The cases (strata's test has the same bodies in C). x.sin_() is written y.copy_(y.sin()):
# strata's in-place ops are add_, sub_, mul_, div_, copy_, clamp_, zero_, fill_ and the scalar
# forms.
def slice_mul(x, w):  # the issue: c = clone(x); a slice of c .mul_(2)
    c = x.clone()
    c[:, 1:3].mul_(2)
    return c


def view_before_write(x, w):  # a view taken before its base was written (view replay)
    c = x * 1
    v = c[0]
    c.mul_(x.sin())
    return c * v


def view_of_view(x, w):  # an in-place op on a view of a view, with a tracked other
    c = x.clone()
    e = c[1][1:3]
    e.mul_(x[0, 0:2])
    return c


def inplace_on_view_base(x, w):  # test_eager_transforms.py test_inplace_on_view_base
    c = x.clone()
    r = c.t()[1]
    c.copy_(x.sin() * 2)
    return x * r.unsqueeze(1)


def view_chain(x, w):  # reshape, transpose, select, then a write
    c = x.clone()
    v = c.reshape(3, 2).transpose(0, 1)[0]
    v.mul_(x[0])
    return c * c


def fresh_zeros_copy(x, w):  # a tensor made inside the function
    y = torch.zeros(2, 3)
    y.copy_(x)
    return y * y


def fresh_zeros_slice(x, w):  # a view of one
    y = torch.zeros(2, 3)
    y[:, 1:].mul_(2).add_(x[:, :2])
    return y * x


def other_input(x, w):  # the input that is not differentiated
    w.copy_(x.cos())
    return w * x


def untracked_base(x, w):  # test_inplace_on_view_makes_base_require_grad
    c = w.clone()
    c[1].add_(x[0])
    return c * x


def mul_sin(x, w):  # the issue: the new tangent is batched / tracked, the old one is not
    return x.clone().mul_(x.sin())


def zero_view(x, w):
    c = x.clone()
    c[0, 1:].zero_()
    return c * x


def clamp_view(x, w):
    c = x * 2
    c[:, 0:2].clamp_(-1, 1)
    return c


def chain_of_writes(x, w):  # writes through the base and two views, each stale in turn
    c = x.clone()
    v, u = c[0], c[:, 1]
    c.mul_(x)
    v.add_(u[0] * 1.0 * x[1])
    u.mul_(2)
    v.mul_(x[1])
    return c * v


def saved_view_written(x, w):  # a saved view written afterwards: backward refuses it
    c = x.clone()
    u = c[:, 1]
    y = u[0] * x[1]  # saves u[0]
    u.mul_(2)
    return c * y


CASES = [slice_mul, view_before_write, view_of_view, inplace_on_view_base, view_chain,
         fresh_zeros_copy, fresh_zeros_slice, other_input, untracked_base, mul_sin, zero_view,
         clamp_view, chain_of_writes, saved_view_written]


def scal(f):
    return lambda x, w: (f(x, w) * U).sum()


# The transforms (strata's names); each gets fresh copies of the inputs, since a case may write
# into w.
def t_eager(f):
    x = X.clone().requires_grad_()
    y = f(x, W.clone())
    (g,) = torch.autograd.grad(y, x, U)
    return g


TRANSFORMS = {
    "eager_backward": t_eager,
    "grad": lambda f: grad(scal(f))(X.clone(), W.clone()),
    "vjp": lambda f: vjp(lambda x: f(x, W.clone()), X.clone())[1](U)[0],
    "jvp": lambda f: jvp(lambda x: f(x, W.clone()), (X.clone(),), (T,))[1],
    "vmap": lambda f: vmap(f)(XB.clone(), WB.clone()),
    "jacrev": lambda f: jacrev(f)(X.clone(), W.clone()),
    "jacfwd": lambda f: jacfwd(f)(X.clone(), W.clone()),
    "hessian": lambda f: hessian(scal(f))(X.clone(), W.clone()),
    "vmap_jacfwd": lambda f: vmap(jacfwd(f))(XB.clone(), WB.clone()),
    "grad_jacfwd": lambda f: grad(lambda x, w: (jacfwd(f)(x, w) * U2).sum())(X.clone(),
                                                                             W.clone()),
    "vjp_jvp": lambda f: vjp(lambda x: jvp(lambda x: f(x, W.clone()), (x,), (T,))[1],
                             X.clone())[1](U)[0],
    "vmap_grad": lambda f: vmap(grad(scal(f)))(XB.clone(), WB.clone()),
    "jvp_grad": lambda f: jvp(lambda x: grad(scal(f))(x, W.clone()), (X.clone(),), (T,))[1],
    "jacrev_jacrev": lambda f: jacrev(jacrev(scal(f)))(X.clone(), W.clone()),
}


def c_array(name, values):
    body = ", ".join(repr(float(v)) for v in values)
    body = body if body else "0"
    return f"static const double {name}[{len(values)}] = {{{body}}};\n"


def main():
    out = ['/* Generated by gen_inplace_transforms.py from torch.func (torch %s); do not edit. */\n'
           % torch.__version__]
    for name, t in [("X", X), ("W", W), ("U", U), ("T", T), ("XB", XB), ("WB", WB), ("U2", U2)]:
        out.append(c_array("IP_" + name, t.flatten().tolist()))
    cells = []
    for f in CASES:
        for tname, t in TRANSFORMS.items():
            try:
                r = t(f)
                try:
                    vals = r.flatten().tolist()
                except RuntimeError:  # torch.func's undefined zero tensor (clamp's 2nd derivative)
                    vals = [0.0] * r.numel()
                arr = f"ip_{f.__name__}_{tname}"
                out.append(c_array(arr, vals))
                shape = list(r.shape) + [0] * (8 - r.dim())
                cells.append(f'  {{"{f.__name__}", "{tname}", {r.dim()}, {{{", ".join(map(str, shape))}}}, '
                             f'{arr}}},\n')
            except RuntimeError as e:
                first = str(e).splitlines()[0][:100].replace('"', "'").replace("\\", "/")
                code = -2 if "modified by an inplace operation" in str(e) else -1
                cells.append(f'  {{"{f.__name__}", "{tname}", {code}, {{0}}, NULL}}, /* {first} */\n')
    out.append("/* case, transform, ndim (-1: torch.func refuses the write under vmap, -2: backward "
               "refuses a saved value written since), shape, values */\n")
    out.append("static const struct ip_cell {\n  const char *fn, *transform;\n  int ndim;\n"
               "  int64_t shape[8];\n  const double *want;\n} IP_CELLS[] = {\n")
    out.extend(cells)
    out.append("};\n")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inplace_transforms_expected.h")
    with open(path, "w") as fh:
        fh.write("".join(out))


if __name__ == "__main__":
    main()
