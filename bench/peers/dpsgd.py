"""Peers of bench/dpsgd.c (workload 10): one DP-SGD step at batch 256 on the MLP 784-128-128-10,
with torch.func: per-sample gradients by vmap(grad), then Opacus' clipping
(opacus/optimizers/optimizer.py clip_and_accumulate: per-sample norms of every parameter stacked,
their norm, clamp(max_norm / (norm + 1e-6), max=1), einsum("i,i...", factor, grad)), Gaussian
noise, the mean, and torch.optim.SGD. Rows grads, clip and step as strata's; the clip row is
checked against strata's clipped sums."""
import torch.nn.functional as F

from common import load, result, run, timeit, torch

W = "dpsgd"
NAMES = ("W1", "b1", "W2", "b2", "W3", "b3")
B = 256


def loss(p, x, y):
    W1, b1, W2, b2, W3, b3 = p
    h = F.relu(F.linear(x, W1, b1))
    h = F.relu(F.linear(h, W2, b2))
    return F.cross_entropy(F.linear(h, W3, b3), y)


def clip(per_sample, max_norm=1.0):
    norms = torch.stack([g.reshape(len(g), -1).norm(2, dim=-1) for g in per_sample], dim=1).norm(2, dim=1)
    factor = (max_norm / (norms + 1e-6)).clamp(max=1.0)
    return [torch.einsum("i,i...", factor, g) for g in per_sample]


def main():
    ins, want = load(W, "clip")
    if ins is None or torch is None:
        return
    p = tuple(torch.from_numpy(ins[n]) for n in NAMES)
    x, y = torch.from_numpy(ins["x"]), torch.from_numpy(ins["y"])
    per_sample = torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0, 0))
    ps = per_sample(p, x, y)
    out = lambda r: dict(zip(NAMES, r))
    run(W, "clip", B, "torch.func", lambda: clip(ps), want, out)
    result(W, "grads", B, "torch.func", timeit(lambda: per_sample(p, x, y)))

    params = [t.clone() for t in p]
    opt = torch.optim.SGD(params, lr=0.1)

    def step():
        sums = clip(per_sample(tuple(params), x, y))
        for q, s in zip(params, sums):
            q.grad = (s + torch.randn_like(s)) / B
        opt.step()

    result(W, "step", B, "torch.func", timeit(step))


if __name__ == "__main__":
    main()
