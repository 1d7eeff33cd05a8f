"""Peer timings for bench/run: the same workloads as bench/gemm.c and bench/elementwise.c, run
with NumPy and PyTorch in this process. Prints one line per case in the C programs' format:

    gemm        <peer> <name> <size> <threads> <seconds> <GFLOP/s>
    elementwise <peer> <name> <size> <seconds> <GB/s>

Thread counts are pinned by bench/run through OMP_NUM_THREADS / OPENBLAS_NUM_THREADS for the
whole process; torch.set_num_threads is set to the same value here.
"""
import os
import statistics
import sys
import time

import numpy as np

try:
    import torch
except Exception:  # the report marks the column as unavailable
    torch = None

THREADS = int(os.environ.get("BENCH_THREADS", "1"))
if torch is not None:
    torch.set_num_threads(THREADS)


def median_time(fn, runs=7, min_time=0.05):
    fn()  # warm-up
    reps = 1
    t0 = time.perf_counter()
    fn()
    once = max(time.perf_counter() - t0, 1e-9)
    reps = max(1, int(min_time / once))
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        times.append((time.perf_counter() - t0) / reps)
    return statistics.median(times)


def gemm_cases():
    for dt_name, np_dt in (("f32", np.float32), ("f64", np.float64)):
        for n in (256, 512, 1024, 2048):
            a = np.random.default_rng(0).standard_normal((n, n)).astype(np_dt)
            b = np.random.default_rng(1).standard_normal((n, n)).astype(np_dt)
            flops = 2.0 * n ** 3
            s = median_time(lambda: a @ b, runs=5)
            print(f"gemm numpy matmul_{dt_name} {n} {THREADS} {s:.6e} {flops / s / 1e9:.2f}")
            if torch is not None:
                ta, tb = torch.from_numpy(a), torch.from_numpy(b)
                s = median_time(lambda: ta @ tb, runs=5)
                print(f"gemm torch matmul_{dt_name} {n} {THREADS} {s:.6e} {flops / s / 1e9:.2f}")
            sys.stdout.flush()


ELEMENTWISE = {
    "add": (2, lambda m, x, y: m.add(x, y)),
    "mul": (2, lambda m, x, y: m.multiply(x, y) if m is np else m.mul(x, y)),
    "exp": (1, lambda m, x, y: m.exp(x)),
    "tanh": (1, lambda m, x, y: m.tanh(x)),
    "sigmoid": (1, lambda m, x, y: 1 / (1 + np.exp(-x)) if m is np else torch.sigmoid(x)),
    "relu": (1, lambda m, x, y: np.maximum(x, 0) if m is np else torch.relu(x)),
}


def elementwise_cases():
    for n in (1 << 20, 1 << 24):
        x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
        y = np.random.default_rng(1).standard_normal(n).astype(np.float32)
        for name, (arity, fn) in ELEMENTWISE.items():
            nbytes = 4.0 * n * (arity + 1)
            s = median_time(lambda: fn(np, x, y))
            print(f"elementwise numpy {name} {n} {s:.6e} {nbytes / s / 1e9:.2f}")
            if torch is not None:
                tx, ty = torch.from_numpy(x), torch.from_numpy(y)
                s = median_time(lambda: fn(torch, tx, ty))
                print(f"elementwise torch {name} {n} {s:.6e} {nbytes / s / 1e9:.2f}")
            sys.stdout.flush()


if __name__ == "__main__":
    which = sys.argv[1:] or ["gemm", "elementwise"]
    if "gemm" in which:
        gemm_cases()
    if "elementwise" in which:
        elementwise_cases()
