"""minimize.py - shrinks a disagreeing program: drops transform layers (taking lane 0 of the
inputs a dropped vmap batched), instructions and outputs one at a time while the same kind of
disagreement remains, and prints the smallest program with both results.

    minimize.py --driver build-difffuzz/driver PROGRAM_FILE [INDEX] [--inputs FILE:K]
                [--same-class]

The program is the INDEX-th (default 0) of the file; its inputs are program K's of a run's
inputs file, or else those of its seed (see gen.inputs_for). With --same-class a step is kept
only when known.py still classifies the disagreement as it did the original (so a program with
two causes shrinks to the one its class names).
"""
import argparse
import copy
import os
import subprocess
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import difffuzz as D  # noqa: E402
import gen  # noqa: E402
import known  # noqa: E402
import prog as P  # noqa: E402


def outcome(driver, p, xs, work):
    """The kind of disagreement of p on xs ("" when they agree), and both results."""
    path = os.path.join(work, "p.txt")
    open(path, "w").write(p.text())
    P.save_safetensors(os.path.join(work, "in.safetensors"),
                       {f"p0.x{i}": x for i, x in enumerate(xs)})
    for f in os.listdir(work):
        if f.startswith("st."):
            os.remove(os.path.join(work, f))
    res, crashed, leaks, outs = D.run_driver(driver, path, os.path.join(work, "in.safetensors"),
                                             os.path.join(work, "st"), 1)
    sr = res.get(0, ("missing",))
    tr = D.torch_result(p, xs)
    if sr[0] == "crash":
        return "crash", sr, tr, outs
    if sr[0] == "err" and tr[0] == "err":
        return "", sr, tr, outs
    if sr[0] == "err":
        return "only strata fails", sr, tr, outs
    if tr[0] == "err":
        return "only torch fails", sr, tr, outs
    if 0 in leaks:
        return "leak", sr, tr, outs
    for j, b in enumerate(tr[1]):
        a = outs.get(f"p0.y{j}")
        if a is None or D.compare(a, b):
            return "values differ", sr, tr, outs
    return "", sr, tr, outs


def verdict(driver, p, xs, work, same_class):
    """The kind of disagreement of p on xs, with known.py's class of it when same_class."""
    kind, sr, tr, outs = outcome(driver, p, xs, work)
    if not kind or not same_class:
        return kind
    ys = [outs.get(f"p0.y{j}") for j in range(sr[1])] if sr[0] == "ok" else []
    return kind, known.classify(known.Info(p, kind, "", sr, tr, ys, xs))


def drop_instr(p, k):
    """p without instruction k (None when a later one reads its register)."""
    op, dst, args = p.instrs[k]
    q = copy.deepcopy(p)
    del q.instrs[k]
    if dst is None:
        return q
    def remap(r):
        if r is None:
            return None
        if r == dst:
            raise KeyError
        return r - 1 if r > dst else r
    try:
        new = []
        for op2, d2, a2 in q.instrs:
            a3 = []
            for s, v in zip(P.SIG[op2], a2):
                if s in "ro":
                    a3.append(remap(v))
                elif s == "R":
                    a3.append([remap(r) for r in v])
                else:
                    a3.append(v)
            new.append((op2, None if d2 is None else remap(d2), a3))
        q.instrs = new
        q.outs = [remap(r) for r in q.outs]
    except KeyError:
        return None
    return q


def drop_layer(p, xs, k):
    """p without its k-th layer (outermost first) and the inputs it then takes."""
    q = copy.deepcopy(p)
    L = q.layers.pop(k)
    if L.kind != "vmap":
        return q, xs
    # the layers outside k see the batched shapes; only the innermost can go simply
    if k != len(p.layers) - 1 and any(M.kind == "vmap" for M in p.layers[:k]):
        return None, None
    new = []
    for x, d in zip(xs, L.in_dims):
        new.append(x if d is None else x.select(d % x.dim(), 0).clone())
    q.shapes = [tuple(x.shape) for x in new]
    return q, new


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("index", type=int, nargs="?", default=0)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--inputs", default=None,
                    help="a run's inputs.safetensors and the program's number in that run, "
                         "e.g. build-difffuzz/work/inputs.safetensors:17")
    ap.add_argument("--same-class", action="store_true",
                    help="keep only steps that known.py classifies as the original")
    args = ap.parse_args()
    p = P.parse(open(args.file).read())[args.index]
    if args.inputs:
        path, _, k = args.inputs.rpartition(":")
        saved = P.load_safetensors(path)
        xs = [saved[f"p{k}.x{i}"] for i in range(len(p.shapes))]
    else:
        xs = gen.inputs_for(p)
    work = tempfile.mkdtemp(prefix="minimize.")
    kind = verdict(args.driver, p, xs, work, args.same_class)
    if not kind:
        print("no disagreement to minimize")
        return 1
    changed = True
    while changed:
        changed = False
        for k in range(len(p.layers)):
            q, ys = drop_layer(p, xs, k)
            if q is not None and verdict(args.driver, q, ys, work, args.same_class) == kind:
                p, xs, changed = q, ys, True
                break
        if changed:
            continue
        for k in reversed(range(len(p.instrs))):
            q = drop_instr(p, k)
            if q is not None and q.outs and verdict(args.driver, q, xs, work, args.same_class) == kind:
                p, changed = q, True
                break
        if changed:
            continue
        if len(p.outs) > 1 and not any(L.kind == "vmap" for L in p.layers):
            for j in range(len(p.outs)):
                q = copy.deepcopy(p)
                del q.outs[j]
                if verdict(args.driver, q, xs, work, args.same_class) == kind:
                    p, changed = q, True
                    break
    kind, sr, tr, outs = outcome(args.driver, p, xs, work)
    detail = ""
    if kind == "values differ":
        for j, b in enumerate(tr[1]):
            a = outs.get(f"p0.y{j}")
            why = "missing" if a is None else D.compare(a, b)
            if why:
                detail = f": output {j}: {why}"
                break
    print(f"# {kind}{detail}")
    print(p.text(), end="")
    for i, x in enumerate(xs):
        print(f"# x{i} = {x.tolist()}")
    print(f"# strata: {sr[2] if sr[0] == 'err' else [outs.get(f'p0.y{j}') for j in range(sr[1])] if sr[0] == 'ok' else sr}")
    print(f"# torch: {tr[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
