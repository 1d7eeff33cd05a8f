"""Peers of bench/hvp.c (workload 6): the Hessian-vector product of an MLP loss (tanh, mean
cross-entropy) w.r.t. its parameters, a list of tensors (W0, b0, W1, b1, ...), against a vector v
of the same shapes. torch.func jvp(grad), PyTorch double backward (create_graph), JAX jvp(grad)
without and with jit."""
from common import jax, jnp, load, run, selected, torch

W = "hvp"
CASES = (("b64", 64, 3), ("b256", 256, 4))


def torch_loss(x, y, nl):
    F = torch.nn.functional

    def loss(params):
        h = x
        for l in range(nl):
            h = F.linear(h, params[2 * l], params[2 * l + 1])
            if l < nl - 1:
                h = torch.tanh(h)
        return F.cross_entropy(h, y)

    return loss


def jax_loss(x, y, nl):
    def loss(params):
        h = x
        for l in range(nl):
            h = h @ params[2 * l].T + params[2 * l + 1]
            if l < nl - 1:
                h = jnp.tanh(h)
        logp = jax.nn.log_softmax(h, -1)
        return -jnp.mean(jnp.take_along_axis(logp, y[:, None], -1))

    return loss


def main():
    for case, B, nl in CASES:
        ins, want = load(W, case)
        if ins is None or not selected(case):
            continue
        names = [f"{k}{l}" for l in range(nl) for k in "wb"]
        out = lambda r: {f"h{n}": t for n, t in zip(names, r)}
        if torch is not None:
            x, y = torch.from_numpy(ins["x"]), torch.from_numpy(ins["y"])
            p = tuple(torch.from_numpy(ins[n]) for n in names)
            v = tuple(torch.from_numpy(ins[f"v{n}"]) for n in names)
            loss = torch_loss(x, y, nl)
            hvp = lambda: torch.func.jvp(torch.func.grad(loss), (p,), (v,))[1]
            run(W, case, B, "torch.func", hvp, want, out)
            leaves = [t.clone().requires_grad_() for t in p]

            def double_backward():
                g = torch.autograd.grad(loss(leaves), leaves, create_graph=True)
                return torch.autograd.grad(sum((gi * vi).sum() for gi, vi in zip(g, v)), leaves)

            run(W, case, B, "torch", double_backward, want, out)
        if jax is not None:
            x, y = jnp.asarray(ins["x"]), jnp.asarray(ins["y"])
            p = [jnp.asarray(ins[n]) for n in names]
            v = [jnp.asarray(ins[f"v{n}"]) for n in names]
            grad = jax.grad(jax_loss(x, y, nl))
            hvp = lambda p, v: jax.jvp(grad, (p,), (v,))[1]
            run(W, case, B, "jax", lambda: hvp(p, v), want, out)
            jhvp = jax.jit(hvp)
            run(W, case, B, "jax_jit", lambda: jhvp(p, v), want, out)


if __name__ == "__main__":
    main()
