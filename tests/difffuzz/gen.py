"""gen.py - random programs for the differential fuzzer: a seed gives a program (prog.py's
language) and its inputs.

A program has 1-3 f64 inputs of small shapes and 3-12 ops. Each op is drawn, given the shapes the
registers have, from those strata and torch both have, and kept only when torch runs it plainly
(the program so far replayed on fresh inputs) and its values stay finite and moderate; a few
programs keep an op torch refuses, so that error behaviour is compared too. In-place ops write
clones, fresh results or views of them. Then 0-3 transform layers are chosen from the inside out,
each probed with torch so that its arguments (argnums, in_dims, out_dims) fit the function it
wraps; a few are deliberately invalid.
"""
import math
import random

import torch

import prog as P

OPS_UNARY = [o for o in P.UNARY if o not in ("clone", "contiguous", "detach", "squeeze_all")]
SAFE_UNARY = ["neg", "abs", "exp", "sin", "cos", "tanh", "sigmoid", "relu", "gelu", "silu",
              "softplus", "erf", "square", "expm1", "atan", "asinh", "logsigmoid", "exp2"]
SCALARS = [-2.0, -1.5, -1.0, -0.5, 0.5, 1.0, 1.5, 2.0, 3.0, 0.25]
POWS = [2.0, 3.0, 0.5, -1.0, 1.5, 0.0, 1.0, -0.5]

WEIGHTS = {
    "unary": 20, "binary": 18, "scalar": 6, "clamp": 3, "where": 3, "reduce": 10, "varstd": 3,
    "matmul": 6, "linear": 2, "softmax": 4, "view": 22, "catstack": 3, "misc_shape": 6,
    "layer_norm": 1, "mse": 1, "inplace": 12, "clone": 4, "detach": 2, "nograd": 3,
    "index": 4, "loss": 2, "compare": 2, "activation": 3, "scan": 4, "cross": 1, "loss2": 2,
    "norms": 2, "linalg": 8,
}


def pick_weighted(R, table):
    keys = list(table)
    return R.choices(keys, weights=[table[k] for k in keys])[0]


def replay(instrs, inputs):
    regs = [x.clone() for x in inputs]
    mode = torch.is_grad_enabled()
    try:
        for op, dst, args in instrs:
            y = P.run_instr(op, args, regs)
            if dst is not None:
                regs.append(y)
    finally:
        torch._C._set_grad_enabled(mode)
    return regs


def tame(regs):
    for r in regs:
        if not r.is_floating_point():
            continue
        if r.numel() and (not torch.isfinite(r).all() or r.abs().max() > 1e5):
            return False
    return True


def owned_flags(nin, instrs):
    """Which registers an in-place op may write: clones and fresh results, and views of them."""
    owned = [False] * nin
    for op, dst, args in instrs:
        if dst is None:
            continue
        if op in P.VIEWS:
            owned.append(owned[args[0]] if op != "detach" else owned[args[0]])
        else:
            owned.append(True)
    return owned


def recent(R, n):
    """A register index, favouring the latest ones."""
    k = 0
    while k < n - 1 and R.random() < 0.45:
        k += 1
    return n - 1 - k


def broadcastable(a, b):
    try:
        torch.broadcast_shapes(a, b)
        return True
    except RuntimeError:
        return False


def rand_dims(R, nd, allow_empty=True):
    if nd == 0:
        return [] if R.random() < 0.8 else [R.choice([0, -1])]
    if allow_empty and R.random() < 0.2:
        return []
    k = R.randint(1, nd)
    dims = R.sample(range(nd), k)
    return [d - nd if R.random() < 0.3 else d for d in dims]


def rand_dim(R, nd, extra=0):
    n = max(nd + extra, 1)
    d = R.randrange(n)
    return d - n if R.random() < 0.3 else d


def factor_shape(R, numel):
    if numel == 0:
        return [0]
    fs = []
    n = numel
    for p in (2, 3, 5, 7):
        while n % p == 0:
            fs.append(p)
            n //= p
    if n > 1:
        fs.append(n)
    R.shuffle(fs)
    k = R.randint(1, 3)
    out = [1] * k
    for f in fs:
        out[R.randrange(k)] *= f
    if R.random() < 0.3:
        out.insert(R.randrange(len(out) + 1), 1)
    if R.random() < 0.3:
        out[R.randrange(len(out))] = -1
    return out


def well_posed(op, x):
    """Whether x is far from where op's derivatives jump or blow up: full rank and well
    conditioned (a rank deficiency the program builds in, e.g. repeated columns, is in every
    input); distinct singular values (svdvals) and eigenvalues (eigvalsh)."""
    try:
        s = torch.linalg.svdvals(x)
        if s.numel() == 0:
            return True
        if not bool((s.amin(-1) > 1e-3 * s.amax(-1)).all()):
            return False
        if op in ("svdvals", "eigvalsh"):
            v = torch.linalg.eigvalsh(x) if op == "eigvalsh" else s
            gaps = (v[..., 1:] - v[..., :-1]).abs()
            return gaps.numel() == 0 or bool((gaps > 1e-3 * (1 + v.abs().amax(-1, keepdim=True))).all())
        return True
    except RuntimeError:
        return False


def candidate(R, regs, owned, nogr, grams=()):
    """One random instruction (op, dst placeholder, args) given the registers (grams: those a
    gram op wrote)."""
    # bool and integer results (comparisons, argmax) are outputs only: later ops read floats
    all_regs = regs
    floats = [j for j in range(len(regs)) if regs[j].is_floating_point()]
    regs = [regs[j] if regs[j].is_floating_point() else None for j in range(len(regs))]
    n = len(regs)
    cat = pick_weighted(R, WEIGHTS)
    i = floats[recent(R, len(floats))]
    x = regs[i]
    nd, shp = x.dim(), tuple(x.shape)
    if cat == "unary":
        return R.choice(OPS_UNARY if R.random() < 0.4 else SAFE_UNARY), [i]
    if cat == "binary":
        op = R.choice(["add", "sub", "mul", "div", "pow", "maximum", "minimum", "atan2", "fmod",
                       "remainder"])
        cands = [j for j in floats if broadcastable(shp, tuple(regs[j].shape))]
        return op, [i, R.choice(cands)]
    if cat == "scalar":
        op = R.choice(["add_scalar", "mul_scalar", "pow_scalar"])
        return op, [i, R.choice(POWS if op == "pow_scalar" else SCALARS)]
    if cat == "clamp":
        lo = R.choice([-math.inf, -1.0, -0.5, 0.0, 0.3])
        hi = R.choice([math.inf, 1.0, 0.5, 0.0, -0.2])
        return "clamp", [i, lo, hi]
    if cat == "where":
        cands = [j for j in floats if broadcastable(shp, tuple(regs[j].shape))]
        return "where", [R.choice(cands), i, R.choice(cands)]
    if cat == "reduce":
        op = R.choice(P.REDUCE)
        return op, [i, rand_dims(R, nd), R.randint(0, 1)]
    if cat == "varstd":
        return R.choice(["var", "std"]), [i, rand_dims(R, nd), R.choice([0.0, 1.0]), R.randint(0, 1)]
    if cat == "matmul":
        op = R.choice(["matmul", "matmul", "mm", "bmm", "dot", "outer"])
        cands = []
        for j in floats:
            try:
                getattr(torch, op)(x, regs[j])
                cands.append(j)
            except RuntimeError:
                pass
        return op, [i, R.choice(cands) if cands else R.choice(floats)]
    if cat == "linear":
        if nd == 0:
            return None
        ws = [j for j in floats if regs[j].dim() == 2 and regs[j].shape[-1] == shp[-1]]
        if not ws:
            return None
        w = R.choice(ws)
        bs = [None] + [j for j in floats if regs[w].dim() == 2 and regs[j].dim() == 1
                       and regs[j].shape[0] == regs[w].shape[0]]
        return "linear", [i, w, R.choice(bs)]
    if cat == "softmax":
        return R.choice(["softmax", "log_softmax"]), [i, rand_dim(R, nd)]
    if cat == "view":
        op = R.choice(["reshape", "expand", "permute", "flatten", "transpose", "squeeze",
                       "squeeze_all", "unsqueeze", "slice", "select", "diagonal", "split", "chunk",
                       "contiguous"])
        if op == "reshape":
            return op, [i, factor_shape(R, x.numel())]
        if op == "expand":
            new = [R.randint(1, 3) if s == 1 else s for s in shp]
            if R.random() < 0.4:
                new = [R.randint(1, 3)] + new
            if new and R.random() < 0.3:
                new[R.randrange(len(new))] = -1
            return op, [i, new]
        if op == "permute":
            p = list(range(nd))
            R.shuffle(p)
            return op, [i, [d - nd if R.random() < 0.2 else d for d in p]]
        if op == "flatten":
            a, b = sorted([rand_dim(R, nd) % max(nd, 1), rand_dim(R, nd) % max(nd, 1)])
            return op, [i, a, b]
        if op == "transpose":
            return op, [i, rand_dim(R, nd), rand_dim(R, nd)]
        if op in ("squeeze", "unsqueeze"):
            return op, [i, rand_dim(R, nd, 1 if op == "unsqueeze" else 0)]
        if op == "squeeze_all" or op == "contiguous":
            return op, [i]
        if nd == 0:
            return None
        d = rand_dim(R, nd)
        size = shp[d]
        if op == "slice":
            a = R.randint(-size - 1, size)
            b = R.randint(-size - 1, size + 1)
            return op, [i, d, a, b, R.choice([1, 1, 2, 3])]
        if op == "select":
            return op, [i, d, R.randint(-size, max(size - 1, -size))]
        if op == "diagonal":
            if nd < 2:
                return None
            d2 = rand_dim(R, nd)
            return op, [i, R.choice([-1, 0, 0, 1]), d, d2]
        k = R.randint(1, max(size, 1))
        pieces = len(getattr(torch, op)(x, k, d))
        return op, [i, k, d, R.randrange(max(pieces, 1))]
    if cat == "catstack":
        op = R.choice(["cat", "stack"])
        same = [j for j in floats if tuple(regs[j].shape) == shp]
        k = R.randint(2, 3)
        return op, [rand_dim(R, nd, 1 if op == "stack" else 0), [R.choice(same) for _ in range(k)]]
    if cat == "misc_shape":
        op = R.choice(["flip", "repeat", "tril", "triu", "pad", "index_select", "clone"])
        if op == "flip":
            return op, [i, rand_dims(R, nd, False)]
        if op == "repeat":
            return op, [i, [R.randint(1, 2) for _ in range(nd + R.randint(0, 1))]]
        if op in ("tril", "triu"):
            return op, [i, R.randint(-1, 1)]
        if op == "pad":
            k = R.randint(1, max(1, min(2, nd)))
            return op, [i, [R.randint(-1, 2) for _ in range(2 * k)], R.choice([0.0, 1.5, -1.0])]
        if op == "index_select":
            d = rand_dim(R, nd)
            size = shp[d] if nd else 1
            return op, [i, d, [R.randrange(max(size, 1)) for _ in range(R.randint(1, 3))]]
        return "clone", [i]
    if cat == "layer_norm":
        k = R.randint(1, max(1, min(2, nd)))
        ws = [j for j in floats if tuple(regs[j].shape) == shp[nd - k:]]
        w = R.choice([None] + ws)
        b = R.choice([None] + ws)
        return "layer_norm", [i, k, w, b, 1e-5]
    if cat == "mse":
        same = [j for j in floats if tuple(regs[j].shape) == shp]
        return "mse_loss", [i, R.choice(same), R.randint(0, 2)]
    if cat == "inplace":
        targets = [j for j in floats if owned[j]]
        if not targets:
            return None
        t = R.choice(targets[-4:])
        ts = tuple(regs[t].shape)
        op = R.choice(["add_", "sub_", "mul_", "div_", "copy_", "add_scalar_", "mul_scalar_",
                       "fill_", "clamp_", "zero_", "mul_", "add_"])
        if op in ("add_", "sub_", "mul_", "div_", "copy_"):
            others = [j for j in floats if broadcastable(ts, tuple(regs[j].shape))
                      and torch.broadcast_shapes(ts, tuple(regs[j].shape)) == ts]
            if not others:
                return None
            return op, [t, R.choice(others)]
        if op in ("add_scalar_", "mul_scalar_", "fill_"):
            return op, [t, R.choice(SCALARS)]
        if op == "clamp_":
            return op, [t, R.choice([-1.0, -0.5, 0.0]), R.choice([0.5, 1.0, math.inf])]
        return op, [t]
    if cat == "index":
        if nd == 0:
            return None
        op = R.choice(["gather", "scatter_add", "embedding"])
        if op == "embedding":
            if nd != 2 or shp[0] == 0:
                return None
            ishape = [R.randint(1, 3)]
            return op, [i, ishape, [R.randrange(shp[0]) for _ in range(ishape[0])]]
        d = rand_dim(R, nd)
        size = shp[d]
        if size == 0:
            return None
        ishape = [R.randint(1, s) if s else 0 for s in shp]
        ishape[d] = R.randint(1, 3)
        vals = [R.randrange(size) for _ in range(math.prod(ishape))]
        if op == "gather":
            return op, [i, d, ishape, vals]
        srcs = [j for j in floats if tuple(regs[j].shape) == tuple(ishape)]
        if not srcs:
            return None
        return op, [i, d, ishape, vals, R.choice(srcs)]
    if cat == "loss":
        if nd not in (1, 2) or shp[-1] == 0:
            return None
        op = R.choice(["cross_entropy", "nll_loss"])
        tshape = [shp[0]] if nd == 2 else []
        vals = [R.randrange(shp[-1]) for _ in range(math.prod(tshape))]
        return op, [i, tshape, vals, R.randint(0, 2)]
    if cat == "compare":
        bools = [j for j, r in enumerate(all_regs) if r.dtype == torch.bool]
        if bools and R.random() < 0.6:  # a comparison's result chooses between two floats
            c = R.choice(bools)
            cs = tuple(all_regs[c].shape)
            cands = [j for j in floats if broadcastable(cs, tuple(regs[j].shape))
                     and broadcastable(shp, tuple(regs[j].shape))]
            return ("where_bool", [c, i, R.choice(cands)]) if cands else None
        op = R.choice(["eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or",
                       "logical_not"])
        if op == "logical_not":
            return op, [i]
        cands = [j for j in floats if broadcastable(shp, tuple(regs[j].shape))]
        return op, [i, R.choice(cands)]
    if cat == "clone":
        return "clone", [i]
    if cat == "detach":
        return "detach", [i]
    if cat == "activation":
        op = R.choice(["leaky_relu", "elu", "hardtanh", "masked_fill"])
        if op == "hardtanh":
            return op, [i, R.choice([-1.0, -0.5, 0.0]), R.choice([0.5, 1.0, 2.0])]
        if op == "masked_fill":
            cands = [j for j in floats if broadcastable(shp, tuple(regs[j].shape))
                     and torch.broadcast_shapes(shp, tuple(regs[j].shape)) == shp]
            return op, [i, R.choice(cands), R.choice(SCALARS)]
        return op, [i, R.choice([0.01, 0.2, 1.0, 1.5])]
    if cat == "scan":
        op = R.choice(["cumsum", "cumprod", "sort", "topk"])
        d = rand_dim(R, nd)
        if op == "sort":
            return op, [i, d, R.randint(0, 1)]
        if op == "topk":
            size = shp[d] if nd else 1
            return op, [i, R.randint(0, max(size, 0)), d, R.randint(0, 1)]
        return op, [i, d]
    if cat == "cross":
        dims3 = [d for d in range(nd) if shp[d] == 3]
        same = [j for j in floats if tuple(regs[j].shape) == shp]
        if not dims3:
            return None
        d = R.choice(dims3)
        return "cross", [i, R.choice(same), d - nd if R.random() < 0.5 else d]
    if cat == "loss2":
        same = [j for j in floats if tuple(regs[j].shape) == shp]
        return R.choice(P.LOSSES), [i, R.choice(same), R.randint(0, 2)]
    if cat == "norms":
        if nd < 2:
            return None
        if R.random() < 0.5:
            return "batch_norm_train", [i]
        ch = shp[1]
        groups = [g for g in range(1, ch + 1) if ch % g == 0] or [1]
        return "group_norm", [i, R.choice(groups)]
    if cat == "linalg":
        if nd < 2:
            return None
        square = shp[-1] == shp[-2]
        grams = [j for j in grams if regs[j] is not None]
        op = R.choice(P.LINALG1 + P.LINALG1 + P.LINALG2 + ["qr", "solve_triangular", "gram"])
        if op in ("cholesky", "eigvalsh"):  # of a gram matrix, whose tangents are symmetric
            if not grams:
                return "gram", [i]
            g = R.choice(grams)
            return (op, [g]) if op == "cholesky" or well_posed(op, regs[g]) else None
        if op in ("inv", "det", "logabsdet") and not square:
            return "gram", [i]
        if op == "trace" and nd != 2:
            return None
        if op not in ("gram", "trace", "det", "cholesky") and not well_posed(op, x):
            return None
        if op in P.LINALG1:
            return op, [i]
        if op == "qr":
            return op, [i, R.randint(0, 1)]
        cands = []
        for j in floats:
            try:
                if op == "solve_triangular":
                    torch.linalg.solve_triangular(x, regs[j], upper=False)
                else:
                    getattr(torch.linalg, op)(x, regs[j])
                cands.append(j)
            except RuntimeError:
                pass
        if not cands:
            return None
        if op == "solve_triangular":
            return op, [i, R.choice(cands), R.randint(0, 1), 1, R.randint(0, 1)]
        return op, [i, R.choice(cands)]
    return None


def gen_body(R, inputs, nops):
    nin = len(inputs)
    instrs = []
    nogr_left = 0
    keep_invalid = R.random() < 0.03
    for _ in range(nops):
        regs = replay(instrs, inputs)
        owned = owned_flags(nin, instrs)
        if nogr_left == 0 and R.random() < 0.05 * WEIGHTS["nograd"] / 3:
            instrs.append(("nograd", None, []))
            nogr_left = R.randint(1, 3)
        for attempt in range(40):
            grams = [dst for op, dst, _ in instrs if op == "gram"]
            c = candidate(R, regs, owned, nogr_left > 0, grams)
            if c is None:
                continue
            op, args = c
            dst = len(regs) if P.writes_register(op) else None
            cand = instrs + [(op, dst, args)]
            try:
                new = replay(cand, inputs)
            except Exception:
                if keep_invalid and attempt > 30:
                    instrs = cand
                    return instrs, True
                continue
            if not tame(new) and R.random() > 0.03:
                continue
            instrs = cand
            break
        if nogr_left:
            nogr_left -= 1
            if nogr_left == 0:
                instrs.append(("grad", None, []))
    if nogr_left:
        instrs.append(("grad", None, []))
    return instrs, False


def choose_outs(R, instrs, nin, regs=None):
    last = None
    for op, dst, args in reversed(instrs):
        if dst is not None:
            last = dst
            break
        if op not in ("nograd", "grad"):
            last = args[0]
            break
    floats = [j for j, r in enumerate(regs) if r.is_floating_point()]
    if last is None or last not in floats:
        last = floats[-1]
    outs = [last]
    if R.random() < 0.3 and len(floats) > 1:
        other = R.choice(floats)
        if other != last:
            outs.append(other)
    return outs


MAX_RANK = 8  # strata's ST_MAX_DIMS: programs stay within it


def probe_shapes(prog, layers, shapes):
    """Output shapes of the stack `layers` (outermost first) over the body, on inputs of
    `shapes`; None when torch raises."""
    xs = [torch.randn(s) for s in shapes]
    try:
        outs = P.stack_fn(prog, layers)(*xs)
    except Exception:
        return None
    shapes = [tuple(o.shape) for o in outs]
    if any(len(s) > MAX_RANK for s in shapes) or sum(math.prod(s) for s in shapes) > 3000:
        return "big"
    return shapes


def norm_dim(d, n):
    return d % n


def choose_layer(R, kind, nin, shapes, outshapes):
    """A layer of `kind` for a function of inputs `shapes` with outputs `outshapes`; returns the
    layer and the input shapes of the new function."""
    if kind in ("grad", "gradv"):
        k = R.randint(1, nin)
        argnums = sorted(R.sample(range(nin), k))
        if R.random() < 0.15:
            R.shuffle(argnums)
        if R.random() < 0.04:
            argnums = [a - nin for a in argnums]
        if R.random() < 0.01:
            argnums = [nin]
        s = True if outshapes[0] != () else R.random() < 0.5
        if R.random() < 0.03:
            s = False
        return P.Layer(kind, argnums=tuple(argnums), sum=s), shapes
    if kind in ("vjp", "jvp"):
        return P.Layer(kind), shapes
    if kind == "vmap":
        B = R.randint(1, 3)
        in_dims = []
        for s in shapes:
            if R.random() < 0.25:
                in_dims.append(None)
            else:
                r = len(s)
                d = R.randint(0, r)
                if R.random() < 0.3:
                    d -= r + 1
                if R.random() < 0.01:
                    d = r + 1
                in_dims.append(d)
        if all(d is None for d in in_dims) and R.random() > 0.02:
            in_dims[R.randrange(nin)] = 0
        new = []
        for s, d in zip(shapes, in_dims):
            if d is None:
                new.append(s)
                continue
            b = B if R.random() > 0.02 else B + 1
            p = d % (len(s) + 1) if -len(s) - 1 <= d <= len(s) else 0
            new.append(s[:p] + (b,) + s[p:])
        out_dims = []
        for o in outshapes:
            r = len(o)
            d = R.randint(0, r)
            if R.random() < 0.3:
                d -= r + 1
            if R.random() < 0.02:
                d = r + 1
            if R.random() < 0.02:
                d = None
            out_dims.append(d)
        chunk = 0 if R.random() < 0.7 else R.randint(1, B)
        return P.Layer("vmap", in_dims=tuple(in_dims), out_dims=tuple(out_dims), chunk=chunk), new
    a = R.randrange(nin)
    if R.random() < 0.04:
        a -= nin
    chunk = 0 if kind == "hessian" or R.random() < 0.7 else R.randint(1, 3)
    return P.Layer(kind, argnums=(a,), chunk=chunk), shapes


LAYER_WEIGHTS = {"grad": 20, "gradv": 5, "vjp": 15, "jvp": 15, "vmap": 25,
                 "jacrev": 10, "jacfwd": 10, "hessian": 6}


def rand_shape(R, pool):
    nd = R.choices([0, 1, 2, 3], weights=[1, 3, 4, 2])[0]
    return tuple(R.choice(pool) if R.random() < 0.85 else 1 for _ in range(nd))


def gen_program(seed, name=None):
    """The program of a seed (deterministic) and its inputs."""
    R = random.Random(seed)
    torch.manual_seed(R.getrandbits(62))
    nin = R.choice([1, 1, 2, 2, 2, 3])
    pool = [R.randint(1, 4) for _ in range(2)]
    lane = [rand_shape(R, pool) for _ in range(nin)]
    lane_inputs = [torch.randn(s) for s in lane]
    instrs, invalid = gen_body(R, lane_inputs, R.randint(3, 12))
    valid = instrs[:-1] if invalid else instrs  # the last op of an invalid one fails in torch
    regs = replay(valid, lane_inputs)
    outs = choose_outs(R, valid, nin, regs)
    prog = P.Prog(name or f"s{seed}", lane, [], instrs, outs)
    nlayers = R.choices([0, 1, 2, 3], weights=[2, 4, 4, 2])[0]
    layers, shapes = [], lane
    for _ in range(nlayers):
        outshapes = probe_shapes(prog, layers, shapes)
        if outshapes is None or outshapes == "big":
            break
        for attempt in range(8):
            kind = pick_weighted(R, LAYER_WEIGHTS)
            if kind == "hessian" and any(L.kind == "hessian" for L in layers):
                continue
            L, new = choose_layer(R, kind, nin, shapes, outshapes)
            got = probe_shapes(prog, [L] + layers, new)
            if got == "big":
                continue
            if got is None and attempt < 6 and R.random() < 0.9:
                continue
            layers = [L] + layers
            shapes = new
            break
    prog.layers = layers
    prog.shapes = [tuple(s) for s in shapes]
    inputs = [torch.randn(s) for s in shapes]
    return prog, inputs


def inputs_for(prog):
    """Inputs for a program read from a file: those of its seed when the name is a generated
    one ("s<seed>_<k>") and the seed still gives the same program, else random ones of its
    shapes (seeded by the name)."""
    name = prog.name
    if name.startswith("s") and "_" in name:
        seed, _, k = name[1:].partition("_")
        try:
            p, xs = gen_program(f"{int(seed)}:{int(k)}", name=name)
            if p.text() == prog.text():
                return xs
        except ValueError:
            pass
    R = random.Random(name)
    torch.manual_seed(R.getrandbits(62))
    return [torch.randn(s) for s in prog.shapes]
