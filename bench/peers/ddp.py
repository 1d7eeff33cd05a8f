"""Peer of bench/ddp.c (workload 13): the same MLP training step (f32, relu, mean cross-entropy,
SGD lr 0.01, B rows per rank) with torch.nn.parallel.DistributedDataParallel over the gloo
backend (25 MiB buckets, its default), one process per rank with one thread each, each process
bound to its own core. Prints, for rank 0, the same line as bench/ddp.c:

    DDP <case> <ranks> <torch_single|torch_ddp> <median step s> 0 0

usage: python ddp.py <b64|b1024> <ranks>"""
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

SIZES = {"b64": (64, (784, 128, 128, 10), 300), "b1024": (1024, (2048, 2048, 2048, 2048, 10), 6)}


def model(sizes):
    layers = []
    for l in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[l], sizes[l + 1]))
        if l < len(sizes) - 2:
            layers.append(torch.nn.ReLU())
    return torch.nn.Sequential(*layers)


def worker(rank, world, case, port):
    os.sched_setaffinity(0, {rank % os.cpu_count()})
    torch.set_num_threads(1)
    torch.set_num_interop_threads(1)
    B, sizes, steps = SIZES[case]
    torch.manual_seed(2)
    net = model(sizes)
    if world > 1:
        os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
        dist.init_process_group("gloo", rank=rank, world_size=world)
        net = torch.nn.parallel.DistributedDataParallel(net, bucket_cap_mb=25)
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    torch.manual_seed(100 + rank)
    x, y = torch.randn(B, sizes[0]), torch.randint(0, sizes[-1], (B,))

    def step():
        loss = torch.nn.functional.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    for _ in range(2):
        step()
    times = []
    for _ in range(steps):
        if world > 1:
            dist.barrier()
        t0 = time.perf_counter()
        step()
        t = torch.tensor([time.perf_counter() - t0], dtype=torch.float64)
        if world > 1:
            dist.all_reduce(t, op=dist.ReduceOp.MAX)
        times.append(t.item())
    times.sort()
    if rank == 0:
        mode = "torch_ddp" if world > 1 else "torch_single"
        print(f"DDP {case} {world} {mode} {times[len(times) // 2]:.6g} 0 0", flush=True)
    if world > 1:
        dist.barrier()
        dist.destroy_process_group()
        os._exit(0)  # gloo's threads can abort at interpreter exit (std::terminate)


if __name__ == "__main__":
    case, world = sys.argv[1], int(sys.argv[2])
    port = 29500 + os.getpid() % 1000
    if world == 1:
        worker(0, 1, case, port)
    else:
        mp.spawn(worker, args=(world, case, port), nprocs=world, join=True)
