"""Peers of bench/jacobians.c (workload 4): the Jacobian of f(x) = tanh(W x) by jacrev, jacfwd
and vmap(jacrev) over a batch of inputs (128; 16 for 32 -> 2048). torch.func, JAX jit, and JAX
without jit where one call takes less than JAX_LIMIT seconds."""
import time

from common import jax, jnp, load, run, selected, sync, torch

W = "jacobians"
SHAPES = ((16, 16), (32, 2048), (2048, 32), (256, 256))
JAX_LIMIT = 5.0


def main():
    for n, m in SHAPES:
        for mode in ("jacrev", "jacfwd", "vmapjacrev"):
            case = f"{mode}_{n}_{m}"
            ins, want = load(W, case)
            if ins is None or not selected(case):
                continue
            size = ins["x"].shape[0] if mode == "vmapjacrev" else 1
            out = lambda r: {"J": r}
            if torch is not None:
                w, x = torch.from_numpy(ins["W"]), torch.from_numpy(ins["x"])
                tf = torch.func
                j = (tf.jacfwd if mode == "jacfwd" else tf.jacrev)(lambda v: torch.tanh(w @ v))
                j = tf.vmap(j) if mode == "vmapjacrev" else j
                run(W, case, size, "torch.func", lambda: j(x), want, out)
            if jax is not None:
                jw, jx = jnp.asarray(ins["W"]), jnp.asarray(ins["x"])
                # W is an argument, not a constant XLA could fold into the program
                g = (jax.jacfwd if mode == "jacfwd" else jax.jacrev)(lambda v, w: jnp.tanh(w @ v))
                g = jax.vmap(g, in_axes=(0, None)) if mode == "vmapjacrev" else g
                gj = jax.jit(g)
                run(W, case, size, "jax_jit", lambda: gj(jx, jw), want, out)
                t0 = time.perf_counter()
                sync(g(jx, jw))
                if time.perf_counter() - t0 < JAX_LIMIT:
                    run(W, case, size, "jax", lambda: g(jx, jw), want, out)
                else:
                    print(f"# {W} {case} jax: skipped, one call takes over {JAX_LIMIT:g} s", flush=True)


if __name__ == "__main__":
    main()
