#!/usr/bin/env python3
"""Plots bench/results/h100/primitives.json: each ordo default against its CUB
baseline (speedup), and the share of copy bandwidth each reaches.
   python3 bench/plot_primitives.py [JSON] [OUTDIR]"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

src = sys.argv[1] if len(sys.argv) > 1 else "bench/results/h100/primitives.json"
out = sys.argv[2] if len(sys.argv) > 2 else "docs/benchmarks"
d = json.load(open(src))
rows = d["rows"]


def key(r):
    return (r["capability"], r["value"], json.dumps(r["params"], sort_keys=True), r["n"])


labels, speedups, shares = [], [], []
for r in rows:
    if r["impl"] != "ordo" or not r["default"] or "cpu" in r["variant"]:
        continue
    if (r["params"] or {}).get("fig") == "sizes":
        continue
    base = [b for b in rows if b["impl"] != "ordo" and key(b) == key(r) and b["impl"] != "cub_radix_pairs"]
    if not base and r["capability"] == "split":
        base = [b for b in rows if b["impl"] != "ordo" and key(b) == key(r)]
    if not base:
        continue
    b = base[0]
    p = r["params"] or {}
    extra = ",".join(f"{k}={v}" for k, v in p.items() if k in ("k", "kind"))
    labels.append(f"{r['capability']}{'+v' if r['value'] and r['capability'] == 'merge' else ''}"
                  f"{' ' + extra if extra else ''}\nn={r['n'] >> 20}M vs {b['impl']}")
    speedups.append(b["ms"] / r["ms"])
    shares.append(r["copy_floor_ms"] / r["ms"] if r["copy_floor_ms"] else 0)

fig, ax = plt.subplots(1, 2, figsize=(14, 6))
ax[0].barh(labels, speedups, color=["tab:green" if s >= 1 else "tab:gray" if s >= 1 / 1.1 else "tab:red" for s in speedups])
ax[0].axvline(1, color="k", lw=0.8)
ax[0].set_xlabel("speedup over the CUB baseline (baseline ms / ordo ms)")
ax[0].invert_yaxis()
ax[1].barh(labels, shares, color="tab:blue")
ax[1].axvline(0.8, color="k", ls="--", lw=0.8)
ax[1].set_xlabel("share of copy bandwidth (copy floor ms / ordo ms)")
ax[1].invert_yaxis()
ax[1].set_yticklabels([])
fig.suptitle(f"BSGP primitives on the {d['device']} (commit {d['commit'][:7]})")
fig.tight_layout()
fig.savefig(f"{out}/primitives.png", dpi=110)

# Table 2 of the paper: sort time against n for merge and radix.
t2 = [r for r in rows if r["capability"] == "sort_idx" and (r["params"] or {}).get("fig") in ("table2", "sizes")]
fig, ax = plt.subplots(figsize=(7, 4.5))
for impl, variant, style in [("ordo", "sample_sort", "D-"), ("ordo", "merge_path", "o-"), ("ordo", "binary_search", "s-"),
                             ("cub_merge_pairs", None, "^--"), ("cub_radix_pairs", None, "v--")]:
    pts = sorted((r["n"], r["ms"]) for r in t2 if r["impl"] == impl and (variant is None or r["variant"] == variant))
    if pts:
        ax.plot([p[0] / 2**20 for p in pts], [p[1] for p in pts], style, label=f"{impl} {variant or ''}")
ax.set_xscale("log", base=2)
ax.set_yscale("log")
ax.set_xlabel("pairs (M)")
ax.set_ylabel("ms")
ax.set_title("Table 2 setting and smaller sizes: (uint32 key, uint32 index) sort on the H100")
ax.legend()
fig.tight_layout()
fig.savefig(f"{out}/primitives_table2.png", dpi=110)
