#!/usr/bin/env python3
"""Plots one ordo_bench_cpu run (bench/cpu/cpu_bench.cpp; issue 30's CPU
frontier): each row's speed-up over the baseline a user would otherwise run,
in the same process, with the issue's target where it sets one; and rank's
time over ordo's own sort of (key, index) pairs (the issue's 1.3x bar).
   /usr/bin/python3 bench/cpu/plot_cpu.py CPU_JSON [OUT.png]"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

# (label, capability, ordo's params, baseline impl, baseline params, target speed-up)
SPEEDUPS = [
    ("sort uint32 vs gnu parallel", "sort", "uint32", None, "__gnu_parallel::sort", None, 2.0),
    ("sort uint32 vs std::sort(par)", "sort", "uint32", None, "std::sort(par) tbb", None, 1.5),
    ("sort int64 vs gnu parallel", "sort", "int64", None, "__gnu_parallel::sort", None, 2.0),
    ("sort int64 vs std::sort(par)", "sort", "int64", None, "std::sort(par) tbb", None, 1.5),
    ("sort_idx, user comparator", "sort_idx", "uint32", {"comparator": "user"},
     "__gnu_parallel::stable_sort pairs", {"comparator": "user"}, 1.5),
    ("segsort uniform 32", "segsort", "uint32", {"segments": "uniform32"}, "OpenMP loop of std::sort",
     {"segments": "uniform32"}, 2.0),
    ("segsort uniform 2048", "segsort", "uint32", {"segments": "uniform2048"}, "OpenMP loop of std::sort",
     {"segments": "uniform2048"}, 2.0),
    ("segsort power law", "segsort", "uint32", {"segments": "powerlaw"}, "OpenMP loop of std::sort",
     {"segments": "powerlaw"}, 2.0),
    ("list rank 2^25", "list_rank", "uint32", None, "sequential walk", None, 20.0),
]
# rank_sorted min on every worker against the paper's loop at each recurring
# probability p (issue 30: at least 8x at every p).
SPEEDUPS += [(f"rank_sorted min, p = {p:g}", "rank_sorted", "int32", {"recurring": p}, "sequential loop",
              {"recurring": p}, 8.0) for p in (0.0, 0.5, 0.9, 0.99, 0.999, 0.9999, 0.99999, 0.999999, 1.0)]


def matches(row, params):
    p = row.get("params") or {}
    return params is None or all(p.get(k) == v for k, v in params.items())


def find(rows, cap, impl, key, params):
    hits = [r for r in rows if r["capability"] == cap and r["impl"] == impl and r["key"] == key and matches(r, params)]
    return hits[0]["ms"] if hits else None


def main(path, png):
    d = json.load(open(path))
    rows = d["rows"]
    labels, ratios, targets = [], [], []
    for label, cap, key, params, base, base_params, target in SPEEDUPS:
        ordo = find(rows, cap, "ordo", key, params)
        b = find(rows, cap, base, key, base_params)
        if ordo and b:
            labels.append(label)
            ratios.append(b / ordo)
            targets.append(target)
    pair = find(rows, "rank", "ordo sort (key,index)", "int32", None)
    rank = [(m, find(rows, "rank", "ordo", "int32", {"method": m})) for m in ("min", "average")]
    rank.append(("min\nsort_back", find(rows, "rank", "ordo", "int32", {"method": "min", "variant": "sort_back"})))
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(15, 5.5), gridspec_kw={"width_ratios": [4, 1.2]})
    xs = range(len(labels))
    a1.bar(xs, ratios, color=["tab:green" if r >= t else "tab:red" for r, t in zip(ratios, targets)])
    a1.scatter(xs, targets, marker="_", s=400, color="black", zorder=3, label="issue 30's target")
    for x, r in zip(xs, ratios):
        a1.text(x, r * 1.05, f"{r:.2f}x", ha="center", fontsize=7)
    a1.set_xticks(list(xs))
    a1.set_xticklabels(labels, rotation=35, ha="right", fontsize=8)
    a1.set_yscale("log")
    a1.set_ylabel("baseline time / ordo time (log; > 1: ordo faster)")
    a1.legend(fontsize=8)
    if pair:
        vals = [(m, t / pair) for m, t in rank if t]
        a2.bar([m for m, _ in vals], [v for _, v in vals],
               color=["tab:green" if v <= 1.3 else "tab:red" for _, v in vals])
        a2.axhline(1.3, color="black", linewidth=0.8, label="target 1.3x")
        for i, (_, v) in enumerate(vals):
            a2.text(i, v * 1.02, f"{v:.2f}x", ha="center", fontsize=8)
        a2.set_ylabel("rank time / ordo's (key, index) sort time")
        a2.legend(fontsize=8, loc="lower right")
    fig.suptitle(f"ordo::cpu{{}} at the CPU frontier: {d.get('threads')} threads, 2^{d.get('log2n')} keys, "
                 f"commit {d.get('commit', '?')} (one run: each ratio from the same process)")
    fig.tight_layout()
    fig.savefig(png, dpi=120)
    print("wrote", png)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "docs/benchmarks/cpu_frontier.png")
