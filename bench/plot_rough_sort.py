#!/usr/bin/env python3
"""Roughsort figures from bench/results/h100/{radius,sort}.json:
docs/benchmarks/rough_sort_k.png    2^28: time vs k (uint32 keys: ordo adaptive sort,
                                    rough_sort(k) and its tiles pass, radius, CUB radix
                                    sort; uint32 pairs and uint64 keys against CUB)
docs/benchmarks/rough_sort_fig1_2.png  the paper's Fig. 1/2: radius time vs n (k = 2, 100)
docs/benchmarks/rough_sort_fig3_6.png  the paper's Fig. 3-6: sort time vs n (k = 2, 15)
                                    and vs k (n = 0.75e6, 1.25e6), log scale"""
import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

root = Path(__file__).resolve().parent.parent
res = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "bench/results/h100"
out = root / "docs/benchmarks"
sort = json.loads((res / "sort.json").read_text())["rows"]
radius = json.loads((res / "radius.json").read_text())["rows"]
big = max(r["n"] for r in sort)

# --- the 2^28 sweep over k: uint32 keys (left); pairs and 64-bit keys (right)
fig, (ax, ax2) = plt.subplots(1, 2, figsize=(13, 4.6))
def series(rows, cap, impl, variant, key="uint32", value=None):
    pts = [(r["params"]["k"], r["ms"]) for r in rows if r["n"] == big and r["capability"] == cap and r["impl"] == impl
           and r["variant"] == variant and r["params"]["k"] != "random" and r.get("key", "uint32") == key
           and r.get("value") == value]
    return zip(*sorted(pts)) if pts else ([], [])
for (cap, impl, var, label, rows) in [("sort", "ordo", "adaptive", "ordo sort (adaptive, detection included)", sort),
                                      ("rough_sort", "ordo", "runs", "ordo rough_sort(k)", sort),
                                      ("rough_sort", "ordo", "radix_runs", "ordo rough_sort(k), radix_runs (tiles)", sort),
                                      ("sort", "cub_radix_sort", "SortKeys", "CUB DeviceRadixSort", sort),
                                      ("radius", "ordo", "gpu", "ordo radius", radius)]:
    x, y = series(rows, cap, impl, var)
    ax.plot(list(x), list(y), marker="o", label=label)
floor = [r["copy_floor_ms"] for r in sort if r["n"] == big and r["impl"] == "ordo" and r.get("value") is None][0]
ax.axhline(floor, color="gray", ls=":", label=f"copy floor (read + write) {floor:.2f} ms")
ax.set_xscale("log", base=2)
ax.set_xlabel("radius k")
ax.set_ylabel("ms (H100, 2^28 uint32 keys)")
ax.set_title("Roughsort vs radix sort over the radius")
ax.legend(fontsize=7)
for (impl, var, key, value, label) in [("ordo", "runs", "uint32", "uint32", "pairs: window kernel (runs)"),
                                       ("ordo", "radix_runs", "uint32", "uint32", "pairs: tiles (radix_runs)"),
                                       ("cub_radix_sort", "SortPairs", "uint32", "uint32", "pairs: CUB SortPairs"),
                                       ("ordo", "automatic", "uint64", None, "uint64 keys: ordo rough_sort(k)"),
                                       ("cub_radix_sort", "SortKeys", "uint64", None, "uint64 keys: CUB SortKeys")]:
    x, y = series(sort, "rough_sort", impl, var, key, value)
    ax2.plot(list(x), list(y), marker="o", label=label, ls="--" if key == "uint64" else "-")
ax2.set_xscale("log", base=2)
ax2.set_xlabel("radius k")
ax2.set_ylabel("ms (H100, 2^28)")
ax2.set_title("uint32/uint32 pairs and uint64 keys")
ax2.legend(fontsize=7)
fig.tight_layout()
fig.savefig(out / "rough_sort_k.png", dpi=120)

# --- Fig. 1/2: radius vs n
fig, axes = plt.subplots(1, 2, figsize=(9, 3.6))
for ax, (f, k) in zip(axes, [("fig1", 2), ("fig2", 100)]):
    for var, label in [("cpu_sequential", "CPU sequential"), ("cpu", "CPU threads"), ("gpu", "GPU")]:
        pts = sorted((r["n"], r["ms"]) for r in radius if r.get("fig") == f and r["variant"] == var)
        if pts:
            ax.plot([p[0] / 1e6 for p in pts], [p[1] for p in pts], marker="o", label=label)
    ax.set_yscale("log")
    ax.set_xlabel("n (millions)")
    ax.set_ylabel("ms")
    ax.set_title(f"radius, k = {k} (paper Fig. {f[-1]})")
    ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(out / "rough_sort_fig1_2.png", dpi=120)

# --- Fig. 3-6
impls = [("std_stable_sort", "mergesort", "std::stable_sort"), ("std_sort", "introsort", "std::sort"),
         ("ordo", "cpu_halving", "Roughsort (halving, 1 thread)"), ("ordo", "cpu_runs_sequential", "Roughsort runs (1 thread)"),
         ("ordo", "cpu_bubble", "Bubblesort"), ("ordo", "cpu_runs", "Roughsort runs (all threads)"),
         ("cub_radix_sort", "SortKeys", "CUB radix sort"), ("ordo", "gpu_runs", "GPU Roughsort"),
         ("ordo", "gpu_adaptive", "GPU adaptive sort")]
fig, axes = plt.subplots(2, 2, figsize=(11, 8))
for ax, (f, xkey, title) in zip(axes.flat, [("fig3", "n", "k = 2 (Fig. 3)"), ("fig4", "n", "k = 15 (Fig. 4)"),
                                            ("fig5", "k", "n = 0.75e6 (Fig. 5)"), ("fig6", "k", "n = 1.25e6 (Fig. 6)")]):
    for impl, var, label in impls:
        pts = sorted(((r["n"] / 1e6 if xkey == "n" else r["params"]["k"]), r["ms"]) for r in sort
                     if r.get("fig") == f and r["impl"] == impl and r["variant"] == var)
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".", label=label)
    ax.set_yscale("log")
    if xkey == "k":
        ax.set_xscale("log", base=2)
    ax.set_xlabel("n (millions)" if xkey == "n" else "k")
    ax.set_ylabel("ms")
    ax.set_title(title)
axes.flat[0].legend(fontsize=7)
fig.tight_layout()
fig.savefig(out / "rough_sort_fig3_6.png", dpi=120)
print("wrote rough_sort_k.png, rough_sort_fig1_2.png, rough_sort_fig3_6.png")
