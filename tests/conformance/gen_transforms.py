"""gen_transforms.py - torch.func's values and outcomes for test_eager_transforms.c: the cases of
test_eager_transforms.py that are about the API rather than one function's derivatives (grad
modes and inference mode around and inside transforms, transforms composed with eager autograd,
escaped wrappers, linearize, jvp's and jacrev's errors), written to expected_eager_transforms.h.

    bench/.venv/bin/python tests/conformance/gen_transforms.py
"""
import os

import torch
from torch.func import grad, grad_and_value, hessian, jacrev, jvp, linearize, vjp, vmap

import gen_common as G
from gen_common import HERE, raises

H = G.Header(os.path.join(HERE, "expected_eager_transforms.h"), "gen_transforms.py",
             "test_eager_transforms.py API cases: inputs, torch.func's values, TX_* flags.")


def rnd(name, *shape):
    return torch.randn(shape, generator=G.generator(name))


def arr(name, t):
    H.array(f"tx_{name}", t)


def flag(name, v):
    H.define(f"TX_{name.upper()}", int(bool(v)))


# TestGradTransform.test_no_grad_outside
x = rnd("no_grad_outside").requires_grad_()
arr("no_grad_outside_x", x)
with torch.no_grad():
    y = grad(torch.sin)(x)
arr("no_grad_outside_y", y)
flag("no_grad_outside_requires_grad", y.requires_grad)


# TestGradTransform.test_no_grad_mixed
def f_shift2(x):
    with torch.no_grad():
        shift = x ** 2
    return x ** 2 - shift


x = rnd("no_grad_mixed").requires_grad_()
arr("no_grad_mixed_x", x)
with torch.no_grad():
    y = grad(f_shift2)(x)
arr("no_grad_mixed_y", y)
flag("no_grad_mixed_requires_grad", y.requires_grad)

# TestGradTransform.test_no_grad_inside (eager part)
x = rnd("no_grad_inside").requires_grad_()
arr("no_grad_inside_x", x)
y = grad(f_shift2)(x)
arr("no_grad_inside_y", y)
(z,) = torch.autograd.grad(y, x)
arr("no_grad_inside_z", z)


# TestGradTransform.test_no_grad_nested_simple
def h_nested(x):
    with torch.no_grad():
        shift = grad(lambda x: 0.25 * x ** 4)(x)
    return x ** 3 - shift


x = torch.tensor(1.5, requires_grad=True)
y = grad(h_nested)(x)
arr("no_grad_nested_simple_y", y)
(z,) = torch.autograd.grad(y, x)
arr("no_grad_nested_simple_z", z)


# TestGradTransform.test_no_grad_nested_complicated
def f_shift3(x):
    with torch.no_grad():
        shift = x ** 3
    return x ** 3 - shift


def g_nested(x):
    r1 = grad(f_shift3)(x)
    with torch.no_grad():
        shift = grad(f_shift3)(x)
    return r1 - shift


x = rnd("no_grad_nested_complicated").requires_grad_()
arr("no_grad_nested_complicated_x", x)
y = grad(g_nested)(x)
arr("no_grad_nested_complicated_y", y)
(z,) = torch.autograd.grad(y, x)
arr("no_grad_nested_complicated_z", z)


# TestGradTransform.test_no_grad_value
def h_value(x):
    with torch.no_grad():
        gvalue, value = grad_and_value(lambda x: x ** 3)(x)
    return x ** 3 - value


x = torch.tensor(1.6, requires_grad=True)
y = grad(h_value)(x)
arr("no_grad_value_y", y)
(z,) = torch.autograd.grad(y, x)
arr("no_grad_value_z", z)

# TestGradTransform.test_no_grad_outside_vjp / _vjp_fn / _vjp_only
x = torch.tensor(2.0, requires_grad=True)
with torch.no_grad():
    out, fn = vjp(lambda x: x ** 2, x)
    (y,) = fn(torch.tensor(1.0))
arr("no_grad_outside_vjp_y", y)
flag("no_grad_outside_vjp_y_requires_grad", y.requires_grad)
flag("no_grad_outside_vjp_out_requires_grad", out.requires_grad)
x = torch.tensor(3.14, requires_grad=True)
out, fn = vjp(lambda x: x ** 2, x)
with torch.no_grad():
    (y,) = fn(torch.tensor(1.0))
arr("no_grad_outside_vjp_fn_y", y)
flag("no_grad_outside_vjp_fn_y_requires_grad", y.requires_grad)
flag("no_grad_outside_vjp_fn_out_requires_grad", out.requires_grad)
(z,) = torch.autograd.grad(out, x)
arr("no_grad_outside_vjp_fn_z", z)
x = torch.tensor(3.14, requires_grad=True)
with torch.no_grad():
    out, fn = vjp(lambda x: x ** 2, x)
(y,) = fn(torch.tensor(1.0))
arr("no_grad_outside_vjp_only_y", y)
flag("no_grad_outside_vjp_only_out_requires_grad", out.requires_grad)
flag("no_grad_outside_vjp_only_y_requires_grad", y.requires_grad)
(z,) = torch.autograd.grad(y, x)
arr("no_grad_outside_vjp_only_z", z)

# TestGradTransform.test_inference_mode_*
x = rnd("inference", 3)
arr("inference_x", x)
xs = rnd("inference_xs", 5, 3)
arr("inference_xs", xs)
with torch.inference_mode():
    arr("inference_outside_grad", grad(lambda x: (x ** 2).sum())(x))
    with torch.no_grad():
        arr("inference_nograd_outside_grad", grad(lambda x: (x ** 2).sum())(x))
    _, fn = vjp(lambda x: (x ** 2).sum(), x)
    arr("inference_outside_vjp", fn(torch.tensor(1.0))[0])
    arr("inference_outside_jvp", jvp(lambda x: (x ** 2).sum(), (x,), (torch.ones(3),))[1])
    arr("inference_outside_jacrev", jacrev(lambda x: x ** 2)(x))
    arr("inference_outside_vmap_grad", vmap(grad(lambda x: (x ** 2).sum()))(xs))
    arr("inference_outside_grad_vmap",
        grad(lambda x: vmap(lambda x: (x ** 2).sum())(x).sum())(x))
    arr("inference_nested_grad", grad(grad(lambda x: x ** 3))(x[0]))
    arr("inference_jacrev_grad", jacrev(grad(lambda x: (x ** 3).sum()))(x))

    def f_inf(x):
        with torch.inference_mode():
            c = x ** 2
        return x - c
    arr("inference_inside_grad", grad(lambda x: f_inf(x).sum())(x))
    flag("inference_restored", torch.is_inference_mode_enabled())

# TestGradTransform.test_composed_with_autograd
x = rnd("composed_with_autograd").requires_grad_()
arr("composed_with_autograd_x", x)
y = grad(torch.sin)(x)
(r,) = torch.autograd.grad(y, x)
arr("composed_with_autograd_r", r)


# TestGradTransform.test_views
def silly_sin(x):
    return x.view([]).sin()


x = rnd("views_x").requires_grad_()
y = rnd("views_y").requires_grad_()
arr("views_x", x)
arr("views_y", y)
res = grad(silly_sin)(x) + torch.cos(y)
gx, gy = torch.autograd.grad(res, [x, y])
arr("views_gx", gx)
arr("views_gy", gy)

# TestGradTransform.test_escaped_wrappers_are_ignored
x = rnd("escaped")
arr("escaped_x", x)
escaped = []


def foo(x):
    y = x.sin()
    escaped.append(y)
    return y


grad(foo)(x)
arr("escaped_sum", escaped[0].sum())

# TestJvp errors: tangent of another shape / dtype than its primal
x = rnd("jvp_err", 2, 3)
flag("jvp_shape_mismatch_raises", raises(lambda: jvp(torch.sin, (x,), (torch.randn(3, 2),))))
flag("jvp_dtype_mismatch_raises",
     raises(lambda: jvp(torch.sin, (x,), (torch.randn(2, 3, dtype=torch.float32),))))

# TestLinearize
x = rnd("linearize_x", 3, 1)
t = rnd("linearize_t", 3, 1)
arr("linearize_x", x)
arr("linearize_t", t)
out, jfn = linearize(lambda x: x.cos(), x)
arr("linearize_basic_out", out)
arr("linearize_basic_jvp", jfn(t))
out, jfn = linearize(lambda x: (x.cos(), x.sum()), x)
arr("linearize_return_out0", out[0])
arr("linearize_return_out1", out[1])
tj = jfn(t)
arr("linearize_return_jvp0", tj[0])
arr("linearize_return_jvp1", tj[1])
tb = rnd("linearize_tb", 3, 3, 1)
arr("linearize_tb", tb)
_, jfn = linearize(lambda x: (x.cos(), x.sum()), x)
bj = vmap(jfn)(tb)
arr("linearize_vmap_jvp0", bj[0])
arr("linearize_vmap_jvp1", bj[1])
x3 = rnd("linearize_x3", 3)
t3 = rnd("linearize_t3", 3)
arr("linearize_x3", x3)
arr("linearize_t3", t3)
_, jfn = linearize(lambda x: grad(lambda x: (torch.ones(3) @ x.sin()))(x), x3)
arr("linearize_grad_jvp", jfn(t3))

# TestJac.test_chunk_jacrev (a chunk size must be positive)
flag("jacrev_negative_chunk_raises",
     raises(lambda: jacrev(torch.sin, chunk_size=-2)(torch.randn(3))))
H.write()
