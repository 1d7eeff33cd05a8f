"""difffuzz.py - the differential fuzzer: N random programs (gen.py) run by strata (the C
driver) and by torch.func (prog.py) on the same inputs, compared.

    difffuzz.py --driver build-difffuzz/driver N [SEED] [--work DIR] [--show K] [--only K,..]
    difffuzz.py --driver build-difffuzz/driver --replay FILE.txt   (programs from a file; inputs
                                                                   from their seed in the name)

Every program ends in one of: both succeed and agree (values within rtol 1e-8, f64; NaN equals
NaN), both fail, or a disagreement: different values or shapes, only strata fails, only torch
fails, strata crashed, or strata leaked objects. known.py names the disagreements already
classified (a strata bug, a deliberate difference or a torch bug; see README.md); the exit
status is 1 when any disagreement is not classified there.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import warnings

warnings.filterwarnings("ignore")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402

import gen  # noqa: E402
import known  # noqa: E402
import prog as P  # noqa: E402

RTOL = 1e-8
# Absolute tolerance, relative to the largest magnitude of the output (at least 1): a value that
# cancels to exactly 0 in torch (the derivatives of x / x) comes out of third derivatives as
# 1e-10 of rounding noise.
ATOL = 1e-9


def compare(a, b):
    """None when strata's a agrees with torch's b, else a short reason."""
    if tuple(a.shape) != tuple(b.shape):
        return f"shape {list(a.shape)} vs {list(b.shape)}"
    if a.numel() == 0:
        return None
    b = b.to(torch.float64)
    nan = torch.isnan(a) & torch.isnan(b)
    inf = torch.isinf(a) & torch.isinf(b) & (a == b)
    fin = torch.isfinite(b) & torch.isfinite(a)
    scale = b[torch.isfinite(b)].abs().max().item() if torch.isfinite(b).any() else 0.0
    tol = RTOL * torch.maximum(a.abs(), b.abs()) + ATOL * max(scale, 1.0)
    ok = nan | inf | (fin & ((a - b).abs() <= tol))
    if bool(ok.all()):
        return None
    i = int((~ok).flatten().nonzero()[0])
    return f"element {i}: strata {a.flatten()[i].item():.17g}, torch {b.flatten()[i].item():.17g}"


def run_driver(driver, progs_path, inputs_path, out_prefix, n):
    """Runs the C driver over every program, restarting after a crash. Returns per program
    (status, nout or message), the crashed programs and the leaks."""
    results, crashed, leaks, saved = {}, [], {}, []
    first, skip = 0, -1
    while True:
        cmd = [driver, progs_path, inputs_path, out_prefix, str(first), str(skip)]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started, last_saved = None, first - 1
        for line in proc.stdout.splitlines():
            w = line.split(" ", 3)
            if w[0] == "start":
                started = int(w[1])
            elif w[0] == "result":
                k = int(w[1])
                if w[2] == "ok":
                    results[k] = ("ok", int(w[3]))
                else:
                    st, _, msg = w[3].partition(" ")
                    results[k] = ("err", int(st), msg)
            elif w[0] == "leak":
                leaks[int(w[1])] = int(w[2])
            elif w[0] == "saved":
                saved.append(w[1])
                last_saved = int(w[3])
        if proc.returncode in (0, 1):
            if proc.returncode:
                sys.stderr.write(proc.stderr[-2000:])
            break
        if started is None:  # a signal before the first program
            sys.stderr.write(proc.stderr[-2000:])
            raise SystemExit(f"driver failed before any program (status {proc.returncode})")
        crashed.append((started, proc.returncode, proc.stderr[-2000:]))
        for k in range(last_saved + 1, started + 1):
            results.pop(k, None)
        results[started] = ("crash", proc.returncode)
        first, skip = last_saved + 1, started
    outs = {}
    for path in saved:
        outs.update(P.load_safetensors(path))
    return results, crashed, leaks, outs


def torch_result(p, inputs):
    try:
        return ("ok", P.run(p, inputs))
    except Exception as e:  # torch's refusal, compared as an error
        return ("err", f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


def short(t):
    s = str(t.tolist()) if t.numel() <= 12 else f"tensor of shape {list(t.shape)}: " + \
        str(t.flatten()[:8].tolist())[:-1] + ", ...]"
    return s if len(s) < 400 else s[:400] + "..."


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int, nargs="?", default=100)
    ap.add_argument("seed", type=int, nargs="?", default=1)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--work", default=None)
    ap.add_argument("--show", type=int, default=20, help="disagreements printed in full")
    ap.add_argument("--replay", default=None, help="run the programs of this file instead")
    ap.add_argument("--inputs", default=None,
                    help="with --replay: the inputs of program k are p<k>.x<i> of this "
                         "safetensors file")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="difffuzz.")
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    if args.replay:
        progs = P.parse(open(args.replay).read())
        if args.inputs:
            saved = P.load_safetensors(args.inputs)
            inputs = [[saved[f"p{k}.x{i}"] for i in range(len(p.shapes))]
                      for k, p in enumerate(progs)]
        else:
            inputs = [gen.inputs_for(p) for p in progs]
    else:
        progs, inputs = [], []
        for k in range(args.n):
            p, xs = gen.gen_program(f"{args.seed}:{k}", name=f"s{args.seed}_{k}")
            progs.append(p)
            inputs.append(xs)
    n = len(progs)
    progs_path = os.path.join(work, "programs.txt")
    with open(progs_path, "w") as fh:
        fh.write("".join(p.text() for p in progs))
    tensors = {f"p{k}.x{i}": x for k, xs in enumerate(inputs) for i, x in enumerate(xs)}
    P.save_safetensors(os.path.join(work, "inputs.safetensors"), tensors)
    t_gen = time.time() - t0
    t1 = time.time()
    st_res, crashed, leaks, st_outs = run_driver(
        args.driver, progs_path, os.path.join(work, "inputs.safetensors"),
        os.path.join(work, "strata"), n)
    t_c = time.time() - t1
    t2 = time.time()
    counts = {"agree (both ok)": 0, "agree (both fail)": 0}
    dis = []
    for k, p in enumerate(progs):
        tr = torch_result(p, inputs[k])
        sr = st_res.get(k, ("missing",))
        kind, detail = None, ""
        if sr[0] == "crash":
            kind, detail = "strata crashed", f"exit status {sr[1]}"
        elif sr[0] == "missing":
            kind, detail = "no strata result", ""
        elif sr[0] == "err" and tr[0] == "err":
            counts["agree (both fail)"] += 1
        elif sr[0] == "err":
            kind, detail = "only strata fails", f"strata: {sr[2]}"
        elif tr[0] == "err":
            kind, detail = "only torch fails", f"torch: {tr[1]}"
        else:
            outs = [st_outs.get(f"p{k}.y{j}") for j in range(sr[1])]
            if len(outs) != len(tr[1]):
                kind, detail = "different outputs", f"{len(outs)} outputs vs {len(tr[1])}"
            else:
                for j, (a, b) in enumerate(zip(outs, tr[1])):
                    why = "missing output" if a is None else compare(a, b)
                    if why:
                        kind = "shape differs" if why.startswith("shape") else "values differ"
                        detail = f"output {j}: {why}"
                        break
            if kind is None:
                counts["agree (both ok)"] += 1
        if kind is None and k in leaks:
            kind, detail = "strata leaked", f"{leaks[k]} objects"
        if kind:
            outs = [st_outs.get(f"p{k}.y{j}") for j in range(sr[1])] if sr[0] == "ok" else []
            label = known.classify(known.Info(p, kind, detail, sr, tr, outs, inputs[k]))
            dis.append((k, p, kind, detail, sr, tr, label))
    t_t = time.time() - t2
    by_kind, by_label, by_entry = {}, {}, {}
    for k, p, kind, detail, sr, tr, label in dis:
        by_kind[kind] = by_kind.get(kind, 0) + 1
        key = label[0] if label else "UNCLASSIFIED"
        by_label[key] = by_label.get(key, 0) + 1
        if label:
            by_entry[label] = by_entry.get(label, 0) + 1
    shown = 0
    for k, p, kind, detail, sr, tr, label in dis:
        if label and args.quiet:
            continue
        if shown >= args.show:
            continue
        shown += 1
        print(f"==== disagreement: program {k} ({p.name}): {kind}: {detail}")
        print(f"     class: {label[0] + ': ' + label[1] if label else 'UNCLASSIFIED'}")
        print("     " + p.text().rstrip().replace("\n", "\n     "))
        if sr[0] == "err":
            print(f"     strata: error {sr[1]}: {sr[2]}")
        elif sr[0] == "ok":
            for j in range(sr[1]):
                o = st_outs.get(f"p{k}.y{j}")
                print(f"     strata y{j}: {short(o) if o is not None else 'missing'}")
        if tr[0] == "err":
            print(f"     torch: {tr[1]}")
        else:
            for j, o in enumerate(tr[1]):
                print(f"     torch  y{j}: {short(o)}")
    print(f"difffuzz: {n} programs (seed {args.seed}), generated in {t_gen:.1f} s, strata "
          f"{t_c:.1f} s, torch {t_t:.1f} s; work files in {work}")
    for key, v in counts.items():
        print(f"  {key}: {v}")
    for key, v in sorted(by_kind.items()):
        print(f"  disagreement, {key}: {v}")
    for key, v in sorted(by_label.items()):
        print(f"  classified {key}: {v}")
    for (cls, desc), v in sorted(by_entry.items(), key=lambda e: (e[0][0], -e[1])):
        print(f"    {v:5d}  {cls}: {desc[:110]}{'...' if len(desc) > 110 else ''}")
    unclassified = by_label.get("UNCLASSIFIED", 0)
    print(f"{n} programs, {len(dis)} disagreements, {unclassified} unclassified")
    return 1 if unclassified else 0


if __name__ == "__main__":
    sys.exit(main())
