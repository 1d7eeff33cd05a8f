"""Peer of bench/fashion.c (workload 11): Fashion-MNIST, the MLP 784-256-128-10 (relu) trained
two epochs with Adam (lr 1e-3) on shuffled batches of 64 in PyTorch eager mode, as a PyTorch
user writes it (nn.Sequential, F.cross_entropy, zero_grad / backward / step); the time of each
epoch and the test accuracy. Training runs differ (initialization, shuffling), so nothing is
checked equal: the accuracy lines say where each ended."""
import gzip
import os

import numpy as np

from common import result, selected, torch

W = "fashion"


def idx(path):
    raw = gzip.open(path).read()
    nd = raw[3]
    dims = [int.from_bytes(raw[4 + 4 * d : 8 + 4 * d], "big") for d in range(nd)]
    return np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * nd).reshape(dims)


def split(d, name):
    x = (idx(f"{d}/{name}-images-idx3-ubyte.gz").reshape(-1, 784).astype(np.float32) / 255 - 0.2860) / 0.3530
    return torch.from_numpy(x), torch.from_numpy(idx(f"{d}/{name}-labels-idx1-ubyte.gz").astype(np.int64))


def main():
    d = os.environ.get("FASHION_MNIST_DIR") or "/usr/share/datasets/fashion-mnist"
    if torch is None or not selected("mlp_epoch") or not os.path.exists(f"{d}/train-images-idx3-ubyte.gz"):
        return
    import time

    import torch.nn as nn
    import torch.nn.functional as F

    xtr, ytr = split(d, "train")
    xte, yte = split(d, "t10k")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 128), nn.ReLU(), nn.Linear(128, 10))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    times = []
    for _ in range(2):
        t0 = time.perf_counter()
        perm = torch.randperm(len(xtr))
        for k in range(0, len(xtr), 64):
            i = perm[k : k + 64]
            loss = F.cross_entropy(model(xtr[i]), ytr[i])
            opt.zero_grad()
            loss.backward()
            opt.step()
        times.append(time.perf_counter() - t0)
    with torch.no_grad():
        acc = (model(xte).argmax(1) == yte).float().mean().item()
    result(W, "mlp_epoch", 60000, "torch", (sum(times) / 2, min(times), max(times)))
    print(f"ACCURACY fashion mlp_epoch torch {acc:.4f}", flush=True)


if __name__ == "__main__":
    main()
