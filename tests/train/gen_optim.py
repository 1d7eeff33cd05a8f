"""Writes tests/train/optim_expected.h: what torch.optim, torch.nn.utils.clip_grad_norm_ and
torch.optim.lr_scheduler compute, for tests/train/test_optim.c.

Run with the bench venv's python (PyTorch on the CPU):

    /work/main/bench/.venv/bin/python tests/train/gen_optim.py

The optimizer cases are PyTorch's own: the OptimizerInput lists of
torch/testing/_internal/common_optimizers.py (optim_inputs_func_sgd, _adam, _adamw, _rmsprop,
_adagrad), which test/test_optim.py's TestOptimRenewed runs every optimizer test over. Inputs
that need what strata does not have (capturable, tensor lr or betas, foreach/fused/differentiable
flags) are left out. Each case runs NSTEPS steps of the single-tensor implementation
(foreach=False, PyTorch's default on the CPU) over three parameters (a [3, 4] matrix, a [5]
vector and a 0-dim scalar) with fixed gradients whose scale changes from step to step (so
amsgrad's maximum and RMSprop's averages move both ways); in step SKIP_STEP the vector gets no
gradient (torch.optim skips it, and its step count does not advance).
"""
import os

import sys
import types
import unittest

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_header import c_double  # noqa: E402

# torch.testing._internal imports expecttest (a PyTorch test dependency the venv lacks) only for
# its TestCase base class; the OptimizerInput lists need nothing from it.
if "expecttest" not in sys.modules:
    try:
        import expecttest  # noqa: F401
    except ImportError:
        sys.modules["expecttest"] = types.SimpleNamespace(TestCase=unittest.TestCase)
from torch.testing._internal import common_optimizers as co  # noqa: E402

torch.set_num_threads(1)
NSTEPS = 6
SCALES = [1.0, 0.3, 2.0, 0.1, 1.5, 0.05]
SKIP_STEP = 3  # step index at which parameter 1 has no gradient
SHAPES = [(3, 4), (5,), ()]
NVALS = sum(int(np.prod(s)) for s in SHAPES)

KINDS = [
    ("ST_OPTIM_SGD", torch.optim.SGD, co.optim_inputs_func_sgd),
    ("ST_OPTIM_ADAM", torch.optim.Adam, co.optim_inputs_func_adam),
    ("ST_OPTIM_ADAMW", torch.optim.AdamW, co.optim_inputs_func_adamw),
    ("ST_OPTIM_RMSPROP", torch.optim.RMSprop, co.optim_inputs_func_rmsprop),
    ("ST_OPTIM_ADAGRAD", torch.optim.Adagrad, co.optim_inputs_func_adagrad),
]
# Combinations PyTorch's lists do not hold (source "strata: ..."), with larger rates so that
# every term of the update matters.
EXTRA = {
    "ST_OPTIM_SGD": [{"lr": 0.1, "momentum": 0.9, "nesterov": True, "weight_decay": 0.1, "maximize": True},
                     {"lr": 0.1, "momentum": 0.5, "dampening": 0.3, "weight_decay": 0.2}],
    "ST_OPTIM_ADAM": [{"lr": 0.1, "amsgrad": True, "weight_decay": 0.1, "maximize": True},
                      {"lr": 0.1, "betas": (0.5, 0.9), "eps": 1e-3}],
    "ST_OPTIM_ADAMW": [{"lr": 0.1, "amsgrad": True, "weight_decay": 0.3, "maximize": True}],
    "ST_OPTIM_RMSPROP": [{"lr": 0.05, "alpha": 0.9, "centered": True, "momentum": 0.5, "eps": 1e-4}],
    "ST_OPTIM_ADAGRAD": [{"lr": 0.5, "lr_decay": 0.1, "initial_accumulator_value": 0.2, "maximize": True,
                          "eps": 1e-4}],
}
UNSUPPORTED = {"capturable", "foreach", "fused", "differentiable", "decoupled_weight_decay"}

rng = np.random.default_rng(17)
INIT = rng.uniform(-1, 1, NVALS)
GRADS = rng.uniform(-1, 1, (NSTEPS, NVALS)) * np.array(SCALES)[:, None]


def split(flat, dtype):
    out, k = [], 0
    for s in SHAPES:
        n = int(np.prod(s))
        out.append(torch.tensor(flat[k : k + n], dtype=dtype).reshape(s))
        k += n
    return out


def arr(vals):
    return "{" + ", ".join(c_double(v) for v in vals) + "}"


def usable(inp):
    kw = inp.kwargs
    if any(k in kw for k in UNSUPPORTED):
        return False
    return not any(isinstance(v, torch.Tensor) or (isinstance(v, tuple) and any(isinstance(x, torch.Tensor) for x in v))
                   for v in kw.values())


def run_case(cls, kwargs, dtype):
    params = [p.requires_grad_() for p in split(INIT, dtype)]
    opt = cls(params, foreach=False, **kwargs)
    traj = []
    for k in range(NSTEPS):
        grads = split(GRADS[k], dtype)
        for i, p in enumerate(params):
            p.grad = None if (k == SKIP_STEP and i == 1) else grads[i].clone()
        opt.step()
        traj.append(np.concatenate([p.detach().double().reshape(-1).numpy() for p in params]))
    return opt, traj


def c_opts(kind, opt):
    d = opt.defaults
    f = {"kind": kind, "lr": d["lr"]}
    for k in ("momentum", "dampening", "eps", "alpha", "weight_decay", "lr_decay", "initial_accumulator_value"):
        if k in d:
            f[k] = d[k]
    if "betas" in d:
        f["beta1"], f["beta2"] = d["betas"]
    for k in ("nesterov", "amsgrad", "maximize", "centered"):
        if d.get(k):
            f[k] = "true"
    return "{" + ", ".join(f".{k} = {v if isinstance(v, str) else c_double(v)}" for k, v in f.items()) + "}"


def defaults_rows():
    rows = []
    for kind, cls, _ in KINDS:
        opt = cls([torch.zeros(1, requires_grad=True)])
        rows.append(f"    {{{c_opts(kind, opt)}}},")
    return rows


def optimizer_cases():
    rows = []
    for kind, cls, func in KINDS:
        inputs = [(inp.kwargs, inp.desc, f"{func.__name__}: {inp.desc}") for inp in func("cpu") if usable(inp)]
        for kw in EXTRA[kind]:
            desc = ", ".join(f"{k}={v}" for k, v in kw.items())
            inputs.append((kw, desc, "strata: a combination"))
        for kwargs, desc, src in inputs:
            for dt, cdt in ((torch.float32, "ST_F32"), (torch.float64, "ST_F64")):
                opt, traj = run_case(cls, kwargs, dt)
                rows.append(f"    {{\"{cls.__name__} {desc} {cdt[3:].lower()}\", \"{src}\", {cdt},\n"
                            f"     {c_opts(kind, opt)},\n"
                            "     {" + ",\n      ".join(arr(t) for t in traj) + "}},")
    return rows


def clip_cases():
    """clip_grad_norm_ over the three parameters' gradients (GRADS[0] scaled), for max_norm
    below and above the norm, in both dtypes (the cases of test/test_nn.py's
    test_clip_grad_norm: a norm that clips and one that does not)."""
    rows = []
    for scale, max_norm in ((1.0, 0.5), (1.0, 100.0), (1e3, 1.0)):
        for dt, cdt in ((torch.float32, "ST_F32"), (torch.float64, "ST_F64")):
            params = [p.requires_grad_() for p in split(INIT, dt)]
            for p, g in zip(params, split(GRADS[0] * scale, dt)):
                p.grad = g
            norm = torch.nn.utils.clip_grad_norm_(params, max_norm, foreach=False)
            after = np.concatenate([p.grad.double().reshape(-1).numpy() for p in params])
            rows.append(f"    {{{cdt}, {c_double(scale)}, {c_double(max_norm)}, {c_double(norm.item())}, {arr(after)}}},")
    return rows


def schedule_rows():
    """lr of each scheduler at steps 0..NSCHED-1, stepping the scheduler itself (its recursive
    form), from test/optim/test_lrscheduler.py's setups: StepLR(step_size=3, gamma=0.1),
    CosineAnnealingLR(T_max=10, eta_min=0.01) run past T_max, LinearLR(start_factor=1/3,
    end_factor=1, total_iters=4)."""
    n = 25
    out = {}
    for name, make in (
        ("step", lambda o: torch.optim.lr_scheduler.StepLR(o, step_size=3, gamma=0.1)),
        ("cosine", lambda o: torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=10, eta_min=0.01)),
        ("linear", lambda o: torch.optim.lr_scheduler.LinearLR(o, start_factor=1 / 3, end_factor=1.0, total_iters=4)),
    ):
        opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.05)
        sched = make(opt)
        lrs = []
        for _ in range(n):
            lrs.append(opt.param_groups[0]["lr"])
            opt.step()
            sched.step()
        out[name] = lrs
    return n, out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    lines = [
        "/* optim_expected.h — generated by tests/train/gen_optim.py from PyTorch "
        f"{torch.__version__}; do not edit. */",
        "#ifndef OPTIM_EXPECTED_H",
        "#define OPTIM_EXPECTED_H",
        "",
        f"enum {{ OPTIM_NSTEPS = {NSTEPS}, OPTIM_NVALS = {NVALS}, OPTIM_SKIP_STEP = {SKIP_STEP} }};",
        "/* parameter shapes: [3, 4], [5], [] (flattened one after another) */",
        f"static const double optim_init[OPTIM_NVALS] = {arr(INIT)};",
        "static const double optim_grads[OPTIM_NSTEPS][OPTIM_NVALS] = {",
        ",\n".join("  " + arr(g) for g in GRADS),
        "};",
        "",
        "/* torch.optim's defaults of each kind, in st_optim_kind order. */",
        "static const struct { st_optim_opts opts; } optim_defaults_want[] = {",
        *defaults_rows(),
        "};",
        "",
        "typedef struct {",
        "  const char *name, *source;",
        "  st_dtype dtype;",
        "  st_optim_opts opts;",
        "  double want[OPTIM_NSTEPS][OPTIM_NVALS]; /* parameters after each step */",
        "} optim_case;",
        "static const optim_case optim_cases[] = {",
        *optimizer_cases(),
        "};",
        "",
        "typedef struct {",
        "  st_dtype dtype;",
        "  double grad_scale, max_norm, norm;",
        "  double grads_after[OPTIM_NVALS];",
        "} clip_case;",
        "/* gradients: optim_grads[0] * grad_scale */",
        "static const clip_case clip_cases[] = {",
        *clip_cases(),
        "};",
        "",
    ]
    n, lrs = schedule_rows()
    lines.append(f"enum {{ SCHED_N = {n} }};")
    lines.append("/* base lr 0.05 */")
    for name, vals in lrs.items():
        lines.append(f"static const double sched_{name}[SCHED_N] = {arr(vals)};")
    lines += ["", "#endif", ""]
    with open(os.path.join(here, "optim_expected.h"), "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
