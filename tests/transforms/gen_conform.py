#!/usr/bin/env python3
"""Writes conform_expected.h: inputs and expected values for the conformance tests
(test_conform_*.c, test_checkpoint.c), computed with torch.func in float64.

Each case is named after the PyTorch test it ports (test/functorch/test_eager_transforms.py,
test/functorch/test_vmap.py, test/test_autograd.py, test/test_utils.py). Inputs are drawn here
and written beside the results, so the C tests compute on exactly the same numbers.

Run with the bench venv:  /work/main/bench/.venv/bin/python tests/transforms/gen_conform.py
"""
import os
import warnings

import numpy as np
import torch
from torch.func import grad, grad_and_value, hessian, jacfwd, jacrev, jvp, vjp, vmap

warnings.filterwarnings("ignore")
torch.set_default_dtype(torch.float64)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "conform_expected.h")

entries = []  # (name, flat values)


def emit(name, value):
    if isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            emit(f"{name}_{i}", v)
        return
    if isinstance(value, bool):
        value = float(value)
    t = torch.as_tensor(value, dtype=torch.float64).detach()
    entries.append((name, t.reshape(-1).tolist()))


def data(seed, *shape):
    r = np.random.RandomState(seed)
    return torch.tensor(r.randn(*shape) if shape else r.randn())


# ------------------------------------------------------------------- grad mode (TestGradTransform)


def square_minus_nograd(x):
    with torch.no_grad():
        shift = x**2
    return x**2 - shift


x = data(1).requires_grad_()
with torch.no_grad():
    y = grad(torch.sin)(x)
emit("NO_GRAD_OUTSIDE_X", x)
emit("NO_GRAD_OUTSIDE_Y", y)
emit("NO_GRAD_OUTSIDE_RG", y.requires_grad)

x = data(2)
emit("NO_GRAD_INSIDE_X", x)
emit("NO_GRAD_INSIDE_G", grad(square_minus_nograd)(x))
emit("NO_GRAD_INSIDE_GG", grad(grad(square_minus_nograd))(x))
xr = x.clone().requires_grad_()
y = grad(square_minus_nograd)(xr)
emit("NO_GRAD_INSIDE_Z", torch.autograd.grad(y, xr)[0])

x = data(3).requires_grad_()
with torch.no_grad():
    y = grad(square_minus_nograd)(x)
emit("NO_GRAD_MIXED_X", x)
emit("NO_GRAD_MIXED_Y", y)
emit("NO_GRAD_MIXED_RG", y.requires_grad)


def h_nested_simple(x):
    with torch.no_grad():
        shift = grad(lambda x: 0.25 * x**4)(x)
    return x**3 - shift


x = torch.tensor(1.5, requires_grad=True)
y = grad(h_nested_simple)(x)
emit("NO_GRAD_NESTED_SIMPLE_Y", y)
emit("NO_GRAD_NESTED_SIMPLE_Z", torch.autograd.grad(y, x)[0])


def f_cube_minus_nograd(x):
    with torch.no_grad():
        shift = x**3
    return x**3 - shift


def g_nested_complicated(x):
    r1 = grad(f_cube_minus_nograd)(x)
    with torch.no_grad():
        shift = grad(f_cube_minus_nograd)(x)
    return r1 - shift


x = data(4).requires_grad_()
y = grad(g_nested_complicated)(x)
emit("NO_GRAD_NESTED_COMPLICATED_X", x)
emit("NO_GRAD_NESTED_COMPLICATED_Y", y)
emit("NO_GRAD_NESTED_COMPLICATED_Z", torch.autograd.grad(y, x)[0])


def h_value(x):
    with torch.no_grad():
        gvalue, value = grad_and_value(lambda x: x**3)(x)
    return x**3 - value


x = torch.tensor(1.6, requires_grad=True)
y = grad(h_value)(x)
emit("NO_GRAD_VALUE_Y", y)
emit("NO_GRAD_VALUE_Z", torch.autograd.grad(y, x)[0])

x = torch.tensor(2.0, requires_grad=True)
with torch.no_grad():
    out, vjp_fn = vjp(lambda x: x**2, x)
    (y,) = vjp_fn(torch.tensor(1.0))
emit("NO_GRAD_OUTSIDE_VJP_Y", y)
emit("NO_GRAD_OUTSIDE_VJP_RG", [y.requires_grad, out.requires_grad])

x = torch.tensor(3.14, requires_grad=True)
out, vjp_fn = vjp(lambda x: x**2, x)
with torch.no_grad():
    (y,) = vjp_fn(torch.tensor(1.0))
emit("NO_GRAD_OUTSIDE_VJP_FN_Y", y)
emit("NO_GRAD_OUTSIDE_VJP_FN_RG", [y.requires_grad, out.requires_grad])
emit("NO_GRAD_OUTSIDE_VJP_FN_Z", torch.autograd.grad(out, x)[0])

x = torch.tensor(3.14, requires_grad=True)
with torch.no_grad():
    out, vjp_fn = vjp(lambda x: x**2, x)
(y,) = vjp_fn(torch.tensor(1.0))
emit("NO_GRAD_OUTSIDE_VJP_ONLY_Y", y)
emit("NO_GRAD_OUTSIDE_VJP_ONLY_RG", [y.requires_grad, out.requires_grad])
emit("NO_GRAD_OUTSIDE_VJP_ONLY_Z", torch.autograd.grad(y, x)[0])

# the pullback called under inference mode: the value, untracked
x = torch.tensor(3.14, requires_grad=True)
out, vjp_fn = vjp(lambda x: x**2, x)
with torch.inference_mode():
    (y,) = vjp_fn(torch.tensor(1.0))
emit("INFERENCE_MODE_VJP_FN_Y", y)
emit("INFERENCE_MODE_VJP_FN_RG", y.requires_grad)

x = data(5, 3)
emit("INFERENCE_X", x)
with torch.inference_mode():
    emit("INFERENCE_MODE_OUTSIDE_GRAD", grad(lambda x: (x**2).sum())(x))
    with torch.no_grad():
        emit("INFERENCE_MODE_NOGRAD_OUTSIDE_GRAD", grad(lambda x: (x**2).sum())(x))
    out, vjp_fn = vjp(lambda x: (x**2).sum(), x)
    emit("INFERENCE_MODE_OUTSIDE_VJP", vjp_fn(torch.tensor(1.0))[0])
    emit("INFERENCE_MODE_OUTSIDE_JVP", jvp(lambda x: (x**2).sum(), (x,), (torch.ones(3),))[1])
    emit("INFERENCE_MODE_OUTSIDE_JACREV", jacrev(lambda x: x**2)(x))
    emit("INFERENCE_MODE_JACREV_GRAD", jacrev(grad(lambda x: (x**3).sum()))(x))
    emit("INFERENCE_MODE_HESSIAN", hessian(lambda x: (x**3).sum())(x))
xs = data(6, 5, 3)
emit("INFERENCE_XS", xs)
with torch.inference_mode():
    emit("INFERENCE_MODE_OUTSIDE_VMAP_GRAD", vmap(grad(lambda x: (x**2).sum()))(xs))
    emit(
        "INFERENCE_MODE_OUTSIDE_GRAD_VMAP",
        grad(lambda x: vmap(lambda x: (x**2).sum())(x).sum())(xs),
    )
x0 = data(7)
emit("INFERENCE_X0", x0)
with torch.inference_mode():
    emit("INFERENCE_MODE_NESTED_GRAD", grad(grad(lambda x: x**3))(x0))


def f_inference_inside(x):
    with torch.inference_mode():
        c = x**2
    return x - c


with torch.inference_mode():
    emit("INFERENCE_MODE_INSIDE_GRAD", grad(lambda x: f_inference_inside(x).sum())(x))

# forward mode does not respect no_grad (torch.func's NOTE): the tangent of x**2 - nograd(x**2)
x = data(8)
emit("JVP_NO_GRAD_INSIDE_X", x)
emit("JVP_NO_GRAD_INSIDE", jvp(square_minus_nograd, (x,), (torch.tensor(1.0),)))
# a custom function without a jvp rule under no_grad inside jvp: forward mode derives J t from
# its backward whatever the grad mode; torch.autograd.Function needs a jvp rule, so the
# reference is the same function written with plain ops (cube)
x = data(9, 3)
t = data(10, 3)
emit("JVP_NO_GRAD_CUSTOM_X", x)
emit("JVP_NO_GRAD_CUSTOM_T", t)
emit("JVP_NO_GRAD_CUSTOM", jvp(lambda x: x**3, (x,), (t,)))
# jacrev under no_grad: values, untracked
x = data(11, 3).requires_grad_()
with torch.no_grad():
    J = jacrev(torch.sin)(x)
emit("NO_GRAD_JACREV_X", x)
emit("NO_GRAD_JACREV", J)
emit("NO_GRAD_JACREV_RG", J.requires_grad)

# ------------------------------------------------------------ argnums (TestGradTransform, TestJac)

x, y = data(20), data(21)
emit("ARGNUMS_XY", [x, y])
emit("ARGNUMS_MUL", [grad(torch.mul, argnums=0)(x, y), grad(torch.mul, argnums=1)(x, y)])
emit("ARGNUMS_OUT_OF_ORDER", grad(torch.mul, argnums=(1, 0))(x, y))
emit("ARGNUMS_NEGATIVE", grad(torch.mul, argnums=(-2, -1))(x, y))
emit("ARGNUMS_NEGATIVE_ONE", grad(torch.mul, argnums=-1)(x, y))
emit("ARGNUMS_GRAD_AND_VALUE", grad_and_value(torch.mul, argnums=(-1,))(x, y))

x3, y3 = data(22, 3), data(23, 3)
emit("JAC_XY3", [x3, y3])


def two_outputs(x, y):
    return 2 * x + 3 * y, 4 * x + 5 * y


for api, name in ((jacrev, "JACREV"), (jacfwd, "JACFWD")):
    emit(f"{name}_MULTIPLE_ARGS", api(torch.multiply, argnums=1)(x3, y3))
    z = api(two_outputs, argnums=(0, 1))(x3, y3)
    emit(f"{name}_MULTIPLE_OUTPUTS_MULTIPLE_ARGNUMS", [z[0][0], z[0][1], z[1][0], z[1][1]])
    emit(f"{name}_MULTIPLE_OUTPUTS_SINGLE_ARGNUMS", api(two_outputs, argnums=0)(x3, y3))
    emit(f"{name}_ARGNUMS_TUPLE", api(torch.multiply, argnums=(0, 1))(x3, y3))
    # (-1, -2) names (y, x); torch.func.jacfwd returns zeros for negative argnums (2.15), so
    # the reference spells them out
    emit(f"{name}_NEGATIVE_ARGNUMS", api(torch.multiply, argnums=(1, 0))(x3, y3))
    emit(f"{name}_DEFAULTS_TO_ZERO", api(lambda x, y: x * 2 + y * 3)(x3, y3))

    xa = data(24, 2, 3)
    ya = data(25, 2, 3)
    emit(f"{name}_UNRELATED_INPUT", api(lambda x, y: x, argnums=(0, 1))(xa, ya))
    emit(f"{name}_UNRELATED_OUTPUT", api(lambda x: ya)(xa))

    result, aux = api(lambda x: (x.clone(), x.cos()), has_aux=True)(x3)
    emit(f"{name}_AUX_TENSOR", [result, aux])
    result, aux = api(lambda x: (x.clone(), {"a": x.cos(), "b": [x.tan()]}), has_aux=True)(x3)
    emit(f"{name}_AUX_PYTREE", [result, aux["a"], aux["b"][0]])

    xm, ym = data(26, 2, 3), data(27, 3, 5)
    z = api(lambda x, y: (x.cos() * x) @ y.sin(), argnums=(0, 1))(xm, ym)
    emit(f"{name}_MULTI_INPUT_XY", [xm, ym])
    emit(f"{name}_MULTI_INPUT", z)

    xo, yo = data(28, 5, 3), data(29, 3, 5)
    z = api(lambda x, y: ((x * x) @ y, x @ (x.sum(1) * y), y.sum()), argnums=(0, 1))(xo, yo)
    emit(f"{name}_MULTI_OUTPUT_XY", [xo, yo])
    emit(f"{name}_MULTI_OUTPUT", [b for row in z for b in row])

    xu, yu = data(30, 2), data(31, 3)
    z = api(lambda x, y: (x, y, x, y), argnums=(0, 1))(xu, yu)
    emit(f"{name}_UNRELATED_OUTPUTS", [b for row in z for b in row])

    xz, yz = data(32, 3), data(33, 3)
    z = api(lambda x, y: (x.sum(), y.sum(), x * y), argnums=(0, 1))(xz, yz)
    emit(f"{name}_ZERO_DIM_A_XY", [xz, yz])
    emit(f"{name}_ZERO_DIM_A", [b for row in z for b in row])
    x0 = data(34)
    emit(f"{name}_ZERO_DIM_B_X", x0)
    emit(f"{name}_ZERO_DIM_B", api(lambda x: torch.stack([x, x, x]))(x0))
    xh, yh = data(35), data(36, 1)
    z = api(lambda x, y: (y.sum(), x * y), argnums=(0, 1))(xh, yh)
    emit(f"{name}_ZERO_DIM_C_XY", [xh, yh])
    emit(f"{name}_ZERO_DIM_C", [b for row in z for b in row])

    emit(f"{name}_DIMENSIONALITY", [api(lambda x: x)(data(37)), api(lambda x: x)(data(38, 1))])

xc, yc = data(40, 10, 2), data(41, 1, 2)
emit("CHUNK_JACREV_XY", [xc, yc])
z = jacrev(lambda x, y: ((x.sin(), x + y), (x + 2, x.sum())), argnums=(0, 1))(xc, yc)
emit("CHUNK_JACREV", [b for o in z for p in o for b in p])
xcc = data(42, 10, 2)
emit("CHUNK_JACREV_COMPOSITION_X", xcc)
z = vmap(jacrev(jacrev(lambda x: ((x.sin(), x), (x + 2, x.sum())))))(xcc)
emit("CHUNK_JACREV_COMPOSITION", [b for o in z for b in o])

# TestHessian
xs = data(50, 2, 3, 5)
emit("HESSIAN_SIMPLE_X", xs)
emit("HESSIAN_SIMPLE", hessian(lambda x: (3 * x**2).sum())(xs))
hx, hy, hz = data(51, 2, 3), data(52, 3, 5), data(53, 5, 5)
emit("HESSIAN_MULTI_INPUT_XYZ", [hx, hy, hz])
H = hessian(lambda x, y, z: ((x.relu() * x) @ y.sin() @ z).sum(), argnums=(0, 1, 2))(hx, hy, hz)
emit("HESSIAN_MULTI_INPUT", [b for row in H for b in row])
ux, uy = data(54, 2), data(55, 3)
emit("HESSIAN_UNRELATED_XY", [ux, uy])
H = hessian(lambda x, y: (x**2).sum(), argnums=(0, 1))(ux, uy)
emit("HESSIAN_UNRELATED", [b for row in H for b in row])
B, N, D = 4, 6, 2
A = 0.1 * data(56, B, D, D)
x1 = data(57, B, N, D)
emit("HESSIAN_LEVELS_AX", [A, x1])


def loss(A, x1, x2):
    x2_hat = (A @ (x1.T)).T
    res = x2 - x2_hat
    return (res**2).sum()


emit("HESSIAN_LEVELS", vmap(hessian(loss))(A, x1, x1))
# has_aux through the hessian: jacfwd(jacrev(f, has_aux), has_aux)
ha = data(58, 3)
emit("HESSIAN_AUX_X", ha)
Hh, aux = jacfwd(jacrev(lambda x: ((x**3).sum(), x.cos()), has_aux=True), has_aux=True)(ha)
emit("HESSIAN_AUX", [Hh, aux])
# hessian with two argnums and a second differentiated output
pa, pb = data(59, 2), data(60, 2)
emit("HESSIAN_TWO_OUT_XY", [pa, pb])
H = jacfwd(jacrev(lambda a, b: ((a * b).sum() ** 2, (a.sin() * b).sum()), argnums=(0, 1)),
           argnums=(0, 1))(pa, pb)
emit("HESSIAN_TWO_OUT", [c for o in H for row in o for c in row])

# ------------------------------------------------------------------------ has_aux for vjp, jvp
xv = data(70, 3)
vv = data(71, 3)
emit("VJP_AUX_XV", [xv, vv])
out, vjp_fn, aux = vjp(lambda t: (t.sin(), t.cos()), xv, has_aux=True)
emit("VJP_AUX_TENSOR", [out, aux, vjp_fn(vv)[0]])
out, vjp_fn, aux = vjp(lambda x: (x.sin(), {"a": x.cos(), "b": [x.tan()]}), xv, has_aux=True)
emit("VJP_AUX_PYTREE", [out, aux["a"], aux["b"][0], vjp_fn(vv)[0]])
out, jvp_out, aux = jvp(lambda z: (z.sin(), z.cos()), (xv,), (vv,), has_aux=True)
emit("JVP_AUX_TENSOR", [out, jvp_out, aux])
out, jvp_out, aux = jvp(lambda x: (x.sin(), {"a": x.cos(), "b": [x.tan()]}), (xv,), (vv,),
                        has_aux=True)
emit("JVP_AUX_PYTREE", [out, jvp_out, aux["a"], aux["b"][0]])
out, aux = grad(lambda t: (t.sin().sum(), t.cos()), has_aux=True)(xv)
emit("GRAD_AUX_TENSOR", [out, aux])
w, xw, yw, vw = torch.tensor(3.0), torch.tensor(4.0), torch.tensor(2.0), torch.tensor(1.0)
out, vjp_fn = vjp(lambda w, x: (yw, yw, x), w, xw)
emit("UNRELATED_VJP_MULTI", vjp_fn((vw, vw, vw)))

# compositions of the new options: vmap over jacrev/jacfwd with argnums and aux, vmap over
# jvp with aux, grad through a vjp pullback with aux
VX, VY = data(72, 4, 3), data(73, 4, 3)
emit("COMPOSE_XY", [VX, VY])


def sin_prod_aux(x, y):
    return x.sin() * y, y.cos()


for api, name in ((jacrev, "JACREV"), (jacfwd, "JACFWD")):
    (J0, J1), aux = vmap(api(sin_prod_aux, argnums=(0, 1), has_aux=True))(VX, VY)
    emit(f"COMPOSE_VMAP_{name}", [J0, J1, aux])
out, jout, aux = vmap(lambda x, t: jvp(lambda z: (z.sin(), z.cos()), (x,), (t,), has_aux=True))(VX, VY)
emit("COMPOSE_VMAP_JVP_AUX", [out, jout, aux])


def pull_sum(x, v):
    _, fn, _ = vjp(lambda z: (z.sin() * z, z.cos()), x, has_aux=True)
    return (fn(v)[0] ** 2).sum()


emit("COMPOSE_GRAD_VJP_AUX", grad(pull_sum, argnums=(0, 1))(VX[0], VY[0]))

# ------------------------------------------------------------------- vmap in_dims / out_dims
t235 = data(80, 2, 3, 5)
emit("VMAP_T235", t235)
emit("VMAP_NONZERO_OUT_DIMS", [vmap(lambda x: x, out_dims=2)(t235), vmap(lambda x: x, out_dims=-1)(t235)])
a235, b235 = data(81, 2, 3, 5), data(82, 2, 3, 5)
emit("VMAP_MULTIPLE_OUT_DIMS_XY", [a235, b235])
emit("VMAP_MULTIPLE_OUT_DIMS", vmap(lambda x, y: (x, x, x, x * y), out_dims=(-1, 0, 1, 2))(a235, b235))
y2357 = data(83, 2, 3, 5, 7)
emit("VMAP_NESTED_OUT_DIMS_Y", y2357)
emit("VMAP_NESTED_OUT_DIMS", [
    vmap(lambda y: vmap(lambda x: x, out_dims=1)(y))(y2357),
    vmap(lambda y: vmap(lambda x: x, out_dims=-1)(y), out_dims=-1)(y2357)])
xn, yn = data(84, 2, 3), data(85, 3, 2)
emit("VMAP_NON_ZERO_IN_DIMS_XY", [xn, yn])
emit("VMAP_NON_ZERO_IN_DIMS", [vmap(torch.mul, (0, 1))(xn, yn), vmap(torch.mul, (1, 0))(xn, yn)])
xd, yd = data(86, 2, 3), data(87, 2, 3)
emit("VMAP_NONE_IN_DIMS_XY", [xd, yd])
emit("VMAP_NONE_IN_DIMS", vmap(torch.mul, (0, None))(xd, yd))
emit("VMAP_NESTED_NEGATIVE_IN_DIMS", vmap(torch.mul, (-1, -1))(xd, yd))
xi, yi = data(88, 3), data(89, 5)
emit("VMAP_NOOP_INNER_XY", [xi, yi])
emit("VMAP_NOOP_INNER", vmap(lambda x: vmap(lambda y: x)(yi))(xi))

# ------------------------------------------------------------------- custom functions, anomaly
size = 10
inp = torch.tensor(np.random.RandomState(90).rand(size))
emit("ANOMALY_NAN_INP", inp)

# ----------------------------------------------------------------------------- checkpointing


def chain(x, w):
    for _ in range(4):
        x = torch.tanh(x * w) + 0.1 * x
    return x.sum()


cx, cw = data(100, 6), data(101, 6)
emit("CKPT_CHAIN_XW", [cx, cw])
emit("CKPT_CHAIN_VALUE", chain(cx, cw))
emit("CKPT_CHAIN_GRAD", grad(chain, argnums=(0, 1))(cx, cw))
emit("CKPT_CHAIN_HESSIAN", hessian(chain)(cx, cw))
cxs = data(102, 4, 6)
emit("CKPT_CHAIN_XS", cxs)
emit("CKPT_CHAIN_VMAP_GRAD", vmap(grad(chain), (0, None))(cxs, cw))
ct = data(103, 6)
emit("CKPT_CHAIN_T", ct)
emit("CKPT_CHAIN_JVP", jvp(lambda x: chain(x, cw), (cx,), (ct,)))
# the checkpointed grad: d/dx of the gradient's sum (grad of grad)
emit("CKPT_GRAD_OF_GRAD", grad(lambda x: grad(chain)(x, cw).sum())(cx))

with open(OUT, "w") as f:
    f.write("/* conform_expected.h — generated by gen_conform.py from torch.func (PyTorch "
            f"{torch.__version__.split('+')[0]}), float64. Do not edit. */\n")
    f.write("#ifndef STRATA_CONFORM_EXPECTED_H\n#define STRATA_CONFORM_EXPECTED_H\n\n")
    for name, vals in entries:
        body = ", ".join(repr(float(v)) for v in vals)
        f.write(f"static const double {name}[{len(vals)}] = {{{body}}};\n")
    f.write("\n#endif\n")
print(f"{len(entries)} arrays -> {OUT}")
