"""Peers of bench/persample.c (workload 3): per-sample gradients of one example's cross-entropy
loss w.r.t. every parameter of an MLP 784-128-128-10 and of a small CNN. torch.func
(vmap(grad)), a PyTorch loop of autograd.grad over the examples, JAX vmap(grad) without and with
jit, and PyTorch's batch gradient of the mean loss ("torch_batch", for reference: not checked)."""
import torch.nn.functional as F

from common import jax, jnp, load, result, run, selected, timeit, torch

W = "persample"
PARAMS = {"mlp": ("W1", "b1", "W2", "b2", "W3", "b3"), "cnn": ("Wc", "bc", "W", "b")}


def torch_mlp(p, x, y):
    W1, b1, W2, b2, W3, b3 = p
    h = F.relu(F.linear(x, W1, b1))
    h = F.relu(F.linear(h, W2, b2))
    return F.cross_entropy(F.linear(h, W3, b3), y)


def torch_cnn(p, x, y):
    Wc, bc, Wl, bl = p
    batched = x.dim() == 4
    h = F.relu(F.conv2d(x if batched else x[None], Wc, bc))
    h = F.avg_pool2d(h, 2)
    h = h.flatten(1) if batched else h.flatten()
    return F.cross_entropy(F.linear(h, Wl, bl), y)


def jax_xent(logits, y):
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits, -1), y[..., None], -1))


def jax_mlp(p, x, y):
    W1, b1, W2, b2, W3, b3 = p
    h = jax.nn.relu(x @ W1.T + b1)
    h = jax.nn.relu(h @ W2.T + b2)
    return jax_xent(h @ W3.T + b3, y)


def jax_cnn(p, x, y):  # one example: x [1, 28, 28]
    Wc, bc, Wl, bl = p
    h = jax.lax.conv_general_dilated(x[None], Wc, (1, 1), "VALID") + bc[None, :, None, None]
    h = jax.nn.relu(h)
    h = jax.lax.reduce_window(h, 0.0, jax.lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID") / 4.0
    return jax_xent(h.reshape(-1) @ Wl.T + bl, y)


def main():
    for B in (64, 512):
        for model in ("mlp", "cnn"):
            case = f"{model}_b{B}"
            ins, want = load(W, case)
            if ins is None or not selected(case):
                continue
            names = PARAMS[model]
            out = lambda r: dict(zip(names, r))
            if torch is not None:
                loss = torch_mlp if model == "mlp" else torch_cnn
                p = tuple(torch.from_numpy(ins[n]) for n in names)
                x, y = torch.from_numpy(ins["x"]), torch.from_numpy(ins["y"])
                ps = torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0, 0))
                run(W, case, B, "torch.func", lambda: ps(p, x, y), want, out)

                pr = tuple(t.clone().requires_grad_() for t in p)

                def loop():
                    gs = [torch.autograd.grad(loss(pr, x[i], y[i]), pr) for i in range(B)]
                    return [torch.stack(g) for g in zip(*gs)]

                run(W, case, B, "torch_loop", loop, want, out)
                result(W, case, B, "torch_batch", timeit(lambda: torch.autograd.grad(loss(pr, x, y), pr)))
            if jax is not None:
                jloss = jax_mlp if model == "mlp" else jax_cnn
                jp = tuple(jnp.asarray(ins[n]) for n in names)
                jx, jy = jnp.asarray(ins["x"]), jnp.asarray(ins["y"])
                g = jax.vmap(jax.grad(jloss), in_axes=(None, 0, 0))
                run(W, case, B, "jax", lambda: g(jp, jx, jy), want, out)
                gj = jax.jit(g)
                run(W, case, B, "jax_jit", lambda: gj(jp, jx, jy), want, out)


if __name__ == "__main__":
    main()
