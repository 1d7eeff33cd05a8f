"""Peers of bench/ensemble.c (workload 7): M MLPs 784-128-128-10 (relu) with stacked weights, all
on the same x [64, 784], forward only. torch.func vmap over the stacked weights (x unbatched), a
PyTorch loop over the models, JAX jit of vmap."""
from common import jax, jnp, load, run, selected, torch

W = "ensemble"
NAMES = ("w0", "b0", "w1", "b1", "w2", "b2")


def mlp(relu, w0, b0, w1, b1, w2, b2, x):
    h = relu(x @ w0.T + b0)
    h = relu(h @ w1.T + b1)
    return h @ w2.T + b2


def main():
    for M in (10, 64):
        case = f"m{M}"
        ins, want = load(W, case)
        if ins is None or not selected(case):
            continue
        out = lambda r: {"out": r}
        if torch is not None:
            p = [torch.from_numpy(ins[n]) for n in NAMES]
            x = torch.from_numpy(ins["x"])
            f = lambda *a: mlp(torch.relu, *a)
            vf = torch.func.vmap(f, in_dims=(0,) * 6 + (None,))

            def vmapped():
                with torch.no_grad():
                    return vf(*p, x)

            run(W, case, M, "torch.func", vmapped, want, out)

            def loop():
                with torch.no_grad():
                    return torch.stack([f(*(t[m] for t in p), x) for m in range(M)])

            run(W, case, M, "torch_loop", loop, want, out)
        if jax is not None:
            p = [jnp.asarray(ins[n]) for n in NAMES]
            x = jnp.asarray(ins["x"])
            jf = jax.jit(jax.vmap(lambda *a: mlp(jax.nn.relu, *a), in_axes=(0,) * 6 + (None,)))
            run(W, case, M, "jax_jit", lambda: jf(*p, x), want, out)


if __name__ == "__main__":
    main()
