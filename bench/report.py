"""Turns the RESULT / CHECK / FLOPS lines of one bench/run into bench/RESULTS.md (on stdout) and a
bar chart of the ratios.

    report.py <results.txt> <threads> <chart.png>

Every ratio is other time / strata time: above 1, strata is faster. Implementations whose name
starts with "strata_" or is "gemm_floor" / "batch_grad" are strata's own references (a loop, a
hand-batched version, the GEMMs alone, the plain batch gradient)."""
import datetime
import os
import platform
import sys
from collections import OrderedDict

log, threads, chart = sys.argv[1], int(sys.argv[2]), sys.argv[3]

TITLES = OrderedDict(
    overhead="1. Per-op overhead: a chain of 1000 elementwise ops (seconds per chain)",
    mlp_train="2. MLP training step: forward, cross-entropy, backward, SGD",
    persample="3. Per-sample gradients, vmap(grad)",
    jacobians="4. Jacobians of tanh(W x)",
    hessian="5. The seed hessian benchmark: MLP 2 -> W x 6 -> 3 with tanh",
    hvp="6. Hessian-vector products of an MLP loss w.r.t. its parameters",
    ensemble="7. Model ensembling: vmap over MLPs",
    gmm="8. Gaussian mixture model log-likelihood and its gradient (ADBench / gradbench GMM)",
    optim_step="9. One optimizer step on a 10-tensor model (MLP 784-512-512-512-512-10, 1.33 M float32 values)",
    dpsgd="10. DP-SGD at batch 256 (MLP 784-128-128-10): per-sample gradients, clipping, the whole step",
    fashion="11. Fashion-MNIST MLP training (784-256-128-10, Adam, batch 64): seconds per epoch",
    linalg="12. Dense linear algebra in float64 (torch.linalg): batches of 256 matrices at n = 4, 7, one "
    "matrix at 64, 512 (size = matrices per call); the damped least-squares IK step (J^T J + l^2 I)^-1 "
    "J^T r, J 6x7, under vmap and vmap(jacrev) over 256 configurations. strata = default dispatch, "
    "strata_builtin / strata_lapack = each path forced",
)
REFERENCES = ("gemm_floor", "batch_grad")


def cpu():
    name, mhz = platform.processor(), float("nan")
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                name = line.split(":")[1].strip()
            elif line.startswith("cpu MHz"):
                mhz = float(line.split(":")[1])
    except OSError:
        pass
    return name, mhz / 1000


def simd_floats():
    """float32 lanes of one SIMD register (AVX-512: 16, AVX2: 8, else 4)."""
    try:
        flags = next(l for l in open("/proc/cpuinfo") if l.startswith("flags")).split()
    except (OSError, StopIteration):
        return 4
    return 16 if "avx512f" in flags else 8 if "avx2" in flags else 4


def versions():
    out = []
    for m in ("numpy", "torch", "jax"):
        try:
            out.append(f"{m} {__import__(m).__version__}")
        except Exception:
            out.append(f"{m} unavailable")
    return ", ".join(out)


# ---------------------------------------------------------------------------- parse the log
rows = OrderedDict()  # (workload, case) -> {"size": n, "impl": {name: (med, min, max)}}
checks = {}  # (workload, case, impl) -> (ok, err)
flops = {}
accuracy = OrderedDict()  # (workload, case, impl) -> test accuracy
compile_times = OrderedDict()  # (workload, case) -> seconds of st_compile's capture call
for line in open(log):
    f = line.split()
    if not f:
        continue
    if f[0] == "RESULT" and len(f) == 8:
        r = rows.setdefault((f[1], f[2]), {"size": int(f[3]), "impl": OrderedDict()})
        r["impl"][f[4]] = tuple(float(v) for v in f[5:8])
    elif f[0] == "CHECK" and len(f) == 6:
        checks[(f[1], f[2], f[3])] = (f[4] == "ok", float(f[5]))
        rows.setdefault((f[1], f[2]), {"size": 0, "impl": OrderedDict()})
    elif f[0] == "FLOPS" and len(f) == 4:
        flops[(f[1], f[2])] = float(f[3])
    elif f[0] == "ACCURACY" and len(f) == 5:
        accuracy[(f[1], f[2], f[3])] = float(f[4])
    elif f[0] == "COMPILE" and len(f) == 5:
        compile_times[(f[1], f[2])] = float(f[4])

name, ghz = cpu()
peak = 2 * simd_floats() * 2 * ghz  # GFLOP/s of one core in float32: 2 FMA units
ratios = []  # (label, peer, ratio) for the chart
goals = []  # (goal, row, value, met)


def fmt_time(t):
    return f"{t:.3g}" if t < 1e-3 or t >= 1 else f"{t:.4f}"


def goal(text, label, value, met):
    goals.append((text, label, value, met))


print("# strata benchmarks\n")
print(f"- date: {datetime.date.today().isoformat()}")
print(f"- machine: {name}, {os.cpu_count()} cores, {ghz:.2f} GHz nominal; {threads} thread(s) for every "
      f"library (OMP/OPENBLAS/MKL_NUM_THREADS, torch.set_num_threads, XLA flags), every process "
      f"bound to the same core(s) with taskset")
print(f"- peers: {versions()}")
print(f"- command: `bench/setup && bench/run -t {threads}`")
print("- times: median seconds per call of at least 5 samples after a warm-up, [min, max] below "
      "strata's; every peer's result was checked equal to strata's before it was timed (relative "
      "1e-4 in float32, 1e-10 in float64: `mismatch` marks a failed check)")
print("- ratio = other time / strata time: above 1, strata is faster. Columns `strata_*`, "
      "`gemm_floor` and `batch_grad` are strata's own references.")
print(f"- BLAS-bound rows: GFLOP/s of the GEMMs the row contains, as % of one core's nominal "
      f"float32 peak ({peak:.1f} GFLOP/s), and the GEMM floor (those GEMMs alone, through the GEMM "
      f"strata runs: OpenBLAS when the build found it, else the built-in one) as % of the row's "
      f"time")

for w, title in TITLES.items():
    cases = [(c, r) for (ww, c), r in rows.items() if ww == w]
    if not cases:
        continue
    impls = []
    for _, r in cases:
        for i in r["impl"]:
            if i != "strata" and i not in impls:
                impls.append(i)
        for (ww, c, i) in checks:
            if ww == w and i not in impls:
                impls.append(i)
    blas = any((w, c) in flops for c, _ in cases)
    head = ["case", "size", "strata (s)"] + [f"{i} / strata" for i in impls]
    if blas:
        head += ["GFLOP/s", "% of peak", "GEMM floor % of time"]
    print(f"\n## {title}\n")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for c, r in cases:
        s = r["impl"].get("strata")
        cells = [c, str(r["size"])]
        cells.append(f"{fmt_time(s[0])} [{fmt_time(s[1])}, {fmt_time(s[2])}]" if s else "n/a")
        for i in impls:
            t = r["impl"].get(i)
            ck = checks.get((w, c, i))
            if ck and not ck[0]:
                cells.append(f"mismatch ({ck[1]:.1e})")
            elif t and s:
                ratio = t[0] / s[0]
                cells.append(f"{ratio:.2f}")
                ratios.append((f"{w} {c}", i, ratio))
            else:
                cells.append("")
        if blas:
            fl = flops.get((w, c))
            floor = r["impl"].get("gemm_floor")
            if fl and s:
                gf = fl / s[0] / 1e9
                cells += [f"{gf:.1f}", f"{100 * gf / peak:.0f}%",
                          f"{100 * floor[0] / s[0]:.0f}%" if floor else ""]
            else:
                cells += ["", "", ""]
        print("| " + " | ".join(cells) + " |")
        # goals of issue 7
        if not s:
            continue
        ratio = lambda i: r["impl"][i][0] / s[0] if i in r["impl"] else None
        label = f"{w} {c}"
        if w == "overhead":
            for peer, need in (("torch", 20), ("jax", 100)):
                if ratio(peer) is not None:
                    goal(f"overhead: {peer} / strata >= {need}", label, ratio(peer), ratio(peer) >= need)
        if (w, c) in flops:
            for peer, need in (("torch", 1.2), ("torch.func", 1.2), ("jax_jit", 1.0)):
                if ratio(peer) is not None:
                    goal(f"BLAS-bound: {peer} / strata >= {need}", label, ratio(peer), ratio(peer) >= need)
            if "gemm_floor" in r["impl"]:
                share = r["impl"]["gemm_floor"][0] / s[0]
                goal("BLAS-bound: GEMM floor >= 85% of the time", label, share, share >= 0.85)
        # issue 14: st_compile against JAX jit, on the rows the issue names
        compiled_rows = {("overhead", "fwd_n1"), ("overhead", "fwdbwd_n1"), ("overhead", "fwd_n4096"),
                         ("overhead", "fwdbwd_n4096"), ("jacobians", "vmapjacrev_16_16"),
                         ("jacobians", "jacrev_32_2048"), ("jacobians", "jacfwd_2048_32"),
                         ("hessian", "vmapjacfwdjacrev_w128"), ("hessian", "hessian_train_w128"),
                         ("hvp", "b64"), ("gmm", "d2_k5"), ("ensemble", "m64")}
        sc, jj = r["impl"].get("strata_compiled"), r["impl"].get("jax_jit")
        if (w, c) in compiled_rows and sc and jj:
            x = jj[0] / sc[0]
            goal("compiled: jax_jit / strata_compiled >= 1.0", label, x, x >= 1.0)
        # issue 15: compiled autograd's step against the eager step and torch.compile's
        ca = r["impl"].get("strata_compiled_autograd")
        if w == "mlp_train" and ca:
            x = s[0] / ca[0]
            if c == "b64":
                goal("compiled autograd: strata / strata_compiled_autograd >= 1.3", label, x,
                     x >= 1.3)
            if "torch_compile" in r["impl"]:
                y = r["impl"]["torch_compile"][0] / ca[0]
                goal("compiled autograd: torch_compile / strata_compiled_autograd >= 1.0", label, y,
                     y >= 1.0)
        if w == "persample" and "batch_grad" in r["impl"]:
            x = s[0] / r["impl"]["batch_grad"][0]
            goal("per-sample: strata <= 2x its batch gradient", label, x, x <= 2)

# goals of issue 17 (training toolkit)
grads_row, clip_row = rows.get(("dpsgd", "grads")), rows.get(("dpsgd", "clip"))
if grads_row and clip_row and "strata" in grads_row["impl"] and "strata" in clip_row["impl"]:
    x = clip_row["impl"]["strata"][0] / grads_row["impl"]["strata"][0]
    goal("DP-SGD: clipping <= per-sample gradients (strata)", "dpsgd clip / grads", x, x <= 1)
    if "strata_ops" in clip_row["impl"]:
        y = clip_row["impl"]["strata_ops"][0] / grads_row["impl"]["strata"][0]
        goal("DP-SGD: clipping with strata ops, for reference (was 2.7)", "dpsgd clip strata_ops / grads", y, True)
if ("fashion", "mlp_epoch", "strata") in accuracy:
    a = accuracy[("fashion", "mlp_epoch", "strata")]
    goal("Fashion-MNIST MLP: test accuracy after 2 epochs >= 85%", "fashion mlp_epoch", a, a >= 0.85)
if accuracy:
    print("\n## Test accuracy of the training workloads\n")
    print("| workload | case | impl | test accuracy |")
    print("|---|---|---|---|")
    for (w, c, i), a in accuracy.items():
        print(f"| {w} | {c} | {i} | {100 * a:.2f}% |")

if compile_times:
    print("\n## st_compile: the first call (capture, passes, plan) of each strata_compiled row\n")
    print("| workload | case | capture call (s) | later calls (s) |")
    print("|---|---|---|---|")
    for (w, c), t in compile_times.items():
        sc = rows.get((w, c), {}).get("impl", {}).get("strata_compiled")
        print(f"| {w} | {c} | {fmt_time(t)} | {fmt_time(sc[0]) if sc else ''} |")

print("\n## Goals (issues 7, 14 and 17)\n")
print("| goal | row | value | met |")
print("|---|---|---|---|")
for text, label, value, met in goals:
    v = f"{100 * value:.0f}%" if "%" in text else f"{value:.2f}"
    print(f"| {text} | {label} | {v} | {'yes' if met else '**no**'} |")
nmet = sum(g[3] for g in goals)
print(f"\n{nmet} of {len(goals)} goal checks met.")

# Section 13 (data-parallel training) comes from bench/ddp_run, which runs under mpirun.
ddp_md = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out", "ddp.md")
if os.path.exists(ddp_md):
    print("\n" + open(ddp_md).read().rstrip("\n"))

# ------------------------------------------------------------------------------- the chart
try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    peers = [p for p in OrderedDict.fromkeys(p for _, p, _ in ratios) if p not in REFERENCES and not p.startswith("strata")]
    colors = {p: plt.cm.tab10(k % 10) for k, p in enumerate(peers)}
    labels = list(OrderedDict.fromkeys(l for l, p, _ in ratios if p in colors))
    y, ticks, seen = 0.0, [], set()
    fig, ax = plt.subplots(figsize=(10, 0.11 * sum(p in colors for _, p, _ in ratios) + 0.25 * len(labels) + 1.5))
    for l in labels:
        bars = [(p, v) for ll, p, v in ratios if ll == l and p in colors]
        ticks.append((y + (len(bars) - 1) * 0.5, l))
        for p, v in bars:
            ax.barh(y, v, height=0.9, color=colors[p], label=None if p in seen else p)
            seen.add(p)
            y += 1
        y += 1.5
    ax.set_yticks([t for t, _ in ticks])
    ax.set_yticklabels([l for _, l in ticks], fontsize=7)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.axvline(1, color="black", linewidth=0.8)
    ax.set_xlabel("other time / strata time (log scale; right of 1: strata is faster)")
    ax.set_title(f"strata vs peers, {threads} thread(s), {datetime.date.today().isoformat()}")
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(chart, dpi=110)
    print(f"\nChart: `{os.path.basename(chart)}` (every ratio of the tables, log scale).")
except Exception as e:  # the tables stand without it
    print(f"\nNo chart: {type(e).__name__}: {e}", file=sys.stderr)
