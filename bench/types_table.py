#!/usr/bin/env python3
"""The types suite (bench/types/types_bench.cu) as a markdown table: one row
per capability, one column per key type, each cell "ordo ms (t x)" where t is
ordo's time over its CUB baseline's in the same run (at most 1.00: at least as
fast as CUB) and x the multiple of the copy floor.

    python3 bench/types_table.py bench/results/h200/issue32/types-<commit>.json
"""
import json
import sys

BASELINE = {  # capability (+ value) -> the baseline impl the issue compares with
    "sort": "cub_radix", "sort_pairs": "cub_radix_pairs", "sort_idx": "cub_radix_pairs",
    "rank": "cub_radix_pairs", "rank_sorted": "cub_scan", "segmented_sort": "cub_radix_pairs",
    "merge": None, "scan": "cub_scan", "reduce": "cub_reduce", "compact": "cub_select",
    "split": None, "topk": "cub_radix_pairs",
}
TYPES = ["int32", "int64", "uint64", "float32", "float64"]


def label(r):
    p = r.get("params") or {}
    cap = r["capability"]
    if cap == "split":
        return f"split, {p['k']} ways"
    if cap == "merge":
        return "merge pairs (uint64 values)" if r.get("value") else "merge keys"
    if cap == "sort_pairs":
        return "sort pairs (uint64 values)"
    if cap == "segmented_sort":
        return "segmented sort, 1024 (uint64 values) vs full SortPairs"
    if cap == "scan" and p.get("kind") == "segmented":
        return "segmented scan, a head every 997, vs InclusiveScanByKey"
    if cap == "scan":
        return "scan (plus; floats: max)"
    if cap == "reduce":
        return "reduce (plus; floats: max)"
    if cap == "rank":
        return "rank min vs SortPairs(key, index)"
    if cap == "rank_sorted":
        return "rank_sorted min vs max-scan"
    if cap == "topk":
        return "topk 1024 vs SortPairsDescending"
    return cap


def measured(path):
    """(cells, order): cells[(row label, key type)] = (ordo ms, ordo / baseline time,
    multiple of the copy floor, verified); order: the row labels as they come."""
    rows = json.load(open(path))["rows"]
    cells, order = {}, []
    for r in rows:
        if r["impl"] != "ordo" or not r.get("default", True):  # the table shows the defaults
            continue
        key = r["key"].replace("float", "float32").replace("double", "float64")
        same = [b for b in rows if b["impl"] != "ordo" and b["capability"] == r["capability"]
                and b["key"] == r["key"] and b.get("params") == r.get("params") and b.get("value") == r.get("value")]
        want = BASELINE.get(r["capability"])
        if r["capability"] == "scan" and (r.get("params") or {}).get("kind") == "segmented":
            want = "cub_scan_by_key"
        base = next((b for b in same if want is None or b["impl"] == want), None)
        t = r["ms"] / base["ms"] if base else float("nan")
        lab = label(r)
        if lab not in order:
            order.append(lab)
        cells[(lab, key)] = (r["ms"], t, r["ms"] / r["copy_floor_ms"], r["verified"])
    return cells, order


def main(path):
    cells, order = measured(path)

    def cell(c):
        return f"{c[0]:.2f} ({c[1]:.2f}, {c[2]:.1f}x){'' if c[3] else ' WRONG'}" if c else ""

    print("| row | " + " | ".join(TYPES) + " |")
    print("| --- |" + " ---: |" * len(TYPES))
    for lab in order:
        print(f"| {lab} | " + " | ".join(cell(cells.get((lab, t))) for t in TYPES) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
