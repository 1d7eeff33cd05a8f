"""Writes nn_ops_expected.h: PyTorch's values and gradients of the nn ops of issue 16
(activations, losses, norms, conv1d) for tests/ops/test_nn_{act,loss,norm}.c.

Run with the project's venv (PyTorch on the CPU):
    /work/main/bench/.venv/bin/python tests/ops/gen_nn_ops.py > tests/ops/nn_ops_expected.h

Each case calls one torch.nn.functional op on fixed inputs, backpropagates an upstream gradient
g (fixed values in the output's shape) and records the output, the gradient of every
differentiable input and, for batch_norm in training, the running statistics after the call.
Inputs and shapes follow PyTorch's own samples where there are some (the source column names
them: common_methods_invocations.py's sample_inputs_* and common_nn.py's module tests); values
are rounded to f32 first for f32 cases, so both sides start from the same numbers.
"""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_double  # noqa: E402

MEAN, SUM, NONE = 0, 1, 2
RED = {MEAN: "mean", SUM: "sum", NONE: "none"}


def vals(n, lo, hi, salt):
    """Deterministic values in [lo, hi): an irrational stride, as the library's samples."""
    out = []
    for i in range(n):
        u = (i + 1) * 0.6180339887498949 + salt * 0.4142135623730951
        u -= int(u)
        out.append(lo + (hi - lo) * u)
    return out


def tens(shape, lo, hi, salt):
    n = 1
    for s in shape:
        n *= s
    return torch.tensor(vals(n, lo, hi, salt), dtype=torch.float64).reshape(shape)


def run_case(op, dtype, params, inputs, diff):
    """Returns (output, grads, after): torch's results in doubles."""
    tdt = torch.float32 if dtype == "ST_F32" else torch.float64
    ts = []
    for i, x in enumerate(inputs):
        if x is None:
            ts.append(None)
            continue
        t = x.to(tdt).clone()
        if diff[i]:
            t.requires_grad_(True)
        ts.append(t)
    y = OPS[op](ts, params)
    g = tens(list(y.shape), -1.5, 1.5, 7).to(tdt)
    leaves = [t for i, t in enumerate(ts) if t is not None and diff[i]]
    grads = torch.autograd.grad(y, leaves, g, allow_unused=True) if leaves else []
    it = iter(grads)
    gl = []
    for i, t in enumerate(ts):
        gr = next(it) if t is not None and diff[i] else None
        if t is not None and diff[i] and gr is None:
            gr = torch.zeros_like(t)
        gl.append(gr)
    after = [None if t is None else t.detach().clone() for t in ts]
    return y.detach(), g, gl, after


OPS = {
    "NN_LEAKY_RELU": lambda t, p: F.leaky_relu(t[0], p[0]),
    "NN_ELU": lambda t, p: F.elu(t[0], p[0]),
    "NN_HARDTANH": lambda t, p: F.hardtanh(t[0], p[0], p[1]),
    "NN_LOGSIGMOID": lambda t, p: F.logsigmoid(t[0]),
}

CASES = []


def case(name, source, op, dtype, params, inputs, diff=None, ip=(), kink=False):
    """kink: inputs at points where the op is not differentiable (finite differences do not
    apply there; torch's one-sided choice is what the case checks)."""
    CASES.append((name, source, op, dtype, list(params), list(ip), inputs,
                  diff if diff is not None else [x is not None for x in inputs], kink))


def with_values(shape, values):
    return torch.tensor(values, dtype=torch.float64).reshape(shape)


KINKS = with_values([2, 4], [-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, -0.0])
# ---- activations: sample_inputs_elementwise_unary (make_tensor in [-2, 2)), the kinks of each
# op (0, the hardtanh bounds), and large |x| for logsigmoid's stability.
for dt in ("ST_F64", "ST_F32"):
    case("leaky_relu 0.01, kinks", "sample_inputs_leaky_relu", "NN_LEAKY_RELU", dt, [0.01],
         [KINKS], kink=True)
    case("leaky_relu 0.2, [3, 5]", "sample_inputs_leaky_relu", "NN_LEAKY_RELU", dt, [0.2],
         [tens([3, 5], -2, 2, 1)])
    case("elu 1, kinks", "sample_inputs_elu", "NN_ELU", dt, [1.0], [KINKS], kink=True)
    case("elu 0.5, [3, 5]", "sample_inputs_elu", "NN_ELU", dt, [0.5], [tens([3, 5], -3, 2, 2)])
    case("hardtanh [-1, 1], at the bounds", "sample_inputs_hardtanh", "NN_HARDTANH", dt,
         [-1.0, 1.0], [KINKS], kink=True)
    case("hardtanh [-0.5, 1.5]", "sample_inputs_hardtanh", "NN_HARDTANH", dt, [-0.5, 1.5],
         [tens([3, 5], -2, 2, 3)])
    case("logsigmoid [3, 5]", "sample_inputs_elementwise_unary", "NN_LOGSIGMOID", dt, [],
         [tens([3, 5], -4, 4, 4)])
    case("logsigmoid, large |x|", "stability", "NN_LOGSIGMOID", dt, [],
         [with_values([6], [-800.0, -100.0, -30.0, 30.0, 100.0, 800.0])])
case("elu -0.5, kinks", "negative alpha", "NN_ELU", "ST_F64", [-0.5], [KINKS], kink=True)
case("leaky_relu -0.3", "negative slope", "NN_LEAKY_RELU", "ST_F64", [-0.3],
     [tens([2, 3], -2, 2, 5)])
case("hardtanh 0-dim", "sample_inputs_hardtanh", "NN_HARDTANH", "ST_F64", [-1.0, 1.0],
     [with_values([], [0.75])])


def c_arr(t):
    if t is None:
        return "NULL"
    flat = t.double().flatten().tolist()
    if not flat:
        return "(const double[]){0}"
    return "(const double[]){" + ", ".join(c_double(v) for v in flat) + "}"


def c_shape(t):
    s = list(t.shape)
    return "{" + (", ".join(str(v) for v in s) if s else "0") + "}"


def main():
    print("/* nn_ops_expected.h — generated by gen_nn_ops.py from PyTorch " + torch.__version__
          + "; do not edit. */")
    print("#ifndef NN_OPS_EXPECTED_H\n#define NN_OPS_EXPECTED_H\n")
    ops = list(OPS)
    print("typedef enum { " + ", ".join(ops) + " } nn_op;\n")
    print("#define NN_MAX_IN 5")
    print("typedef struct {")
    print("  const char *name, *source; /* source: the PyTorch sample or test it was ported from */")
    print("  nn_op op;")
    print("  st_dtype dtype;")
    print("  double p[4]; /* the op's float parameters, in its argument order */")
    print("  int64_t ip[4]; /* its integer ones (reduction, stride, ...), in order */")
    print("  int nin; /* inputs in[0..nin): a NULL one is an absent optional input */")
    print("  int ndim[NN_MAX_IN];")
    print("  int64_t shape[NN_MAX_IN][4];")
    print("  const double *in[NN_MAX_IN];")
    print("  bool diff[NN_MAX_IN]; /* differentiable: grad[i] is its expected gradient */")
    print("  int out_ndim;")
    print("  int64_t out_shape[4];")
    print("  const double *want, *g, *grad[NN_MAX_IN];")
    print("  const double *after[NN_MAX_IN]; /* inputs after the call (running stats), or NULL */")
    print("  bool kink; /* inputs at kinks: no finite-difference checks */")
    print("} nn_case;\n")
    print("static const nn_case NN_CASES[] = {")
    for name, source, op, dtype, params, ip, inputs, diff, kink in CASES:
        tdt = torch.float32 if dtype == "ST_F32" else torch.float64
        inputs = [None if x is None else x.to(tdt).double() for x in inputs]
        y, g, grads, after = run_case(op, dtype, params, inputs, diff)
        n = len(inputs)
        print('  {"%s", "%s", %s, %s, {%s}, {%s}, %d,' % (
            name, source, op, dtype, ", ".join(c_double(v) for v in params) or "0",
            ", ".join(str(v) for v in ip) or "0", n))
        print("   {%s}," % ", ".join(str(0 if x is None else x.dim()) for x in inputs))
        print("   {%s}," % ", ".join("{0}" if x is None else c_shape(x) for x in inputs))
        print("   {%s}," % ", ".join(c_arr(x) for x in inputs))
        print("   {%s}," % ", ".join("true" if (x is not None and d) else "false"
                                     for x, d in zip(inputs, diff)))
        print("   %d, %s, %s, %s," % (y.dim(), c_shape(y), c_arr(y), c_arr(g)))
        print("   {%s}," % ", ".join(c_arr(gr) for gr in grads))
        changed = [None if (x is None or torch.equal(a.double(), x)) else a
                   for x, a in zip(inputs, after)]
        print("   {%s}, %s}," % (", ".join(c_arr(a) for a in changed), "true" if kink else "false"))
    print("};\n")
    print("#define NN_NCASES ((int)(sizeof NN_CASES / sizeof NN_CASES[0]))\n")
    print("#endif")


main()
