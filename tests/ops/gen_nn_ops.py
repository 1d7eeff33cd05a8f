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
    "NN_BCE": lambda t, p: F.binary_cross_entropy(t[0], t[1], t[2], reduction=RED[p[0]]),
    "NN_BCE_LOGITS": lambda t, p: F.binary_cross_entropy_with_logits(
        t[0], t[1], t[2], reduction=RED[p[0]], pos_weight=t[3]),
    "NN_L1": lambda t, p: F.l1_loss(t[0], t[1], reduction=RED[p[0]]),
    "NN_SMOOTH_L1": lambda t, p: F.smooth_l1_loss(t[0], t[1], reduction=RED[p[0]], beta=p[1]),
    "NN_HUBER": lambda t, p: F.huber_loss(t[0], t[1], reduction=RED[p[0]], delta=p[1]),
    "NN_KL_DIV": lambda t, p: F.kl_div(t[0], t[1], reduction=RED[p[0]], log_target=bool(p[1])),
    "NN_CONV1D": lambda t, p: F.conv1d(t[0], t[1], t[2], stride=p[0], padding=p[1],
                                       dilation=p[2], groups=p[3]),
    "NN_GROUP_NORM": lambda t, p: F.group_norm(t[0], p[0], t[1], t[2], eps=p[1]),
    "NN_BATCH_NORM": lambda t, p: F.batch_norm(t[0], t[1], t[2], t[3], t[4], training=bool(p[0]),
                                               momentum=p[1], eps=p[2]),
}
# integer parameters of each op: how many of params go to ip[] (the rest to p[])
INT_PARAMS = {"NN_CONV1D": 4, "NN_GROUP_NORM": 1, "NN_BATCH_NORM": 1}

CASES = []


def case(name, source, op, dtype, params, inputs, diff=None, ip=(), kink=False, stateful=False):
    """kink: inputs where the op is not differentiable or at its domain's edge (finite
    differences and scaled vmap lanes do not apply there; torch's choice is what it checks)."""
    CASES.append((name, source, op, dtype, list(params), list(ip), inputs,
                  diff if diff is not None else [x is not None for x in inputs], kink, stateful))


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

# ---- losses: common_methods_invocations.py's sample_inputs_binary_cross_entropy (shapes (),
# (S,), (S, S) with and without weight, every reduction), sample_inputs_binary_cross_entropy_
# with_logits / common_nn.py's BCEWithLogitsLoss tests (weight, pos_weight broadcast over the
# classes, large logits), sample_inputs_l1_loss / smooth_l1_loss / huber_loss (broadcasting
# input and target, beta and delta), sample_inputs_kl_div (log_target both ways). The params
# list starts with the reduction (MEAN 0, SUM 1, NONE 2).
def probs(shape, salt, lo=0.05, hi=0.8):
    return tens(shape, lo, hi, salt)


for dt in ("ST_F64", "ST_F32"):
    for r in (MEAN, SUM, NONE):
        case("bce [5, 5], " + RED[r], "sample_inputs_binary_cross_entropy", "NN_BCE", dt, [r],
             [probs([5, 5], 1), probs([5, 5], 2, 0, 1), None], [True, True, False])
    case("bce weight [5], none", "sample_inputs_binary_cross_entropy (weight)", "NN_BCE", dt,
         [NONE], [probs([5, 5], 3), probs([5, 5], 4, 0, 1), tens([5], 0.5, 1.5, 5)],
         [True, True, False])
    case("bce 0-dim", "sample_inputs_binary_cross_entropy (())", "NN_BCE", dt, [MEAN],
         [probs([], 6), probs([], 7, 0, 1), None], [True, True, False])
    case("bce at 0 and 1: logs floored at -100", "binary_cross_entropy's clamp", "NN_BCE", dt,
         [NONE], [with_values([5], [0.0, 1.0, 1e-30, 1.0, 0.0]),
                  with_values([5], [0.0, 1.0, 1.0, 0.0, 1.0]), None], [True, True, False],
         kink=True)
    for r in (MEAN, SUM, NONE):
        case("bce_with_logits [4, 3], " + RED[r], "sample_inputs_binary_cross_entropy_with_logits",
             "NN_BCE_LOGITS", dt, [r],
             [tens([4, 3], -3, 3, 8), probs([4, 3], 9, 0, 1), None, None], [True, True, False, False])
    case("bce_with_logits weight and pos_weight", "common_nn.py BCEWithLogitsLoss (pos_weight)",
         "NN_BCE_LOGITS", dt, [MEAN],
         [tens([4, 3], -3, 3, 10), probs([4, 3], 11, 0, 1), tens([4, 1], 0.5, 1.5, 12),
          tens([3], 0.5, 3, 13)], [True, True, False, False])
    case("bce_with_logits large logits", "stability", "NN_BCE_LOGITS", dt, [NONE],
         [with_values([6], [-800.0, -100.0, -30.0, 30.0, 100.0, 800.0]),
          with_values([6], [0.0, 1.0, 0.5, 0.0, 1.0, 0.25]), None, with_values([6], [2.0] * 6)],
         [True, True, False, False])
    for r in (MEAN, SUM, NONE):
        case("l1 [3, 4], " + RED[r], "sample_inputs_l1_loss", "NN_L1", dt, [r],
             [tens([3, 4], -2, 2, 14), tens([3, 4], -2, 2, 15)])
    case("l1 broadcasting [3, 1] and [2, 3, 4]", "sample_inputs_l1_loss (broadcast)", "NN_L1", dt,
         [MEAN], [tens([3, 1], -2, 2, 16), tens([2, 3, 4], -2, 2, 17)])
    for beta in (1.0, 0.5):
        case("smooth_l1 beta %g, none" % beta, "sample_inputs_smooth_l1_loss", "NN_SMOOTH_L1", dt,
             [NONE, beta], [tens([3, 4], -2, 2, 18), tens([3, 4], -2, 2, 19)])
    case("smooth_l1 beta 0 (l1)", "sample_inputs_smooth_l1_loss (beta=0)", "NN_SMOOTH_L1", dt,
         [SUM, 0.0], [tens([3, 4], -2, 2, 20), tens([3, 4], -2, 2, 21)])
    case("smooth_l1 broadcast, mean", "sample_inputs_smooth_l1_loss", "NN_SMOOTH_L1", dt,
         [MEAN, 0.7], [tens([2, 3, 4], -2, 2, 22), tens([4], -2, 2, 23)])
    for delta in (1.0, 0.5, 2.0):
        case("huber delta %g" % delta, "sample_inputs_huber_loss", "NN_HUBER", dt,
             [NONE if delta == 1.0 else MEAN, delta],
             [tens([3, 4], -2, 2, 24), tens([3, 4], -2, 2, 25)])
    for r in (MEAN, SUM, NONE):
        case("kl_div " + RED[r], "sample_inputs_kl_div", "NN_KL_DIV", dt, [r, 0],
             [tens([3, 4], -3, -0.1, 26), probs([3, 4], 27, 0.05, 1)])
    case("kl_div log_target", "sample_inputs_kl_div (log_target)", "NN_KL_DIV", dt, [SUM, 1],
         [tens([3, 4], -3, -0.1, 28), tens([3, 4], -3, -0.1, 29)])
    case("kl_div broadcast target", "sample_inputs_kl_div", "NN_KL_DIV", dt, [NONE, 1],
         [tens([3, 4], -3, -0.1, 30), tens([4], -3, -0.1, 31)])
case("kl_div target 0: xlogy's NaN target gradient", "torch's xlogy composite", "NN_KL_DIV",
     "ST_F64", [SUM, 0], [tens([4], -3, -0.1, 32), with_values([4], [0.0, 0.5, 0.0, 0.25])],
     kink=True)

# ---- conv1d: sample_inputs_conv1d (bias or not, stride, padding, dilation, groups, unbatched);
# params: stride, padding, dilation, groups.
for dt in ("ST_F64", "ST_F32"):
    case("conv1d [1, 3, 4] * [3, 3, 3] + bias", "sample_inputs_conv1d", "NN_CONV1D", dt,
         [1, 0, 1, 1], [tens([1, 3, 4], -1, 1, 40), tens([3, 3, 3], -1, 1, 41),
                        tens([3], -1, 1, 42)])
    case("conv1d stride 2, padding 1", "sample_inputs_conv1d", "NN_CONV1D", dt, [2, 1, 1, 1],
         [tens([2, 3, 5], -1, 1, 43), tens([4, 3, 3], -1, 1, 44), tens([4], -1, 1, 45)])
    case("conv1d groups 2, dilation 2, no bias", "sample_inputs_conv1d", "NN_CONV1D", dt,
         [1, 2, 2, 2], [tens([1, 4, 6], -1, 1, 46), tens([4, 2, 3], -1, 1, 47), None])
    case("conv1d unbatched", "sample_inputs_conv1d (unbatched)", "NN_CONV1D", dt, [1, 0, 1, 1],
         [tens([3, 6], -1, 1, 48), tens([2, 3, 2], -1, 1, 49), tens([2], -1, 1, 50)])

# ---- group_norm: sample_inputs_group_norm ((1, 6, 3) in 2 groups with weight and bias,
# (4, 6, 2, 3) in 3, no affine in 1 group); params: num_groups, eps.
for dt in ("ST_F64", "ST_F32"):
    case("group_norm [1, 6, 3], 2 groups", "sample_inputs_group_norm", "NN_GROUP_NORM", dt,
         [2, 1e-5], [tens([1, 6, 3], -2, 2, 51), tens([6], 0.5, 1.5, 52), tens([6], -1, 1, 53)])
    case("group_norm [4, 6, 2, 3], 3 groups", "sample_inputs_group_norm", "NN_GROUP_NORM", dt,
         [3, 1e-5], [tens([4, 6, 2, 3], -2, 2, 54), tens([6], 0.5, 1.5, 55),
                     tens([6], -1, 1, 56)])
    case("group_norm [2, 6], 1 group, no affine", "sample_inputs_group_norm", "NN_GROUP_NORM",
         dt, [1, 1e-3], [tens([2, 6], -2, 2, 57), None, None])

# ---- batch_norm: sample_inputs_batch_norm / common_nn.py's BatchNorm1d/2d tests: training
# with running statistics (updated in place: the case records them after the call), momentum
# 0.1 and 0.3, evaluation with them, training without them or without affine; params:
# training, momentum, eps.
for dt in ("ST_F64", "ST_F32"):
    rm, rv = tens([3], -0.5, 0.5, 60), tens([3], 0.5, 2, 61)
    case("batch_norm [4, 3, 5], training", "sample_inputs_batch_norm", "NN_BATCH_NORM", dt,
         [1, 0.1, 1e-5], [tens([4, 3, 5], -2, 2, 62), rm, rv, tens([3], 0.5, 1.5, 63),
                          tens([3], -1, 1, 64)], [True, False, False, True, True],
         stateful=True)
    case("batch_norm [6, 3], training, momentum 0.3", "common_nn.py BatchNorm1d",
         "NN_BATCH_NORM", dt, [1, 0.3, 1e-3], [tens([6, 3], -2, 2, 65), rm, rv, None, None],
         [True, False, False, False, False], stateful=True)
    case("batch_norm [2, 3, 2, 2], evaluation", "common_nn.py BatchNorm2d (eval)",
         "NN_BATCH_NORM", dt, [0, 0.1, 1e-5], [tens([2, 3, 2, 2], -2, 2, 66), rm, rv,
                                                tens([3], 0.5, 1.5, 67), tens([3], -1, 1, 68)],
         [True, False, False, True, True])
    case("batch_norm training without running stats", "sample_inputs_batch_norm (None stats)",
         "NN_BATCH_NORM", dt, [1, 0.1, 1e-5], [tens([3, 3, 4], -2, 2, 69), None, None,
                                                tens([3], 0.5, 1.5, 70), None],
         [True, False, False, True, False])


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
    print("  bool kink; /* inputs at kinks or the domain's edge: no finite-difference checks */")
    print("  bool stateful; /* writes its inputs (running stats): no vmap or jacobians */")
    print("} nn_case;\n")
    print("static const nn_case NN_CASES[] = {")
    for name, source, op, dtype, params, ip, inputs, diff, kink, stateful in CASES:
        ni = INT_PARAMS.get(op, 0)
        ip, fparams = [int(v) for v in params[:ni]], params[ni:]
        tdt = torch.float32 if dtype == "ST_F32" else torch.float64
        inputs = [None if x is None else x.to(tdt).double() for x in inputs]
        y, g, grads, after = run_case(op, dtype, params, inputs, diff)
        params = fparams
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
        print("   {%s}, %s, %s}," % (", ".join(c_arr(a) for a in changed),
                                    "true" if kink else "false", "true" if stateful else "false"))
    print("};\n")
    print("#define NN_NCASES ((int)(sizeof NN_CASES / sizeof NN_CASES[0]))\n")
    print("#endif")


main()
