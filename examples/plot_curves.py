"""Plots the curves a training example wrote (examples/fashion_mnist.c's CSV: epoch, step,
train_loss, train_acc, test_acc) into a PNG beside it:

    bench/.venv/bin/python examples/plot_curves.py fashion_mlp.csv [more.csv ...]
"""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(paths):
    fig, (ax_loss, ax_acc) = plt.subplots(1, 2, figsize=(10, 4))
    for path in paths:
        rows = list(csv.DictReader(open(path)))
        label = os.path.splitext(os.path.basename(path))[0]
        steps = [int(r["step"]) for r in rows]
        ax_loss.plot(steps, [float(r["train_loss"]) for r in rows], label=label)
        ax_acc.plot(steps, [100 * float(r["train_acc"]) for r in rows], label=f"{label} train")
        test = [(int(r["step"]), 100 * float(r["test_acc"])) for r in rows if r["test_acc"]]
        if test:
            ax_acc.plot(*zip(*test), "o-", label=f"{label} test")
    ax_loss.set_xlabel("step")
    ax_loss.set_ylabel("training loss (running mean over the epoch)")
    ax_acc.set_xlabel("step")
    ax_acc.set_ylabel("accuracy (%)")
    for ax in (ax_loss, ax_acc):
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    out = os.path.splitext(paths[0])[0] + ".png"
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
