"""Peers of bench/hessian.c (workload 5), the seed's hessian benchmark on the MLP 2 -> W x 6 -> 3
with tanh: torch.func and JAX jit vmap(jacfwd(jacrev(f))); PyTorch double backward
(autograd.grad twice with create_graph, the weights requiring grad or not); the same plus the
weights' gradient of the summed second derivative in PyTorch and JAX jit."""
from common import jax, jnp, load, run, selected, torch

W = "hessian"
LAYERS = 7
PARAMS = [f"A{l + 1}" for l in range(LAYERS)] + [f"c{l + 1}" for l in range(LAYERS)]
GRADS = ["d" + n for n in PARAMS]


def mlp(m, p, h):  # m: torch or jnp; works on one x [2] and on a batch [B, 2]
    linear = torch.nn.functional.linear if m is torch else lambda h, a, c: h @ a.T + c
    for l in range(LAYERS):
        h = linear(h, p[l], p[LAYERS + l])
        if l < LAYERS - 1:
            h = m.tanh(h)
    return h


def torch_double(p, x, train):
    def f():
        y = mlp(torch, p, x)
        (g,) = torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)
        (gg,) = torch.autograd.grad(g, x, torch.ones_like(g), create_graph=True)
        if not train:
            return (gg,)
        # the last bias does not reach the second derivative: its gradient is zeros
        return (gg,) + torch.autograd.grad(gg.sum(), p, allow_unused=True, materialize_grads=True)
    return f


def jax_train(p, x):
    def d2(p, x):  # the second derivative d(sum g)/dx, g = d(sum y)/dx, over the whole batch
        g = jax.grad(lambda v: jnp.sum(mlp(jnp, p, v)))
        gg = jax.grad(lambda v: jnp.sum(g(v)))(x)
        return jnp.sum(gg), gg

    f = jax.jit(jax.grad(d2, has_aux=True))
    return lambda: f(p, x)


def main():
    for width in (128, 512):
        for mode in ("vmapjacfwdjacrev", "double", "double_wgrad", "hessian_train"):
            case = f"{mode}_w{width}"
            ins, want = load(W, case)
            if ins is None or not selected(case):
                continue
            B = ins["x"].shape[0]  # bench/hessian.c's batch
            if torch is not None:
                wgrad = mode in ("double_wgrad", "hessian_train")
                p = [torch.from_numpy(ins[n]).requires_grad_(wgrad) for n in PARAMS]
                if mode == "vmapjacfwdjacrev":
                    x = torch.from_numpy(ins["x"])
                    tf = torch.func
                    h = tf.vmap(tf.jacfwd(tf.jacrev(lambda v: mlp(torch, p, v))))
                    run(W, case, B, "torch.func", lambda: h(x), want, lambda r: {"H": r})
                else:
                    x = torch.from_numpy(ins["x"]).requires_grad_()
                    train = mode == "hessian_train"
                    out = lambda r: dict(zip(["d2"] + GRADS, r))
                    run(W, case, B, "torch", torch_double(p, x, train), want, out)
            if jax is not None and mode in ("vmapjacfwdjacrev", "hessian_train"):
                p = [jnp.asarray(ins[n]) for n in PARAMS]
                x = jnp.asarray(ins["x"])
                if mode == "vmapjacfwdjacrev":
                    # the weights are arguments, not constants XLA could fold into the program
                    h = jax.jit(lambda p, x: jax.vmap(jax.jacfwd(jax.jacrev(lambda v: mlp(jnp, p, v))))(x))
                    run(W, case, B, "jax_jit", lambda: h(p, x), want, lambda r: {"H": r})
                else:
                    out = lambda r: dict(zip(GRADS, r[0]), d2=r[1])
                    run(W, case, B, "jax_jit", jax_train(p, x), want, out)


if __name__ == "__main__":
    main()
