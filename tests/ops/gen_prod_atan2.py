"""Writes prod_atan2_expected.h: PyTorch's gradients of prod and atan2 for test_prod_atan2.c.

Run with the project's venv (PyTorch on the CPU):
    /work/main/bench/.venv/bin/python tests/ops/gen_prod_atan2.py > tests/ops/prod_atan2_expected.h

prod: each case reduces x and backpropagates an upstream gradient g through prod(x, dims,
keepdim). Inputs with zeros come from PyTorch's OpInfo samples (common_methods_invocations.py:
sample_inputs_prod's prod_single_zero, sample_inputs_cumprod's prod_zeros), with fixed values.
The expected gradient is the exact one, g times the product of the other elements of the group
in rational arithmetic (fractions), rounded once to the case's dtype (f32 inputs are rounded
to f32 first). The generator checks it against PyTorch's gradient: they agree (to 1e-6 in f32,
1e-12 in f64) except where PyTorch overflows, which the header notes in a comment beside the
case: PyTorch's f32 gradient is inf wherever the f32 product overflows, and its zero branch
(exclusive cumulative products) gives NaN where a partial product overflows before it meets a
zero; strata promises a finite gradient wherever the exact one is finite.

atan2: gradients of sum(g * atan2(y, x)) at ordinary points and at the origin, where
FunctionsManual.cpp's atan2_backward gives 0 (the reciprocal of y^2 + x^2 is masked where it is
infinite) instead of NaN.
"""
import math
import os
import sys
from fractions import Fraction

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_double  # noqa: E402

torch.set_default_dtype(torch.float64)


def c_array(vals):
    return "{" + ", ".join(c_double(v) for v in vals) + "}"


def f32(vals):
    return torch.tensor(vals, dtype=torch.float32).double().tolist()


def torch_prod_grad(x, dims, keepdim, g, dtype):
    """PyTorch's gradient in the case's dtype, as doubles."""
    tdt = torch.float32 if dtype == "ST_F32" else torch.float64
    t = torch.tensor(x, dtype=tdt, requires_grad=True)
    y = t.prod() if dims is None else t
    if dims is not None:
        for d in sorted(dims, reverse=True):  # torch.prod takes one dim: reduce them in turn
            y = y.prod(d, keepdim=keepdim)
    y.backward(torch.tensor(g, dtype=tdt).reshape(y.shape))
    return t.grad.double().flatten().tolist()


def round_to(v, dtype):
    """The exact rational v rounded to the dtype (inf beyond its range)."""
    try:
        d = float(v)
    except OverflowError:
        d = math.inf if v > 0 else -math.inf
    if dtype == "ST_F32":
        d = float(torch.tensor(d, dtype=torch.float32)) if abs(d) < 3.5e38 else math.copysign(
            math.inf, d)
    return d


def exact_prod_grad(x, dims, keepdim, g, dtype):
    """g times the product of the other elements of each element's group, in fractions."""
    xt = torch.tensor(x)
    nd = xt.dim()
    red = list(range(nd)) if dims is None else sorted(dims)
    flat_x = xt.flatten().tolist()
    shape = list(xt.shape)
    strides = [1] * nd
    for d in range(nd - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    out_shape = [1 if d in red else shape[d] for d in range(nd)]
    out_strides = [1] * nd
    for d in range(nd - 2, -1, -1):
        out_strides[d] = out_strides[d + 1] * out_shape[d + 1]
    groups = {}
    for k in range(len(flat_x)):
        idx = [(k // strides[d]) % shape[d] for d in range(nd)]
        key = sum((0 if d in red else idx[d]) * out_strides[d] for d in range(nd))
        groups.setdefault(key, []).append(k)
    want = [0.0] * len(flat_x)
    for key, members in groups.items():
        for k in members:
            others = Fraction(1)
            for m in members:
                if m != k:
                    others *= Fraction(flat_x[m])
            want[k] = round_to(others * Fraction(g[key]), dtype)
    return want


def close(a, b, tol):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= tol * max(abs(b), 1e-300)


def upstream(n):
    return [1.0 + 0.25 * k for k in range(n)]


def prod_zeros(dim_select):
    """sample_inputs_cumprod's prod_zeros: a [5, 5, 5] tensor with three zeroed lines."""
    r = torch.tensor([[[0.5 + 0.01 * (i * 25 + j * 5 + k) * (-1) ** (i + j + k)
                        for k in range(5)] for j in range(5)] for i in range(5)])
    a, b = dim_select
    r.narrow(a, 0, 1).narrow(b, 1, 1).zero_()
    r.narrow(a, 2, 1).narrow(b, 3, 1).zero_()
    r.narrow(a, 4, 1).narrow(b, 3, 1).zero_()
    return r.tolist()


def prod_single_zero():
    """sample_inputs_prod's prod_single_zero: a [5, 5] tensor with x[0, 1] = 0."""
    r = torch.tensor([[0.9 - 0.07 * (i * 5 + j) for j in range(5)] for i in range(5)])
    r[0, 1] = 0
    return r.tolist()


def flat(x):
    return torch.tensor(x).flatten().tolist()


def shape_of(x):
    return list(torch.tensor(x).shape)


PROD_CASES = [
    # (name, source, dtype, x, dims (None: every dim), keepdim)
    ("no zeros, dim 1", "sample_inputs_prod (dim)", "ST_F64",
     [[1.5, -2.0, 0.5], [3.0, 0.25, -1.25]], [1], False),
    ("no zeros, f32, dim 0, keepdim", "sample_inputs_prod (keepdim)", "ST_F32",
     [[1.5, -2.0, 0.5], [3.0, 0.25, -1.25]], [0], True),
    ("one zero, every dim", "sample_inputs_prod: prod_single_zero", "ST_F64",
     prod_single_zero(), None, False),
    ("one zero, dim 1, keepdim", "sample_inputs_prod: prod_single_zero", "ST_F64",
     prod_single_zero(), [1], True),
    ("one zero, f32, dim 0", "sample_inputs_prod: prod_single_zero", "ST_F32",
     prod_single_zero(), [0], False),
    ("two zeros in a group, dim 1", "sample_inputs_prod (two zeros)", "ST_F64",
     [[0.0, 2.0, 0.0, 3.0], [1.0, 2.0, 3.0, 4.0], [0.0, 5.0, -1.0, 2.0]], [1], False),
    ("zeros [5,5,5], dim 0", "sample_inputs_cumprod: prod_zeros((0, 1))", "ST_F64",
     prod_zeros((0, 1)), [0], False),
    ("zeros [5,5,5], dim 1", "sample_inputs_cumprod: prod_zeros((0, 1))", "ST_F64",
     prod_zeros((0, 1)), [1], False),
    ("zeros [5,5,5], dim 2, keepdim", "sample_inputs_cumprod: prod_zeros((1, 2))", "ST_F64",
     prod_zeros((1, 2)), [2], True),
    ("zeros [5,5,5], dims (0, 2)", "sample_inputs_cumprod: prod_zeros((0, 2))", "ST_F64",
     prod_zeros((0, 2)), [0, 2], False),
    ("zeros [5,5,5], f32, dims (0, 1), keepdim", "sample_inputs_cumprod: prod_zeros((1, 2))",
     "ST_F32", prod_zeros((1, 2)), [0, 1], True),
    ("huge f64, one zero", "large values", "ST_F64",
     [[1e30, 1e30, 1e-30, 0.0], [0.0, 1e200, 1e200, 2.0]], [1], False),
    ("huge f64, no zeros", "large values", "ST_F64",
     [[1e200, 1e-100, 1e100], [1e150, -1e-150, 3.0]], [1], True),
    ("huge f64, two zeros", "large values", "ST_F64",
     [[0.0, 0.0, 1e200, 1e200]], [1], False),
    ("f32 range, no zeros", "large values", "ST_F32",
     [[1e30, 1e30, 1e-20], [1e20, 1e20, 1e-20]], [1], False),
    ("f32 range, tiny and huge", "large values", "ST_F32",
     [[1e20, 1e20, 1e-20, 1e-20]], None, False),
    ("f32 range, one zero", "large values", "ST_F32",
     [[0.0, 1e30, 1e30], [1e20, 0.0, 1e-20]], [1], False),
    ("f32 range, two zeros", "large values", "ST_F32",
     [[0.0, 0.0, 1e30, 1e30]], [1], True),
]


def atan2_grads(y, x, g):
    ty = torch.tensor(y, requires_grad=True)
    tx = torch.tensor(x, requires_grad=True)
    (torch.atan2(ty, tx) * torch.tensor(g)).sum().backward()
    return ty.grad.tolist(), tx.grad.tolist()


ATAN2_CASES = [
    ("ordinary points", [0.5, -1.0, 2.0, -3.0], [1.0, 0.25, -2.0, -0.5], [1.0, -2.0, 0.5, 3.0]),
    ("the origin, signed zeros", [0.0, 0.0, -0.0, -0.0], [0.0, -0.0, 0.0, -0.0],
     [1.0, 2.0, 3.0, 4.0]),
    ("axes and the origin", [0.0, 1.0, 0.0, 0.0], [1.0, 0.0, -2.0, 0.0], [1.0, 1.0, 1.0, 1.0]),
    ("reciprocal overflows", [1e-200, 1e-170, 3e-160], [1e-200, 0.0, 4e-160], [1.0, 1.0, 1.0]),
]


def main():
    print("/* prod_atan2_expected.h — generated by gen_prod_atan2.py from PyTorch "
          + torch.__version__ + "; do not edit. */")
    print("#ifndef PROD_ATAN2_EXPECTED_H\n#define PROD_ATAN2_EXPECTED_H\n")
    print("typedef struct {")
    print("  const char *name, *source; /* source: the PyTorch sample it was ported from */")
    print("  st_dtype dtype;")
    print("  int ndim;")
    print("  int64_t shape[3];")
    print("  int ndims; /* 0: every dim (st_prod_all) */")
    print("  int dims[3];")
    print("  bool keepdim;")
    print("  const double *x, *g, *want; /* g: the upstream gradient, in the result's layout */")
    print("  int64_t n, ng;")
    print("} prod_case;\n")
    print("static const prod_case PROD_CASES[] = {")
    for name, source, dtype, x, dims, keepdim in PROD_CASES:
        if dtype == "ST_F32":
            x = torch.tensor(x, dtype=torch.float32).double().tolist()
        probe = torch.tensor(x)
        if dims is not None:
            for d in sorted(dims, reverse=True):
                probe = probe.prod(d, keepdim=keepdim)
        else:
            probe = probe.prod()
        g = upstream(probe.numel())
        want = exact_prod_grad(x, dims, keepdim, g, dtype)
        shp = shape_of(x)
        theirs = torch_prod_grad(x, dims, keepdim, g, dtype)
        tol = 1e-6 if dtype == "ST_F32" else 1e-12
        if not all(close(a, b, tol) for a, b in zip(theirs, want)):
            print("  /* PyTorch's gradient here: " + c_array(theirs) + " (a partial product"
                  + " overflows) */")
        d = dims or []
        print("  {%s, %s, %s, %d, {%s}, %d, {%s}, %s," % (
            '"' + name + '"', '"' + source + '"', dtype, len(shp),
            ", ".join(str(s) for s in shp), len(d), ", ".join(str(v) for v in d) or "0",
            "true" if keepdim else "false"))
        print("   (const double[])" + c_array(flat(x)) + ",")
        print("   (const double[])" + c_array(g) + ",")
        print("   (const double[])" + c_array(want) + ",")
        print("   %d, %d}," % (len(flat(x)), len(g)))
    print("};\n")
    print("typedef struct {")
    print("  const char *name;")
    print("  int n;")
    print("  const double *y, *x, *g, *want_y, *want_x;")
    print("} atan2_case;\n")
    print("static const atan2_case ATAN2_CASES[] = {")
    for name, y, x, g in ATAN2_CASES:
        gy, gx = atan2_grads(y, x, g)
        print('  {"%s", %d, (const double[])%s, (const double[])%s,' % (
            name, len(y), c_array(y), c_array(x)))
        print("   (const double[])%s, (const double[])%s, (const double[])%s}," % (
            c_array(g), c_array(gy), c_array(gx)))
    print("};\n")
    print("#endif")


main()
