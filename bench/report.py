"""Merges strata's and the peers' benchmark lines into bench/RESULTS.md: one row per workload
with times, the ratio peer time / strata time (> 1: strata is faster), and for GEMM the
percentage of one core's FP32/FP64 peak (2 FMA units x SIMD width x 2 flops x clock)."""
import datetime
import os
import platform
import re
import subprocess
import sys

out, threads = sys.argv[1], int(sys.argv[2])


def clock_ghz():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("cpu MHz"):
                return float(line.split(":")[1]) / 1000
    except OSError:
        pass
    return float("nan")


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":")[1].strip()
    except OSError:
        pass
    return platform.processor()


def versions():
    v = {}
    for m in ("numpy", "torch", "jax"):
        try:
            v[m] = __import__(m).__version__
        except Exception:
            v[m] = "unavailable"
    return v


def parse_strata(path, suite):
    rows = {}
    for line in open(path):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        try:
            if suite == "gemm":
                name, size, thr, sec = f[0], int(f[1]), int(f[2]), float(f[3])
                rows[(name, size, thr)] = sec
            else:
                name, size, sec = f[0], int(f[1]), float(f[2])
                rows[(name, size, threads)] = sec
        except (ValueError, IndexError):
            continue
    return rows


def parse_peers(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) < 5:
            continue
        suite, peer, name = f[0], f[1], f[2]
        if suite == "gemm":
            rows[(peer, name, int(f[3]), int(f[4]))] = float(f[5])
        else:
            rows[(peer, name, int(f[3]), threads)] = float(f[4])
    return rows


ghz = clock_ghz()
lines = [
    f"# strata benchmarks",
    "",
    f"- date: {datetime.date.today().isoformat()}",
    f"- machine: {cpu_name()}, {os.cpu_count()} cores, {ghz:.2f} GHz; threads pinned to {threads} for every library, and every process bound to {threads} core(s) with taskset",
    f"- peers: " + ", ".join(f"{k} {v}" for k, v in versions().items()),
    f"- command: `bench/setup && bench/run {threads}`",
    "- ratio = peer time / strata time (above 1: strata is faster)",
    "",
]
for suite in ("gemm", "elementwise"):
    sp, pp = os.path.join(out, f"{suite}.strata.txt"), os.path.join(out, f"{suite}.peers.txt")
    if not (os.path.exists(sp) and os.path.exists(pp)):
        continue
    strata, peers = parse_strata(sp, suite), parse_peers(pp)
    lines += [f"## {suite}", ""]
    if suite == "gemm":
        lines += ["The peak is 2 FMA units x SIMD width x 2 flops x the clock /proc/cpuinfo reports, which is "
                  "the nominal clock: under boost the percentage passes 100.", "",
                  "| workload | n | threads | strata GFLOP/s | % of nominal peak | numpy / strata | torch / strata |",
                  "|---|---|---|---|---|---|---|"]
    else:
        lines += ["| workload | elements | strata GB/s | numpy / strata | torch / strata |", "|---|---|---|---|---|"]
    for (name, size, thr), sec in sorted(strata.items()):
        ratio = {p: peers.get((p, name, size, thr)) for p in ("numpy", "torch")}
        rs = [f"{ratio[p] / sec:.2f}" if ratio[p] else "n/a" for p in ("numpy", "torch")]
        if suite == "gemm":
            gf = 2.0 * size ** 3 / sec / 1e9
            width = 8 if name.endswith("f32") else 4
            peak = 2 * width * 2 * ghz * max(thr, 1)
            lines.append(f"| {name} | {size} | {thr} | {gf:.1f} | {100 * gf / peak:.0f}% | {rs[0]} | {rs[1]} |")
        else:
            arity = 2 if name.startswith(("add", "mul")) else 1
            gbs = 4.0 * size * (arity + 1) / sec / 1e9
            lines.append(f"| {name} | {size} | {gbs:.2f} | {rs[0]} | {rs[1]} |")
    lines.append("")
ap, app = os.path.join(out, "autograd.strata.txt"), os.path.join(out, "autograd.peers.txt")
if os.path.exists(ap) and os.path.exists(app):
    mine = {(f[2], f[3]): float(f[4]) for f in (l.split() for l in open(ap)) if len(f) == 5}
    theirs = {(f[2], f[3]): float(f[4]) for f in (l.split() for l in open(app)) if len(f) == 5}
    lines += ["## autograd (eager)", "", "| workload | size | strata (s) | torch (s) | torch / strata |", "|---|---|---|---|---|"]
    for key, sec in mine.items():
        peer = theirs.get(key)
        lines.append(f"| {key[0]} | {key[1]} | {sec:.3e} | {peer:.3e} | {peer / sec:.2f} |" if peer
                     else f"| {key[0]} | {key[1]} | {sec:.3e} | n/a | n/a |")
    if ("mlp_step", "1024") in mine and ("mlp_gemms", "1024") in mine:
        lines += ["", f"MLP step throughput vs its GEMMs alone: {100 * mine[('mlp_gemms', '1024')] / mine[('mlp_step', '1024')]:.0f}%"]
    lines.append("")
tp, tpp = os.path.join(out, "transforms.strata.txt"), os.path.join(out, "transforms.peers.txt")
if os.path.exists(tp) and os.path.exists(tpp):
    mine = {(f[2], f[3]): float(f[4]) for f in (l.split() for l in open(tp)) if len(f) == 5}
    theirs = {}
    for f in (l.split() for l in open(tpp)):
        if len(f) == 5:
            theirs[(f[1], f[2], f[3])] = float(f[4])
    peers = ["torch.func", "torch", "torch_loop", "jax", "jax_jit"]
    lines += ["## function transforms", "",
              "Seconds per call; each ratio is peer time / strata time (above 1: strata is faster). "
              "`torch` is PyTorch eager autograd, `torch_loop` a Python loop of per-example "
              "autograd.grad calls, `jax` JAX without jit.", "",
              "| workload | size | strata (s) | " + " | ".join(f"{p} / strata" for p in peers) + " |",
              "|---|---|---|" + "---|" * len(peers)]
    for (name, size), sec in mine.items():
        cells = []
        for p in peers:
            t = theirs.get((p, name, size))
            cells.append(f"{t / sec:.2f}" if t else "")
        lines.append(f"| {name} | {size} | {sec:.3e} | " + " | ".join(cells) + " |")
    for m in ("mlp", "cnn"):
        ps, bg = mine.get((f"persample_{m}", "64")), mine.get((f"batchgrad_{m}", "64"))
        if ps and bg:
            lines.append("")
            lines.append(f"Per-sample gradients ({m}, B=64) take {ps / bg:.2f}x the time of strata's plain batch gradient (goal: at most 2x).")
    lines.append("")
bp = os.path.join(out, "gemm_builtin.txt")
if os.path.exists(bp):
    lines += ["## gemm, built-in kernel (STRATA_BLAS=off), one thread", "",
              "The rows above use OpenBLAS when bench/run finds it; these use strata's own packed AVX2 kernel.", "",
              "| workload | n | GFLOP/s |", "|---|---|---|"]
    for l in open(bp):
        f = l.split()
        if len(f) == 5 and f[2] == "1":
            lines.append(f"| {f[0]} | {f[1]} | {float(f[4]):.1f} |")
    lines.append("")
print("\n".join(lines))
