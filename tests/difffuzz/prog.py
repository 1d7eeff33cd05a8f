"""prog.py - the differential fuzzer's program language (see prog.h) run with torch and
torch.func, a generator of random programs, and safetensors files read and written with struct
and json.

The C side (prog.c) and this file implement the same language; a program's meaning is the torch
code below, and strata must agree with it.
"""
import copy
import json
import math
import random
import struct

import torch
import torch.nn.functional as F
from torch import func as tf

torch.set_default_dtype(torch.float64)

# ------------------------------------------------------------------------------------ op table
# Signatures as in prog.c: r register, o register or none, i int, d double, L int list,
# R the remaining registers. Names ending in '_' write their first register.
UNARY = ["neg", "abs", "sign", "exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "square",
         "reciprocal", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "gelu", "silu",
         "softplus", "erf", "floor", "ceil", "round", "clone", "contiguous", "detach",
         "squeeze_all", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh",
         "log2", "log10", "exp2", "logsigmoid"]
BINARY = ["add", "sub", "mul", "div", "pow", "maximum", "minimum", "atan2", "matmul", "mm",
          "bmm", "dot", "outer", "fmod", "remainder"]
# Linear algebra (torch.linalg): of one matrix, of two; gram x x^T + m I makes a symmetric
# positive-definite matrix of any [..., m, n] one (for cholesky and eigvalsh).
LINALG1 = ["trace", "gram", "inv", "det", "logabsdet", "cholesky", "eigvalsh", "svdvals"]
LINALG2 = ["solve", "lstsq"]
LOSSES = ["l1_loss", "smooth_l1_loss", "huber_loss", "bce_logits"]
REDUCE = ["sum", "mean", "prod", "amax", "amin", "logsumexp", "norm"]
SIG = {n: "r" for n in UNARY}
SIG.update({n: "rr" for n in BINARY})
SIG.update({n: "rLi" for n in REDUCE})
SIG.update({n: "r" for n in LINALG1})
SIG.update({n: "rr" for n in LINALG2})
SIG.update({n: "rri" for n in LOSSES})
SIG.update({
    "clamp": "rdd", "add_scalar": "rd", "mul_scalar": "rd", "pow_scalar": "rd", "where": "rrr",
    "var": "rLdi", "std": "rLdi", "linear": "rro", "softmax": "ri", "log_softmax": "ri",
    "reshape": "rL", "expand": "rL", "permute": "rL", "flip": "rL", "repeat": "rL",
    "flatten": "rii", "transpose": "rii", "squeeze": "ri", "unsqueeze": "ri", "tril": "ri",
    "triu": "ri", "slice": "riiii", "select": "rii", "diagonal": "riii", "pad": "rLd",
    "index_select": "riL", "split": "riii", "chunk": "riii", "cat": "iR", "stack": "iR",
    "layer_norm": "riood", "mse_loss": "rri", "add_": "rr", "sub_": "rr", "mul_": "rr",
    "div_": "rr", "copy_": "rr", "add_scalar_": "rd", "mul_scalar_": "rd", "fill_": "rd",
    "clamp_": "rdd", "zero_": "r", "nograd": "", "grad": "", "gather": "riLL",
    "scatter_add": "riLLr", "cross_entropy": "rLLi", "nll_loss": "rLLi", "embedding": "rLL",
    "conv2d": "rroLLLi", "max_pool2d": "rLLL", "avg_pool2d": "rLLL", "argmax": "rii",
    "argmin": "rii", "eq": "rr", "ne": "rr", "lt": "rr", "le": "rr", "gt": "rr", "ge": "rr",
    "logical_and": "rr", "logical_or": "rr", "logical_not": "r", "where_bool": "rrr",
    "leaky_relu": "rd", "elu": "rd", "hardtanh": "rdd", "masked_fill": "rrd", "cumsum": "ri",
    "cumprod": "ri", "sort": "rii", "topk": "riii", "cross": "rri", "group_norm": "ri",
    "batch_norm_train": "r", "qr": "ri", "solve_triangular": "rriii"})
VIEWS = {"reshape", "expand", "permute", "flatten", "transpose", "squeeze", "squeeze_all",
         "unsqueeze", "slice", "select", "diagonal", "split", "chunk", "detach", "contiguous"}


# Variants of torch's semantics that known.py uses to confirm a classification: layer_norm
# computed from its definition (mean and biased variance over the normalized dims); an in-place
# op whose other operand may share memory with its target reading a copy of it; and an op that
# returns its input itself (torch.flatten of a no-op range, contiguous of a contiguous tensor)
# returning a new tensor instead, without history under no-grad, as strata's contract says; and
# vmap layers run as a loop over the lanes (select, run, stack), what vmap promises to equal; and
# the non-differentiable ops (sign, floor, ceil, round) giving results without any derivative
# (detached) rather than a zero one, as strata's do; and jacobians taken one output and one basis
# vector at a time (vjp / jvp calls, no vmap), what jacrev / jacfwd / hessian promise to equal;
# and clamp passing its gradient except where x lies strictly outside [min, max] (strata's rule:
# also at the bounds and at NaN, where torch 2.15 passes none); and in-place ops on a register no
# other register shares memory with written out of place (the same values; nothing saved can be
# overwritten).


def _out_of_place(op, t, a):
    """The value an in-place op leaves in its target t, computed without writing t."""
    if op in ("add_", "sub_", "mul_", "div_"):
        return getattr(torch, op[:-1])(t, a[1]).to(t.dtype)
    if op == "copy_":
        return torch.broadcast_to(a[1], t.shape).to(t.dtype).clone()
    if op == "add_scalar_":
        return t + a[1]
    if op == "mul_scalar_":
        return t * a[1]
    if op == "fill_":
        return torch.full_like(t, a[1])
    if op == "clamp_":
        return _clamp(t, a[1], a[2])
    return torch.zeros_like(t)  # zero_


def _bounds(lo, hi):
    """st_clamp's infinite bound is a missing one (strata.h): torch's None, not compared."""
    return (None if lo == -math.inf else lo), (None if hi == math.inf else hi)


def _clamp(x, lo, hi):
    lo, hi = _bounds(lo, hi)
    if lo is None and hi is None:
        return x * 1.0  # no bound: the identity (torch.clamp wants one)
    return torch.clamp(x, lo, hi)


def _basis(t, i):
    e = torch.zeros(t.numel(), dtype=t.dtype)
    e[i] = 1
    return e.reshape(t.shape)


def _jac_loop(kind, f, a):
    """jacrev / jacfwd of f w.r.t. input a, one output and one basis vector at a time."""
    def h(*xs):
        k = a % len(xs)
        outs = f(*xs)
        res = []
        for j, o in enumerate(outs):
            def fj(xa, j=j):
                return f(*xs[:k], xa, *xs[k + 1:])[j]
            x = xs[k]
            if kind == "jacrev":
                _, pb = tf.vjp(fj, x)
                cols = [pb(_basis(o, i))[0] for i in range(o.numel())]
                J = torch.stack(cols).reshape(tuple(o.shape) + tuple(x.shape)) if cols else \
                    torch.zeros(tuple(o.shape) + tuple(x.shape))
            else:
                cols = [tf.jvp(fj, (x,), (_basis(x, i),))[1] for i in range(x.numel())]
                J = torch.stack(cols, -1).reshape(tuple(o.shape) + tuple(x.shape)) if cols else \
                    torch.zeros(tuple(o.shape) + tuple(x.shape))
            res.append(J)
        return tuple(res)
    return h
VARIANT = {"layer_norm_decomposed": False, "norm_decomposed": False, "huber_decomposed": False,
           "lstsq_solve_rule": False, "cross_decomposed": False, "alias_copy": False,
           "vmap_loop": False, "jac_loop": False,
           "functional_inplace": False, "argnums_normalized": False,
           "drop_nograd_inplace": False, "steps_rounded": False, "atan2_rounded": False,
           "atan2_unsigned": False, "contiguous_copy": False}
# Set by body_fn when a value the body computes (seen through the transforms' wrappers) holds
# NaN or an infinity: known.py tells NaN-propagation differences by it.
NONFINITE = {"seen": False}


def _base_value(t):
    from torch._C import _functorch as ft
    while ft.is_functorch_wrapped_tensor(t):
        t = ft.get_unwrapped(t)
    return t


def note_nonfinite(t):
    try:
        v = _base_value(t)
        if v.is_floating_point() and not bool(torch.isfinite(v).all()):
            NONFINITE["seen"] = True
    except Exception:
        pass


def alias_roots(nin, instrs):
    """For each register, the register whose memory it may share (views, detach, contiguous and
    reshape share their input's; everything else is fresh)."""
    root = list(range(nin))
    for op, dst, args in instrs:
        if dst is None:
            continue
        shares = op in VIEWS or op in ("reshape", "flatten")
        root.append(root[args[0]] if shares else dst)
    return root


def _layer_norm(x, n, w, b, eps):
    if not 0 <= n <= x.dim():
        raise ValueError("bad nnorm")
    if not VARIANT["layer_norm_decomposed"]:
        return F.layer_norm(x, x.shape[x.dim() - n:], w, b, eps)
    dims = tuple(range(x.dim() - n, x.dim()))
    m = x.mean(dims, keepdim=True)
    v = ((x - m) ** 2).mean(dims, keepdim=True)
    y = (x - m) / torch.sqrt(v + eps)
    if w is not None:
        y = y * w
    if b is not None:
        y = y + b
    return y


def writes_register(op):
    return not op.endswith("_") and op not in ("nograd", "grad")


def _unary(name, x):
    if name == "contiguous" and VARIANT["contiguous_copy"]:
        return x.clone()
    if name in ("clone", "contiguous", "detach"):
        return getattr(x, name)()
    if name == "squeeze_all":
        return torch.squeeze(x)
    if name in ("gelu", "silu", "softplus", "relu", "logsigmoid"):
        return getattr(F, name)(x)
    return getattr(torch, name)(x)


def _dims(x, dims):
    return tuple(dims) if dims else tuple(range(x.dim()))


def _reduce(name, x, dims, keep, corr=None):
    full = not dims
    if name == "prod":  # torch.prod takes one dim: reduce the dims one after the other
        if full and not keep:
            return torch.prod(x)
        nd = max(x.dim(), 1)
        ds = sorted({d % nd for d in _dims(x, dims)}, reverse=True) if x.dim() else [0]
        if x.dim() == 0:
            for d in dims:
                if d not in (0, -1):
                    raise IndexError("prod: dim out of range")
            return torch.prod(x, 0, keepdim=keep)  # its node saves x, as strata's
        for d in ds:
            x = torch.prod(x, d, keepdim=keep)
        return x
    if name in ("var", "std"):
        fn = torch.var if name == "var" else torch.std
        return fn(x, dim=None if full else tuple(dims), correction=corr, keepdim=keep)
    if name == "norm":
        return torch.linalg.vector_norm(x, 2, dim=None if full else tuple(dims), keepdim=keep)
    if name == "logsumexp":
        return torch.logsumexp(x, _dims(x, dims), keepdim=keep)
    if name in ("amax", "amin"):
        return getattr(torch, name)(x, _dims(x, dims), keepdim=keep)
    fn = getattr(torch, name)
    if full and not keep:
        return fn(x)
    return fn(x, _dims(x, dims), keepdim=keep)


def _slice(x, dim, start, end, step):
    nd = x.dim()
    if not -nd <= dim < nd:
        raise IndexError("slice: dim out of range")
    d = dim % nd
    return x[(slice(None),) * d + (slice(start, end, step),)]


def _index(shape, values):
    return torch.tensor(values, dtype=torch.int64).reshape(shape)


def _pair(v):
    return tuple(v) if v else None


REDUCTIONS = ["mean", "sum", "none"]


def run_instr(op, args, regs, aliased=False):
    """One instruction on the registers (a list, modified for in-place ops): the new tensor or
    None. aliased: an in-place op's other operand may share memory with its target."""
    sig = SIG[op]
    a = []
    k = 0
    for s in sig:
        if s == "R":
            a.append([regs[r] for r in args[k]])
        elif s in "ro":
            a.append(None if args[k] is None else regs[args[k]])
        else:
            a.append(args[k])
        k += 1
    if op in UNARY:
        return _unary(op, a[0])
    if op in BINARY:
        if op in ("add", "sub", "mul", "div", "pow", "maximum", "minimum", "atan2"):
            return getattr(torch, op)(a[0], a[1])
        return getattr(torch, op)(a[0], a[1])
    if op in REDUCE:
        return _reduce(op, a[0], a[1], bool(a[2]))
    if op in ("var", "std"):
        return _reduce(op, a[0], a[1], bool(a[3]), a[2])
    if op == "clamp":
        return _clamp(a[0], a[1], a[2])
    if op == "add_scalar":
        return a[0] + a[1]
    if op == "mul_scalar":
        return a[0] * a[1]
    if op == "pow_scalar":
        return torch.pow(a[0], a[1])
    if op == "where":
        return torch.where(a[0] > 0, a[1], a[2])
    if op == "linear":
        return F.linear(a[0], a[1], a[2])
    if op in ("softmax", "log_softmax"):
        return getattr(torch, op)(a[0], a[1])
    if op == "reshape":
        return torch.reshape(a[0], a[1])
    if op == "expand":
        return a[0].expand(a[1])
    if op == "permute":
        return a[0].permute(a[1])
    if op == "flip":
        return torch.flip(a[0], a[1])
    if op == "repeat":
        return a[0].repeat(a[1])
    if op == "flatten":
        return torch.flatten(a[0], a[1], a[2])
    if op == "transpose":
        return torch.transpose(a[0], a[1], a[2])
    if op in ("squeeze", "unsqueeze", "tril", "triu"):
        return getattr(torch, op)(a[0], a[1])
    if op == "slice":
        return _slice(*a)
    if op == "select":
        return torch.select(a[0], a[1], a[2])
    if op == "diagonal":
        return torch.diagonal(a[0], a[1], a[2], a[3])
    if op == "pad":
        return F.pad(a[0], a[1], value=a[2])
    if op == "index_select":
        return torch.index_select(a[0], a[1], torch.tensor(a[2], dtype=torch.int64))
    if op in ("split", "chunk"):
        pieces = getattr(torch, op)(a[0], a[1], a[2])
        if not 0 <= a[3] < len(pieces):
            raise IndexError("piece index out of range")
        return pieces[a[3]]
    if op in ("cat", "stack"):
        return getattr(torch, op)(a[1], a[0])
    if op == "layer_norm":
        return _layer_norm(*a)
    if op == "mse_loss":
        return F.mse_loss(a[0], a[1], reduction=["mean", "sum", "none"][a[2]])
    if op == "gather":
        return torch.gather(a[0], a[1], _index(a[2], a[3]))
    if op == "scatter_add":
        return torch.scatter_add(a[0], a[1], _index(a[2], a[3]), a[4])
    if op in ("cross_entropy", "nll_loss"):
        fn = F.cross_entropy if op == "cross_entropy" else F.nll_loss
        return fn(a[0], _index(a[1], a[2]), reduction=REDUCTIONS[a[3]])
    if op == "embedding":
        return F.embedding(_index(a[1], a[2]), a[0])
    if op == "conv2d":
        return F.conv2d(a[0], a[1], a[2], _pair(a[3]) or 1, _pair(a[4]) or 0, _pair(a[5]) or 1,
                        a[6])
    if op in ("max_pool2d", "avg_pool2d"):
        fn = F.max_pool2d if op == "max_pool2d" else F.avg_pool2d
        return fn(a[0], _pair(a[1]), _pair(a[2]), _pair(a[3]) or 0)
    if op in ("argmax", "argmin"):
        return getattr(torch, op)(a[0], a[1], keepdim=bool(a[2]))
    if op in ("eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or"):
        return getattr(torch, op)(a[0], a[1])
    if op == "logical_not":
        return torch.logical_not(a[0])
    if op == "where_bool":
        return torch.where(a[0], a[1], a[2])
    if op == "leaky_relu":
        return F.leaky_relu(a[0], a[1])
    if op == "elu":
        return F.elu(a[0], a[1])
    if op == "hardtanh":
        return F.hardtanh(a[0], a[1], a[2])
    if op == "masked_fill":
        return a[0].masked_fill(a[1] > 0, a[2])
    if op in ("cumsum", "cumprod"):
        return getattr(torch, op)(a[0], a[1])
    if op == "sort":
        return torch.sort(a[0], dim=a[1], descending=bool(a[2]), stable=True).values
    if op == "topk":
        return torch.topk(a[0], a[1], dim=a[2], largest=bool(a[3])).values
    if op == "cross":
        if VARIANT["cross_decomposed"]:  # products rounded one by one, as strata's (no FMA)
            x, y, d = a[0], a[1], a[2]
            c = [x.select(d, k) for k in range(3)]
            e = [y.select(d, k) for k in range(3)]
            return torch.stack([c[1] * e[2] - c[2] * e[1], c[2] * e[0] - c[0] * e[2],
                                c[0] * e[1] - c[1] * e[0]], d)
        return torch.linalg.cross(a[0], a[1], dim=a[2])
    if op == "huber_loss" and VARIANT["huber_decomposed"]:
        d = a[0] - a[1]
        e = torch.where(d.abs() < 1.0, 0.5 * d * d, d.abs() - 0.5)
        return {0: e.mean(), 1: e.sum(), 2: e}[a[2]]
    if op in LOSSES:
        red = REDUCTIONS[a[2]]
        if op == "bce_logits":
            return F.binary_cross_entropy_with_logits(a[0], a[1], reduction=red)
        return getattr(F, op)(a[0], a[1], reduction=red)
    if op == "group_norm":
        if VARIANT["norm_decomposed"]:
            x = a[0]
            g = x.reshape(x.shape[0], a[1], -1)
            m = g.mean(-1, keepdim=True)
            v = ((g - m) ** 2).mean(-1, keepdim=True)
            return ((g - m) / torch.sqrt(v + 1e-5)).reshape(x.shape)
        return F.group_norm(a[0], a[1], eps=1e-5)
    if op == "batch_norm_train":
        if VARIANT["norm_decomposed"]:
            x = a[0]
            dims = (0,) + tuple(range(2, x.dim()))
            m = x.mean(dims, keepdim=True)
            v = ((x - m) ** 2).mean(dims, keepdim=True)
            return (x - m) / torch.sqrt(v + 1e-5)
        return F.batch_norm(a[0], None, None, training=True, momentum=0.1, eps=1e-5)
    if op == "trace":
        return torch.trace(a[0])
    if op == "gram":
        m = a[0].shape[-2]
        return a[0] @ a[0].mT + m * torch.eye(m)
    if op == "lstsq" and VARIANT["lstsq_solve_rule"] and a[1].dim() == a[0].dim() - 1 \
            and tuple(a[1].shape) != tuple(a[0].shape[:-1]):
        # B as the matrix solve's rule makes it, its batch broadcast with A's
        b = a[1].expand(tuple(a[0].shape[:-2]) + tuple(a[1].shape))
        return torch.linalg.lstsq(a[0], b).solution
    if op in ("inv", "det", "cholesky", "eigvalsh", "svdvals", "solve", "lstsq"):
        fn = getattr(torch.linalg, op)
        return fn(*a) if op != "lstsq" else fn(*a).solution
    if op == "logabsdet":
        return torch.linalg.slogdet(a[0]).logabsdet
    if op == "qr":
        return torch.linalg.qr(a[0])[a[1]]
    if op == "solve_triangular":
        return torch.linalg.solve_triangular(a[0], a[1], upper=bool(a[2]), left=bool(a[3]),
                                             unitriangular=bool(a[4]))
    if op in ("add_", "sub_", "mul_", "div_", "copy_"):
        other = a[1].clone() if VARIANT["alias_copy"] and aliased else a[1]
        getattr(a[0], op)(other)
    elif op in ("add_scalar_", "mul_scalar_"):
        getattr(a[0], op.replace("_scalar", ""))(a[1])
    elif op == "fill_":
        a[0].fill_(a[1])
    elif op == "clamp_":
        lo, hi = _bounds(a[1], a[2])
        if lo is None and hi is None:
            a[0].mul_(1.0)
        else:
            a[0].clamp_(lo, hi)
    elif op == "zero_":
        a[0].zero_()
    elif op == "nograd":
        torch._C._set_grad_enabled(False)
    elif op == "grad":
        torch._C._set_grad_enabled(True)
    else:
        raise ValueError("unknown op " + op)
    return None


# ------------------------------------------------------------------------------ program text
class Layer:
    def __init__(self, kind, **kw):
        self.kind = kind
        self.argnums = kw.get("argnums", (0,))
        self.sum = kw.get("sum", True)
        self.in_dims = kw.get("in_dims", ())
        self.out_dims = kw.get("out_dims", ())
        self.chunk = kw.get("chunk", 0)

    def text(self):
        csv = lambda v: ",".join("-" if d is None else str(d) for d in v)
        if self.kind in ("grad", "gradv"):
            return f"tf {self.kind} {csv(self.argnums)} {'sum' if self.sum else 'nosum'}"
        if self.kind in ("vjp", "jvp"):
            return f"tf {self.kind}"
        if self.kind == "vmap":
            return f"tf vmap {csv(self.in_dims)} {csv(self.out_dims)} {self.chunk}"
        if self.kind == "hessian":
            return f"tf hessian {self.argnums[0]}"
        return f"tf {self.kind} {self.argnums[0]} {self.chunk}"


def fmt_arg(s, v):
    if s in "ro":
        return "none" if v is None else f"v{v}"
    if s == "L":
        return "[" + ",".join(str(x) for x in v) + "]"
    if s == "R":
        return " ".join(f"v{r}" for r in v)
    if s == "d":
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(float(v))
    return str(v)


class Prog:
    def __init__(self, name, shapes, layers, instrs, outs):
        self.name = name
        self.shapes = [tuple(s) for s in shapes]  # the outermost inputs
        self.layers = layers  # outermost first
        self.instrs = instrs  # (op, dst or None, args)
        self.outs = outs

    def text(self):
        lines = [f"prog {self.name}"]
        lines += ["in " + (",".join(map(str, s)) if s else "-") for s in self.shapes]
        lines += [L.text() for L in self.layers]
        for op, dst, args in self.instrs:
            body = " ".join([op] + [fmt_arg(s, v) for s, v in zip(SIG[op], args)])
            lines.append(f"v{dst} = {body}" if dst is not None else body)
        lines.append("out " + " ".join(f"v{r}" for r in self.outs))
        lines.append("end")
        return "\n".join(lines) + "\n"


def _csv(s, dash=False):
    if s == "-" and not dash:
        return ()
    return tuple(None if (dash and t == "-") else int(t) for t in s.split(","))


def parse(text):
    """Every program in text, in order."""
    progs, cur = [], None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].split()
        if not line:
            continue
        if line[0] == "prog":
            cur = dict(name=line[1], shapes=[], layers=[], instrs=[], outs=[], nregs=0)
        elif line[0] == "end":
            progs.append(Prog(cur["name"], cur["shapes"], cur["layers"], cur["instrs"], cur["outs"]))
            cur = None
        elif line[0] == "in":
            cur["shapes"].append(_csv(line[1]))
            cur["nregs"] += 1
        elif line[0] == "tf":
            k = line[1]
            if k in ("grad", "gradv"):
                cur["layers"].append(Layer(k, argnums=_csv(line[2]), sum=line[3] == "sum"))
            elif k in ("vjp", "jvp"):
                cur["layers"].append(Layer(k))
            elif k == "vmap":
                cur["layers"].append(Layer(k, in_dims=_csv(line[2], True),
                                           out_dims=_csv(line[3], True), chunk=int(line[4])))
            else:
                chunk = int(line[3]) if len(line) > 3 else 0
                cur["layers"].append(Layer(k, argnums=(int(line[2]),), chunk=chunk))
        elif line[0] == "out":
            cur["outs"] = [int(t[1:]) for t in line[1:]]
        else:
            dst = None
            if len(line) > 2 and line[1] == "=":
                dst = int(line[0][1:])
                line = line[2:]
            op, toks, args = line[0], line[1:], []
            k = 0
            for s in SIG[op]:
                if s == "R":
                    args.append([int(t[1:]) for t in toks[k:]])
                    break
                t = toks[k]
                k += 1
                if s in "ro":
                    args.append(None if t == "none" else int(t[1:]))
                elif s == "i":
                    args.append(int(t))
                elif s == "d":
                    args.append(float(t))
                else:
                    args.append([int(x) for x in t[1:-1].split(",")] if t != "[]" else [])
            cur["instrs"].append((op, dst, args))
    return progs


# ------------------------------------------------------------------------ running with torch
def direction(shape, salt):
    n = math.prod(shape)
    v = [((7 * i + 3 * salt) % 11 - 5) / 4.0 for i in range(n)]
    return torch.tensor(v, dtype=torch.float64).reshape(shape)


def body_fn(prog):
    root = alias_roots(len(prog.shapes), prog.instrs)

    def f(*xs):
        regs = list(xs)
        mode = torch.is_grad_enabled()
        try:
            for op, dst, args in prog.instrs:
                aliased = SIG[op] == "rr" and op.endswith("_") and root[args[0]] == root[args[1]]
                if VARIANT["drop_nograd_inplace"] and op.endswith("_") \
                        and not torch.is_grad_enabled():
                    continue  # a write no grad level records: derivatives without its values
                # written out of place when no view of the target exists yet (views taken
                # later see the new value either way)
                if VARIANT["functional_inplace"] and op.endswith("_") \
                        and root[args[0]] == args[0] \
                        and all(root[r] != args[0] or r == args[0] for r in range(len(regs))):
                    a = [regs[v] if s_ in "ro" and v is not None else v
                         for s_, v in zip(SIG[op], args)]
                    regs[args[0]] = _out_of_place(op, regs[args[0]], a)
                    continue
                if VARIANT["steps_rounded"] and op in ("floor", "ceil", "round", "sign"):
                    # the step taken of its argument rounded to 1e-12: a value within rounding
                    # of a jump lands on the side exact arithmetic gives (the derivative is 0
                    # either way)
                    x = regs[args[0]]
                    regs.append(getattr(torch, op)(torch.round(x * 1e12) / 1e12))
                    continue
                if VARIANT["atan2_unsigned"] and op == "atan2":
                    # the arguments' zeros made +0 (x + 0 turns -0 into +0): where the two
                    # libraries give a zero opposite signs, atan2 tells them apart
                    regs.append(torch.atan2(regs[args[0]] + 0.0, regs[args[1]] + 0.0))
                    continue
                if VARIANT["atan2_rounded"] and op == "atan2":
                    # the arguments rounded to 1e-12 (their derivatives kept): a value within
                    # rounding of 0 is the signed 0 exact arithmetic gives, where atan2 jumps
                    def r(x):
                        q = torch.round(x * 1e12) / 1e12  # keeps the sign of a zero
                        return torch.where(q == 0, q + 0 * x, x + (q - x).detach())
                    regs.append(torch.atan2(r(regs[args[0]]), r(regs[args[1]])))
                    continue
                y = run_instr(op, args, regs, aliased)
                if y is not None:
                    note_nonfinite(y)
                elif args:
                    note_nonfinite(regs[args[0]])
                if dst is not None:
                    regs.append(y)
        finally:
            torch._C._set_grad_enabled(mode)
        return tuple(regs[r] for r in prog.outs)
    return f


def apply_layer(L, f):
    if L.kind in ("grad", "gradv"):
        def g(*xs):
            outs = f(*xs)
            first = outs[0].sum() if L.sum else outs[0]
            return first, tuple(outs[1:])
        make = tf.grad if L.kind == "grad" else tf.grad_and_value
        gf = make(g, argnums=tuple(L.argnums), has_aux=True)

        def h(*xs):
            if L.kind == "grad":
                grads, aux = gf(*xs)
                return tuple(grads) + tuple(aux)
            grads, (value, aux) = gf(*xs)
            return tuple(grads) + (value,) + tuple(aux)
        return h
    if L.kind == "vjp":
        def h(*xs):
            outs, pb = tf.vjp(f, *xs)
            cts = tuple(direction(o.shape, 1 + j) for j, o in enumerate(outs))
            return tuple(outs) + tuple(pb(cts))
        return h
    if L.kind == "jvp":
        def h(*xs):
            tans = tuple(direction(x.shape, 11 + i) for i, x in enumerate(xs))
            outs, touts = tf.jvp(f, xs, tans)
            return tuple(outs) + tuple(touts)
        return h
    if L.kind == "vmap" and VARIANT["vmap_loop"]:
        def loop(*xs):
            sizes = {x.shape[d] for x, d in zip(xs, L.in_dims) if d is not None}
            lanes = [f(*[x if d is None else x.select(d, b) for x, d in zip(xs, L.in_dims)])
                     for b in range(sizes.pop())]
            return tuple(lanes[0][j] if od is None else torch.stack([ln[j] for ln in lanes], od)
                         for j, od in enumerate(L.out_dims))
        return loop
    if L.kind == "vmap":
        return tf.vmap(f, in_dims=tuple(L.in_dims), out_dims=tuple(L.out_dims),
                       chunk_size=L.chunk or None)
    if L.kind in ("jacrev", "jacfwd", "hessian") and VARIANT["jac_loop"]:
        a = L.argnums[0]
        if L.kind == "hessian":
            return _jac_loop("jacfwd", _jac_loop("jacrev", f, a), a)
        return _jac_loop(L.kind, f, a)
    if L.kind in ("hessian", "jacfwd") and VARIANT["argnums_normalized"] and L.argnums[0] < 0:
        def h(*xs):  # torch 2.15's jacfwd differentiates nothing for a negative argnum
            M = copy.copy(L)
            M.argnums = (L.argnums[0] % len(xs),)
            return apply_layer(M, f)(*xs)
        return h
    if L.kind == "hessian":
        return tf.hessian(f, argnums=L.argnums[0])
    if L.kind == "jacfwd":  # torch's jacfwd has no chunk_size; strata's chunks change nothing
        return tf.jacfwd(f, argnums=L.argnums[0])
    return tf.jacrev(f, argnums=L.argnums[0], chunk_size=L.chunk or None)


def stack_fn(prog, layers=None):
    f = body_fn(prog)
    for L in reversed(prog.layers if layers is None else layers):
        f = apply_layer(L, f)
    return f


def run(prog, inputs):
    """The program's outputs (a tuple of tensors); raises what torch raises."""
    mode = torch.is_grad_enabled()
    try:
        outs = stack_fn(prog)(*[x.clone() for x in inputs])
    finally:
        torch._C._set_grad_enabled(mode)
    return tuple(o.detach() for o in outs)


# ------------------------------------------------------------------------------ safetensors
_DT = {"F64": (torch.float64, 8), "F32": (torch.float32, 4), "I64": (torch.int64, 8),
       "BOOL": (torch.bool, 1)}


def save_safetensors(path, tensors):
    header, blobs, off = {}, [], 0
    for name, t in tensors.items():
        t = t.detach().contiguous()
        dt = {torch.float64: "F64", torch.float32: "F32", torch.int64: "I64",
              torch.bool: "BOOL"}[t.dtype]
        raw = t.numpy().tobytes() if t.numel() else b""
        header[name] = {"dtype": dt, "shape": list(t.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as fh:
        fh.write(struct.pack("<Q", len(h)) + h + b"".join(blobs))


def load_safetensors(path):
    import numpy as np
    raw = open(path, "rb").read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + n])
    out = {}
    npdt = {"F64": np.float64, "F32": np.float32, "I64": np.int64, "BOOL": np.bool_}
    for name, e in header.items():
        if name == "__metadata__":
            continue
        a, b = e["data_offsets"]
        arr = np.frombuffer(raw[8 + n + a:8 + n + b], dtype=npdt[e["dtype"]]).reshape(e["shape"])
        out[name] = torch.from_numpy(arr.copy())
    return out
