#!/usr/bin/env python3
"""Figures of the list_rank benchmark (bench/results/<device>/list_rank.json):

    list_rank_fig5.png   time vs n, 1K..64M random lists: CPU sequential traversal,
                         ordo CPU Helman-JaJa, Wyllie and RHJ on the GPU (paper Fig. 5 / Table 2)
    list_rank_fig9.png   load balance vs coalescing, 2M and 4M nodes: random/ordered lists
                         with random/equidistant splitters, and a CUB scan (paper Fig. 9)
    list_rank_tuning.png RHJ time vs first-level splitter stride (random and ordered 2^25)

    /usr/bin/python3 bench/plot_list_rank.py [--results DIR] [--out docs/benchmarks]
"""
import argparse
import json
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def rows_of(doc, fig):
    return [r for r in doc["rows"] if r.get("params", {}).get("fig") == fig]


def fig5(doc, out):
    rows = rows_of(doc, "table2")
    fig, ax = plt.subplots(figsize=(9, 5.5))
    series = [("cpu_traversal", None, "CPU sequential traversal (1 thread)"),
              ("ordo_cpu", "helman_jaja", "ordo CPU Helman-JaJa (all cores)"),
              ("ordo", "wyllie", "ordo GPU Wyllie"),
              ("ordo", "rhj", "ordo GPU RHJ"),
              ("ordo", "auto", "ordo GPU default")]
    for impl, variant, label in series:
        pts = sorted((r["n"], r["ms"]) for r in rows
                     if r["impl"] == impl and (variant is None or r["variant"] == variant))
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label,
                    lw=2.4 if variant == "auto" else 1.4)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("nodes (random list)")
    ax.set_ylabel("time, ms (median)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    ax.set_title("List ranking, random lists (paper Fig. 5 / Table 2)\n%s, commit %s" % (doc["device"], doc["commit"]))
    fig.tight_layout()
    fig.savefig(os.path.join(out, "list_rank_fig5.png"), dpi=120)


def fig9(doc, out):
    rows = rows_of(doc, "fig9")
    labels, values = [], []
    for r in rows:
        what = "%s list, %s" % (r["params"]["list"], r["variant"].replace("rhj ", "")) if r["impl"] == "ordo" \
            else "CUB inclusive scan"
        labels.append("%s\nn=%dM" % (what, r["n"] >> 20))
        values.append(r["ms"])
    fig, ax = plt.subplots(figsize=(11, 5.5))
    ax.bar(range(len(values)), values, color=["C0" if "random list" in l else "C1" if "ordered" in l else "C2"
                                               for l in labels])
    ax.set_xticks(range(len(values)))
    ax.set_xticklabels(labels, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("time, ms (median)")
    ax.set_title("Load balance and coalescing (paper Fig. 9), RHJ on %s" % doc["device"])
    fig.tight_layout()
    fig.savefig(os.path.join(out, "list_rank_fig9.png"), dpi=120)


def tuning(doc, out):
    rows = rows_of(doc, "tuning")
    fig, ax = plt.subplots(figsize=(8, 5))
    for shape in ("random", "ordered"):
        for deep in (8, 16, 32):
            pts = sorted((r["params"]["splitter_stride"], r["ms"]) for r in rows
                         if r["params"]["list"] == shape and r["params"]["deep_stride"] == deep)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                        label="%s list, deep stride %d" % (shape, deep))
    ax.set_xscale("log", base=2)
    ax.set_xlabel("first-level splitter stride (nodes per splitter)")
    ax.set_ylabel("time, ms (n = 2^25)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("RHJ tuning on %s" % doc["device"])
    fig.tight_layout()
    fig.savefig(os.path.join(out, "list_rank_tuning.png"), dpi=120)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", default="bench/results/h100")
    ap.add_argument("--out", default="docs/benchmarks")
    a = ap.parse_args()
    with open(os.path.join(a.results, "list_rank.json")) as f:
        doc = json.load(f)
    os.makedirs(a.out, exist_ok=True)
    fig5(doc, a.out)
    fig9(doc, a.out)
    tuning(doc, a.out)


if __name__ == "__main__":
    main()
