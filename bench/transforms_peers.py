"""Peers of bench/transforms.c (torch.func, PyTorch eager, JAX with and without jit), same
workloads and line format:

    transforms <peer> <workload> <size> <seconds>
"""
import os
import statistics
import sys
import time

import torch
import torch.nn.functional as F
from torch.func import grad, jacfwd, jacrev, vmap

threads = int(os.environ.get("BENCH_THREADS", "1"))
torch.set_num_threads(threads)
only = sys.argv[1] if len(sys.argv) > 1 else ""

try:
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_platforms", "cpu")
except Exception:  # JAX is optional: rows without it say n/a
    jax = None


def median_time(fn, runs=7, reps=1):
    fn()
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        ts.append((time.perf_counter() - t0) / reps)
    return statistics.median(ts)


def emit(peer, name, size, sec):
    print(f"transforms {peer} {name} {size} {sec:.6e}", flush=True)


def block(x):
    return jax.tree_util.tree_map(lambda a: a.block_until_ready(), x)


def init(out, inp, g):
    return torch.randn(out, inp, generator=g) / inp


# ------------------------------------------------------------------------ per-sample gradients
def mlp_loss(params, x, y):
    W1, b1, W2, b2, W3, b3 = params
    h = F.relu(F.linear(x, W1, b1))
    h = F.relu(F.linear(h, W2, b2))
    return F.cross_entropy(F.linear(h, W3, b3), y)


def cnn_loss(params, x, y):
    Wc, bc, W, b = params
    batched = x.dim() == 4
    h = F.relu(F.conv2d(x if batched else x[None], Wc, bc))
    h = F.avg_pool2d(h, 2)
    h = h.flatten(1) if batched else h.flatten()
    return F.cross_entropy(F.linear(h, W, b), y)


def jax_mlp_loss(params, x, y):
    W1, b1, W2, b2, W3, b3 = params
    h = jax.nn.relu(x @ W1.T + b1)
    h = jax.nn.relu(h @ W2.T + b2)
    logits = h @ W3.T + b3
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits, -1), jnp.expand_dims(y, -1), -1))


def jax_cnn_loss(params, x, y):
    Wc, bc, W, b = params
    batched = x.ndim == 4
    xb = x if batched else x[None]
    h = jax.lax.conv_general_dilated(xb, Wc, (1, 1), "VALID") + bc[None, :, None, None]
    h = jax.nn.relu(h)
    h = jax.lax.reduce_window(h, 0.0, jax.lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID") / 4.0
    h = h.reshape(h.shape[0], -1) if batched else h.reshape(-1)
    logits = h @ W.T + b
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits, -1), jnp.expand_dims(y, -1), -1))


def per_sample():
    B = 64
    g = torch.Generator().manual_seed(0)
    y = torch.randint(0, 10, (B,), generator=g)
    cases = {
        "mlp": (mlp_loss, jax_mlp_loss,
                [init(128, 784, g), torch.zeros(128), init(128, 128, g), torch.zeros(128), init(10, 128, g), torch.zeros(10)],
                torch.randn(B, 784, generator=g)),
        "cnn": (cnn_loss, jax_cnn_loss,
                [torch.randn(8, 1, 3, 3, generator=g) / 3, torch.zeros(8), init(10, 8 * 13 * 13, g), torch.zeros(10)],
                torch.randn(B, 1, 28, 28, generator=g)),
    }
    for name, (loss, jloss, params, x) in cases.items():
        params = tuple(params)
        ps = vmap(grad(loss), in_dims=(None, 0, 0))
        emit("torch.func", f"persample_{name}", B, median_time(lambda: ps(params, x, y)))

        def loop():
            return [torch.autograd.grad(loss(tuple(p.requires_grad_() for p in params), x[i], y[i]), params) for i in range(B)]

        emit("torch_loop", f"persample_{name}", B, median_time(loop, runs=3))
        pr = tuple(p.detach().requires_grad_() for p in params)
        emit("torch", f"batchgrad_{name}", B, median_time(lambda: torch.autograd.grad(loss(pr, x, y), pr)))
        if jax is not None:
            jp = tuple(jnp.asarray(p.detach().numpy()) for p in params)
            jx, jy = jnp.asarray(x.numpy()), jnp.asarray(y.numpy())
            f = jax.vmap(jax.grad(jloss), in_axes=(None, 0, 0))
            emit("jax", f"persample_{name}", B, median_time(lambda: block(f(jp, jx, jy)), runs=3))
            fj = jax.jit(f)
            emit("jax_jit", f"persample_{name}", B, median_time(lambda: block(fj(jp, jx, jy))))


# -------------------------------------------------------------------------------- hessian
def hessian():
    for width, B in ((128, 1000), (512, 10000)):
        g = torch.Generator().manual_seed(0)
        sizes = [2] + [width] * 6 + [3]
        Ws = [init(sizes[l + 1], sizes[l], g) for l in range(7)]
        bs = [torch.zeros(sizes[l + 1]) for l in range(7)]
        x = torch.randn(B, 2, generator=g)

        def f(v):
            h = v
            for l in range(7):
                h = F.linear(h, Ws[l], bs[l])
                if l < 6:
                    h = torch.tanh(h)
            return h

        h = vmap(jacfwd(jacrev(f)))
        runs = 3 if width == 512 else 5
        emit("torch.func", f"hessian_w{width}", B, median_time(lambda: h(x), runs=runs))
        if jax is not None:
            jW = [jnp.asarray(w.numpy()) for w in Ws]
            jb = [jnp.asarray(b.numpy()) for b in bs]

            def jf(v):
                hh = v
                for l in range(7):
                    hh = hh @ jW[l].T + jb[l]
                    if l < 6:
                        hh = jnp.tanh(hh)
                return hh

            jh = jax.jit(jax.vmap(jax.jacfwd(jax.jacrev(jf))))
            jx = jnp.asarray(x.numpy())
            emit("jax_jit", f"hessian_w{width}", B, median_time(lambda: block(jh(jx)), runs=runs))


# ------------------------------------------------------------------------------- jacobians
def jacobians():
    for n, m in ((32, 2048), (2048, 32), (256, 256)):
        g = torch.Generator().manual_seed(0)
        W, x = init(m, n, g), torch.randn(n, generator=g)

        def f(v):
            return torch.tanh(W @ v)

        jr, jf = jacrev(f), jacfwd(f)
        emit("torch.func", f"jacrev_{n}_{m}", n * m, median_time(lambda: jr(x)))
        emit("torch.func", f"jacfwd_{n}_{m}", n * m, median_time(lambda: jf(x)))
        if jax is not None:
            jW, jx = jnp.asarray(W.numpy()), jnp.asarray(x.numpy())

            def jfn(v):
                return jnp.tanh(jW @ v)

            a, b = jax.jit(jax.jacrev(jfn)), jax.jit(jax.jacfwd(jfn))
            emit("jax_jit", f"jacrev_{n}_{m}", n * m, median_time(lambda: block(a(jx))))
            emit("jax_jit", f"jacfwd_{n}_{m}", n * m, median_time(lambda: block(b(jx))))


# -------------------------------------------------------------------------------- overhead
def overhead():
    x = torch.tensor([0.1, 0.2, 0.3, 0.4])

    def tiny(v):
        return (torch.sin(v) * v).sum()

    g1 = grad(tiny)
    g2 = grad(lambda v: g1(v).sum())
    g3 = grad(lambda v: g2(v).sum())
    for d, fn in ((1, g1), (2, g2), (3, g3)):
        emit("torch.func", f"overhead_grad{d}", 4, median_time(lambda: fn(x), runs=9, reps=200))

    def plain():
        v = x.detach().requires_grad_()
        return torch.autograd.grad(tiny(v), v)

    emit("torch", "overhead_plain", 4, median_time(plain, runs=9, reps=200))
    if jax is not None:
        jx = jnp.asarray(x.numpy())

        def jt(v):
            return jnp.sum(jnp.sin(v) * v)

        j1 = jax.grad(jt)
        j2 = jax.grad(lambda v: jnp.sum(j1(v)))
        j3 = jax.grad(lambda v: jnp.sum(j2(v)))
        for d, fn in ((1, j1), (2, j2), (3, j3)):
            emit("jax", f"overhead_grad{d}", 4, median_time(lambda: block(fn(jx)), runs=5, reps=20))
            jfn = jax.jit(fn)
            emit("jax_jit", f"overhead_grad{d}", 4, median_time(lambda: block(jfn(jx)), runs=9, reps=200))


if not only or only[0] == "o":
    overhead()
if not only or only[0] == "p":
    per_sample()
if not only or only[0] == "j":
    jacobians()
if not only or only[0] == "h":
    hessian()
