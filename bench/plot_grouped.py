#!/usr/bin/env python3
"""Plots the grouped suite (bench/grouped/grouped_bench.cu): each issue-31
row as ordo's time over the reference it is held to in the same run (the
target as a mark on its bar), and the label path's ratio across commits.
   /usr/bin/python3 bench/plot_grouped.py RESULTS_DIR [OUT.png]
RESULTS_DIR holds grouped-<commit>.json files (bench/results/h200/issue31)."""
import glob
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

# Commits in the order they were measured (the file names carry no date).
HISTORY = ["ee4c491", "5558d60", "bbe0156", "bca863a", "55c08bf", "172961c", "f98efe7", "b102abe",
           "1b25aa3", "7269597", "8079e44", "0018ec0", "07c2158"]


def rows_of(path):
    return json.load(open(path))["rows"]


def ms(rows, capability, impl, variant=None, **params):
    for r in rows:
        if r["capability"] != capability or r["impl"] != impl:
            continue
        if variant is not None and r["variant"] != variant:
            continue
        if all(r.get("params", {}).get(k) == v for k, v in params.items()):
            return r["ms"]
    return None


def ratios(rows):
    """(label, ordo / reference, target) for the rows the issue holds to a bar."""
    out = []
    lab = ms(rows, "grouped_rank", "ordo", "labels")
    un = ms(rows, "grouped_rank", "ordo_rank_ungrouped")
    if lab and un:
        out.append(("grouped rank, 2^20 labels\n/ ungrouped rank", lab / un, 1.3))
    comp = ms(rows, "grouped_rank", "cub_composition")
    if lab and comp:
        out.append(("grouped rank, 2^20 labels\n/ CUB composition", lab / comp, 1 / 3))
    seg = ms(rows, "grouped_rank", "ordo", "segments")
    pairs = ms(rows, "grouped_rank", "ordo_segmented_sort")
    if seg and pairs:
        out.append(("grouped rank, segments of 1024\n/ segmented sort of pairs", seg / pairs, 1.2))
    lex = ms(rows, "lexsort_idx", "ordo")
    packed = ms(rows, "lexsort_idx", "cub_radix_pairs")
    if lex and packed:
        out.append(("lexsort_idx, 2 columns\n/ CUB SortPairs, packed key", lex / packed, 1.3))
    return out


def main(folder, png):
    files = {os.path.basename(p)[len("grouped-"):-len(".json")]: p
             for p in glob.glob(os.path.join(folder, "grouped-*.json"))}
    latest = [c for c in HISTORY if c in files and c != "0018ec0"][-1]  # 0018ec0 was reverted
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5), gridspec_kw={"width_ratios": [3, 2]})

    bars = ratios(rows_of(files[latest]))
    xs = range(len(bars))
    left.bar(xs, [r for _, r, _ in bars], color=["tab:green" if r <= t else "tab:red" for _, r, t in bars])
    for x, (_, r, t) in zip(xs, bars):
        left.hlines(t, x - 0.4, x + 0.4, colors="black", linestyles="dashed")
        left.text(x, r, f"{r:.3f}", ha="center", va="bottom", fontsize=8)
    left.set_xticks(list(xs))
    left.set_xticklabels([b for b, _, _ in bars], fontsize=7)
    left.set_ylabel("ordo time / reference time (dashed: the issue's bar)")
    left.set_title(f"Issue 31 rows, 2^28 int32, one H200 run ({latest})", fontsize=9)

    hist = [(c, ratios(rows_of(files[c]))) for c in HISTORY if c in files]
    labels_ratio = [(c, next(r for b, r, _ in rs if b.startswith("grouped rank, 2^20 labels\n/ ungrouped")))
                    for c, rs in hist if rs]
    right.plot(range(len(labels_ratio)), [r for _, r in labels_ratio], marker="o")
    right.axhline(1.3, color="black", linestyle="dashed", linewidth=0.8)
    right.set_xticks(range(len(labels_ratio)))
    right.set_xticklabels([c for c, _ in labels_ratio], rotation=45, ha="right", fontsize=7)
    right.set_ylabel("grouped rank by labels / ungrouped rank")
    right.set_title("The label path across commits (same suite, one run each)", fontsize=9)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "docs/benchmarks/grouped-h200.png")
