#!/usr/bin/env python3
"""Segmented sort figures from bench/results/h100/segmented_sort.json:
docs/benchmarks/segsort_uniform.png (the paper's Fig. 11: throughput over
uniform segment lengths, ordo vs CUB DeviceSegmentedSort) and
docs/benchmarks/segsort_powerlaw.png (Fig. 12: speedup over CUB, alpha x max)."""
import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

root = Path(__file__).resolve().parent.parent
src = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "bench/results/h100/segmented_sort.json"
out = root / "docs/benchmarks"
d = json.loads(src.read_text())
rows = [r for r in d["rows"] if r.get("value") == "uint32" and r["variant"] in ("adaptive", "SortPairs")]


def ms(impl, **p):
    for r in rows:
        if r["impl"] == impl and all(r["params"].get(k) == v for k, v in p.items()):
            return r["ms"]
    return None


lens = sorted({r["params"]["len"] for r in rows if r["params"].get("shape") == "uniform"})
fig, ax = plt.subplots(figsize=(7, 4))
for impl, label in (("ordo", "ordo (adaptive)"), ("cub_segmented_sort", "CUB DeviceSegmentedSort")):
    t = [ms(impl, shape="uniform", len=l) for l in lens]
    ax.plot(lens, [r["n"] / 1e9 / (x / 1e3) if x else np.nan for x, r in zip(t, [rows[0]] * len(t))], "o-", label=label)
ax.set_xscale("log", base=2)
ax.set_xlabel("segment length (uniform)")
ax.set_ylabel("G pairs / s")
ax.set_title(f"Segmented sort, 2^28 uint32 pairs, {d['device']} ({d['commit']})")
ax.legend()
ax.grid(alpha=0.3)
fig.tight_layout()
fig.savefig(out / "segsort_uniform.png", dpi=120)

alphas, maxes = [0.5, 1.0, 1.5], [50, 500, 2000]
grid = np.array([[ms("cub_segmented_sort", shape="power_law", alpha=a, max=m) / ms("ordo", shape="power_law", alpha=a, max=m)
                  for m in maxes] for a in alphas])
fig, ax = plt.subplots(figsize=(5, 4))
im = ax.imshow(grid, cmap="RdYlGn", norm=matplotlib.colors.LogNorm(vmin=0.25, vmax=16))
ax.set_xticks(range(len(maxes)), [str(m) for m in maxes])
ax.set_yticks(range(len(alphas)), [str(a) for a in alphas])
ax.set_xlabel("max segment length")
ax.set_ylabel("alpha")
for i in range(len(alphas)):
    for j in range(len(maxes)):
        ax.text(j, i, f"{grid[i, j]:.2f}x", ha="center", va="center")
ax.set_title("ordo speedup over CUB (power law)")
fig.colorbar(im, ax=ax)
fig.tight_layout()
fig.savefig(out / "segsort_powerlaw.png", dpi=120)
print("wrote", out / "segsort_uniform.png", out / "segsort_powerlaw.png")
