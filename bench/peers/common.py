"""What every peer script in bench/peers/ shares: reading strata's exchange files, the equality
check that comes before any timing, the timing protocol of bench/bench.h, and the output lines:

    CHECK  <workload> <case> <impl> ok|MISMATCH <relative error>
    RESULT <workload> <case> <size> <impl> <median s> <min s> <max s>

A peer whose result differs from strata's is reported as a mismatch and not timed.
"""
import json
import os
import statistics
import struct
import sys
import time

import numpy as np

THREADS = int(os.environ.get("BENCH_THREADS", "1"))
RUNS = max(5, int(os.environ.get("BENCH_RUNS", "7")))
MIN_TIME = float(os.environ.get("BENCH_MIN_TIME", "0.05"))
OUT = os.environ.get("BENCH_OUT", os.path.join(os.path.dirname(__file__), "..", "out"))
TOL = {np.dtype(np.float32): 1e-4, np.dtype(np.float64): 1e-10}

try:
    import torch

    torch.set_num_threads(THREADS)
    torch.set_num_interop_threads(THREADS)
except Exception:  # the report leaves the column empty
    torch = None

try:
    import jax

    jax.config.update("jax_enable_x64", True)  # float64 cases; float32 arrays stay float32
    import jax.numpy as jnp
except Exception:
    jax = jnp = None

_DTYPES = {"F32": np.float32, "F64": np.float64, "I64": np.int64, "I32": np.int32, "BOOL": np.bool_}


def load(workload, case):
    """The exchange file of one case as two dicts (inputs, expected results) of NumPy arrays,
    or (None, None) when strata did not write it."""
    path = os.path.join(OUT, "data", f"{workload}_{case}.safetensors")
    if not os.path.exists(path):
        return None, None
    raw = open(path, "rb").read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    base = 8 + n
    ins, outs = {}, {}
    for key, e in header.items():
        if key == "__metadata__":
            continue
        a, b = e["data_offsets"]
        arr = np.frombuffer(raw[base + a : base + b], dtype=_DTYPES[e["dtype"]]).reshape(e["shape"])
        kind, name = key.split(".", 1)
        (ins if kind == "in" else outs)[name] = arr.copy()
    return ins, outs


def to_numpy(x):
    if torch is not None and isinstance(x, torch.Tensor):
        return x.detach().cpu().numpy()
    return np.asarray(x)


def rel_error(got, want):
    got, want = to_numpy(got).astype(np.float64), np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        return float("inf")
    if want.size == 0:
        return 0.0
    scale = max(float(np.max(np.abs(want))), 1e-30)
    return float(np.max(np.abs(got - want))) / scale


def check(workload, case, impl, got, want):
    """got: name -> array for every name in want. Prints the CHECK line; True when equal within
    the tolerance of want's dtype (relative 1e-4 in float32, 1e-10 in float64)."""
    err, ok = 0.0, True
    for name, w in want.items():
        e = rel_error(got[name], w)
        err = max(err, e)
        ok &= e <= TOL.get(w.dtype, 0.0)
    print(f"CHECK {workload} {case} {impl} {'ok' if ok else 'MISMATCH'} {err:.3e}", flush=True)
    return ok


def sync(x):
    """Waits for JAX's asynchronous dispatch; a no-op for everything else."""
    if jax is not None:
        jax.block_until_ready(x)
    return x


def timeit(fn):
    """bench/bench.h's protocol: warm-up, RUNS samples each lasting about MIN_TIME seconds;
    (median, min, max) seconds per call."""
    t0 = time.perf_counter()
    sync(fn())
    once = time.perf_counter() - t0
    reps = max(1, int(MIN_TIME / once)) if once > 0 else 1000
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        for _ in range(reps):
            r = fn()
        sync(r)
        times.append((time.perf_counter() - t0) / reps)
    return statistics.median(times), min(times), max(times)


def result(workload, case, size, impl, stat):
    print(f"RESULT {workload} {case} {size} {impl} {stat[0]:.6e} {stat[1]:.6e} {stat[2]:.6e}", flush=True)


def run(workload, case, size, impl, fn, want, outputs):
    """Checks fn's first result (outputs(r) -> name -> array) against strata's, then times fn."""
    try:
        r = fn()
        if not check(workload, case, impl, outputs(r), want):
            return
        result(workload, case, size, impl, timeit(fn))
    except Exception as e:  # one peer failing must not lose the other rows
        print(f"# {workload} {case} {impl} failed: {type(e).__name__}: {e}", file=sys.stderr, flush=True)


def selected(case):
    return len(sys.argv) < 2 or sys.argv[1] in case
