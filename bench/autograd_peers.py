"""PyTorch eager peers of bench/autograd.c, same workloads and line format:

    autograd torch <workload> <size> <seconds>
"""
import os
import statistics
import sys
import time

import torch

torch.set_num_threads(int(os.environ.get("BENCH_THREADS", "1")))
CHAIN = 1000


def median(fn, runs):
    fn()
    return statistics.median(fn() for _ in range(runs))


def overhead(mode):
    def run():
        x = torch.ones(16, requires_grad=mode > 0)
        t0 = time.perf_counter()
        y = x
        if mode == 0:
            with torch.no_grad():
                for _ in range(CHAIN // 2):
                    y = (y * 0.999) + 0.001
        else:
            for _ in range(CHAIN // 2):
                y = (y * 0.999) + 0.001
            if mode == 2:
                y.sum().backward()
        return (time.perf_counter() - t0) / CHAIN
    return run


def hessian(width, batch, wgrad, train):
    torch.manual_seed(0)
    sizes = [2] + [width] * 6 + [3]
    ws = [(torch.randn(sizes[l + 1], sizes[l]) / sizes[l]).requires_grad_(bool(wgrad)) for l in range(7)]
    bs = [torch.zeros(sizes[l + 1]).requires_grad_(bool(wgrad)) for l in range(7)]
    x = torch.randn(batch, 2, requires_grad=True)

    def run():
        t0 = time.perf_counter()
        h = x
        for l in range(7):
            h = torch.nn.functional.linear(h, ws[l], bs[l])
            if l < 6:
                h = torch.tanh(h)
        g, = torch.autograd.grad(h, x, torch.ones_like(h), create_graph=True)
        gg, = torch.autograd.grad(g, x, torch.ones_like(g), create_graph=True)
        if train:
            gg.sum().backward()
        return time.perf_counter() - t0
    return run


def mlp_step():
    torch.manual_seed(1)
    ws, bs, fan = [], [], 2048
    for l in range(4):
        out = 10 if l == 3 else 2048
        ws.append((torch.randn(out, fan) * 0.02).requires_grad_())
        bs.append(torch.zeros(out, requires_grad=True))
        fan = out
    x, target = torch.randn(1024, 2048), torch.randint(0, 10, (1024,))

    def run():
        t0 = time.perf_counter()
        h = x
        for l in range(4):
            h = torch.nn.functional.linear(h, ws[l], bs[l])
            if l < 3:
                h = torch.relu(h)
        torch.nn.functional.cross_entropy(h, target).backward()
        with torch.no_grad():
            for p in ws + bs:
                p -= 0.01 * p.grad
                p.grad = None
        return time.perf_counter() - t0
    return run


if __name__ == "__main__":
    quick = len(sys.argv) > 1
    for mode, name in enumerate(["overhead_forward_nograd", "overhead_forward_record", "overhead_forward_backward"]):
        print(f"autograd torch {name} 16 {median(overhead(mode), 7):.6e}", flush=True)
    for width, batch in [(128, 1000), (512, 10000)][: 1 if quick else 2]:
        for wgrad in (0, 1):
            for train in range(1 + wgrad):
                name = f"hessian_{'wgrad' if wgrad else 'nowgrad'}{'_train' if train else ''}_w{width}"
                print(f"autograd torch {name} {batch} {median(hessian(width, batch, wgrad, train), 5):.6e}", flush=True)
    if not quick:
        print(f"autograd torch mlp_step 1024 {median(mlp_step(), 5):.6e}", flush=True)
