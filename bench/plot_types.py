#!/usr/bin/env python3
"""Plots the types suite (bench/types/types_bench.cu): per capability and key
type, ordo's time over its CUB baseline's in the same run (below 1: faster).
   /usr/bin/python3 bench/plot_types.py JSON [OUT.png]"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from types_table import TYPES, measured  # noqa: E402


def main(path, png):
    cells, order = measured(path)
    fig, ax = plt.subplots(figsize=(12, 6))
    width = 0.16
    for i, t in enumerate(TYPES):
        xs = [j + (i - 2) * width for j in range(len(order))]
        ax.bar(xs, [cells[(lab, t)][1] if (lab, t) in cells else 0 for lab in order], width, label=t)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(order)))
    ax.set_xticklabels(order, rotation=35, ha="right", fontsize=8)
    ax.set_yscale("log")
    ax.set_ylabel("ordo time / CUB baseline time (log; < 1: ordo faster)")
    with open(path) as f:
        run = json.load(f)
    device = run.get("device", "GPU").replace("NVIDIA ", "")
    ax.set_title(f"Every capability on every key type, 2^28 elements, one {device} run ({run.get('commit', '?')})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "docs/benchmarks/types-h200.png")
