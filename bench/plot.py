#!/usr/bin/python3
"""Turns ordo_bench result files into the PNGs and the summary table of docs/benchmarks.

    python3 bench/plot.py [--results bench/results/h100] [--out docs/benchmarks]

Reads <results>/rank_sorted.json and <results>/rank.json (the format of
bench-protocol.md, "Result files") and writes into <out>:

    rank_fig7.png             time vs recurring probability p (0..1), n = 2^27  (paper Fig. 7)
    rank_fig8.png             time at high p (0.9, 0.99, ..., 1), n = 2^27      (paper Fig. 8)
    rank_fig11.png            time vs n at p = 0.5                              (paper Fig. 11)
    rank_fig12.png            speed-up over the sequential CPU loop vs n        (paper Fig. 12)
    rank_sorted_methods.png   every rank method's default variant at the main size, per p
    rank_unsorted.png         rank over unsorted keys: ordo vs CUB
    summary.md                the ratio tables (also printed on stdout)

Everything is derived from the JSON alone: which variant is the default, the sizes, the p
values and the copy floors. A figure whose rows are missing is skipped with a warning.
Rows whose "verified" is false are marked in the plots and in the tables.
"""

import argparse
import json
import math
import os
import sys

try:
    import matplotlib
except ImportError:  # the pyenv python3 may lack matplotlib; the system one has it
    if os.path.exists("/usr/bin/python3") and not os.environ.get("ORDO_PLOT_REEXEC"):
        os.environ["ORDO_PLOT_REEXEC"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    sys.exit("bench/plot.py: needs matplotlib (pip install matplotlib, or run with /usr/bin/python3)")

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402

METHODS = ["min", "max", "dense", "ordinal", "average"]
PAPER_VARIANTS = ["naive", "shuffle", "hybrid"]
# Fixed colours so a variant looks the same in every figure.
COLORS = {
    "naive": "#d62728",
    "shuffle": "#ff7f0e",
    "hybrid": "#2ca02c",
    "block_search": "#1f77b4",
    "lookback": "#9467bd",
    "scan": "#8c564b",
    "cub_scan": "#000000",
    "parallel_search": "#8c564b",
    "copy_floor": "#7f7f7f",
}
METHOD_COLORS = {
    "min": "#1f77b4",
    "max": "#2ca02c",
    "dense": "#9467bd",
    "ordinal": "#ff7f0e",
    "average": "#8c564b",
}
UNVERIFIED = "#e41a1c"


def warn(msg):
    print("plot.py: warning: " + msg, file=sys.stderr)


# ----------------------------------------------------------------------------- loading


def load(path):
    if not os.path.exists(path):
        warn("%s not found; its figures are skipped" % path)
        return None
    with open(path) as f:
        return json.load(f)


def is_cpu(r):
    return r.get("params", {}).get("backend") == "cpu"


def fig_of(r):
    return r.get("params", {}).get("fig")


def short_commit(doc):
    c = str(doc.get("commit", "unknown"))
    return c[:12] if len(c) >= 12 and all(ch in "0123456789abcdef" for ch in c.lower()) else c


def header(doc):
    return "%s, commit %s, %s" % (doc.get("device", "unknown device"), short_commit(doc), doc.get("date", "?"))


def pow2(n):
    lg = math.log2(n) if n > 0 else 0
    return "2^%d" % round(lg) if n > 0 and abs(lg - round(lg)) < 1e-9 else str(n)


def fmt_p(p):
    if p == 1:
        return "1"
    if p == 0:
        return "0"
    return ("%.10f" % p).rstrip("0").rstrip(".")


def fmt_n(n):
    for unit, div in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if n >= div and n % div == 0:
            return "%d%s" % (n // div, unit)
    return str(n)


def main_key(rows):
    """The key type the figures use: int32 when present, else the most common one."""
    keys = [r.get("key") for r in rows]
    if "int32" in keys:
        return "int32"
    return max(set(keys), key=keys.count) if keys else None


def pick(rows, **want):
    """Rows whose fields (or params fields, prefixed p_) equal the given values."""
    out = []
    for r in rows:
        ok = True
        for k, v in want.items():
            if k.startswith("p_"):
                have = r.get("params", {}).get(k[2:])
            else:
                have = r.get(k)
            if callable(v):
                if not v(have):
                    ok = False
                    break
            elif have != v:
                ok = False
                break
        if ok:
            out.append(r)
    return out


def one(rows, what):
    """The single row of a selection; the last one, with a warning, if there are several."""
    if not rows:
        return None
    if len(rows) > 1:
        warn("%d rows for %s; using the last" % (len(rows), what))
    return rows[-1]


def default_variant_rows(rows):
    """Default-variant ordo GPU rows."""
    return [r for r in rows if r.get("impl") == "ordo" and r.get("default") and not is_cpu(r)]


def variant_label(names):
    names = sorted(set(names))
    return "/".join(names) if names else "?"


# ----------------------------------------------------------------------------- figure helpers


def new_fig(title, doc, size=(9, 5.5)):
    fig, ax = plt.subplots(figsize=size)
    fig.suptitle(title, fontsize=13, fontweight="bold")
    ax.set_title(header(doc), fontsize=9, color="#444444")
    ax.grid(True, which="major", alpha=0.35)
    ax.grid(True, which="minor", alpha=0.12)
    return fig, ax


def save(fig, out_dir, name, written):
    path = os.path.join(out_dir, name)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    written.append(path)
    print("wrote " + path, file=sys.stderr)


def series_styles(rows):
    """(label, colour, style, key) per GPU series of a sweep: the paper's three, the default
    variant, the other ordo variants, the CUB baseline."""
    ordo = [r for r in rows if r.get("impl") == "ordo" and not is_cpu(r)]
    variants = []
    for r in ordo:
        if r["variant"] not in variants:
            variants.append(r["variant"])
    defaults = sorted({r["variant"] for r in ordo if r.get("default")})
    if len(defaults) > 1:
        warn("more than one default variant in a sweep: %s" % defaults)
    order = [v for v in PAPER_VARIANTS if v in variants]
    order += [v for v in defaults if v not in order]
    order += [v for v in variants if v not in order]
    series = []
    for v in order:
        if v in defaults:
            label = "ordo default (%s)" % v
            style = dict(lw=2.6, marker="o", ms=6, zorder=5)
        elif v in PAPER_VARIANTS:
            label = "%s (paper)" % v
            style = dict(lw=1.6, marker="s", ms=5)
        else:
            label = "ordo %s" % v
            style = dict(lw=1.3, marker="^", ms=5, ls="--", alpha=0.8)
        series.append((label, COLORS.get(v, None), style, ("ordo", v)))
    cub = sorted({r["variant"] for r in rows if r.get("impl") == "cub_scan"})
    if cub:
        series.append(("CUB scan (%s)" % variant_label(cub), COLORS["cub_scan"],
                       dict(lw=1.8, marker="D", ms=5, ls=":"), ("cub_scan", None)))
    return series


def series_rows(rows, key):
    impl, variant = key
    return [r for r in rows if r.get("impl") == impl and not is_cpu(r)
            and (variant is None or r.get("variant") == variant)]


def log_y(ax, label):
    """Log-scale y axis with plain-number labels at 1, 2, 3, 5 x 10^k."""
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 3.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: "%g" % float("%.3g" % v)))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_ylabel(label)


def mark_unverified(ax, xs, ys, flags):
    bad = [(x, y) for x, y, ok in zip(xs, ys, flags) if not ok]
    if bad:
        ax.scatter([b[0] for b in bad], [b[1] for b in bad], s=140, facecolors="none",
                   edgecolors=UNVERIFIED, linewidths=2, zorder=10)
    return bool(bad)


def unverified_handle():
    return Line2D([], [], ls="none", marker="o", ms=11, markerfacecolor="none",
                  markeredgecolor=UNVERIFIED, markeredgewidth=2, label="verified = false")


def md_header(cols):
    """The two lines that open a Markdown table with these column titles."""
    return ["| " + " | ".join(cols) + " |", "|" + "|".join(["---"] * len(cols)) + "|"]


def pair_cell(a, b, text):
    """A table cell comparing rows a and b: text(), marked ✗ unless both are verified; "-" when either is missing."""
    if not (a and b):
        return "-"
    return text() + ("" if a.get("verified") and b.get("verified") else " ✗")


def legend_right(ax, any_bad, title):
    """The legend right of the axes, with the unverified marker's entry where a point is one."""
    handles, _ = ax.get_legend_handles_labels()
    if any_bad:
        handles.append(unverified_handle())
    ax.legend(handles=handles, loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=9, title=title,
              title_fontsize=9)


# ----------------------------------------------------------------------------- rank_sorted figures


def plot_p_sweep(doc, rows, out_dir, written, high):
    sweep = [r for r in rows if fig_of(r) == "7-8"]
    if not sweep:
        warn("no fig 7-8 rows; %s skipped" % ("rank_fig8.png" if high else "rank_fig7.png"))
        return
    ps = sorted({r["params"]["p"] for r in sweep})
    if high:
        ps = [p for p in ps if p >= 0.9 - 1e-12]
        if not ps:
            warn("no p >= 0.9 in fig 7-8 rows; rank_fig8.png skipped")
            return
    else:
        # The paper's Fig. 7 steps p by 0.1; the points between 0.9 and 1 belong to Fig. 8.
        grid = [p for p in ps if abs(p * 10 - round(p * 10)) < 1e-9]
        if len(grid) >= 3:
            ps = grid
    ns = sorted({r["n"] for r in sweep})
    n_label = ", ".join(fmt_n(n) for n in ns)
    title = ("Fig. 8: rank_sorted time at high recurring probability" if high
             else "Fig. 7: rank_sorted time vs recurring probability p")
    fig, ax = new_fig(title, doc, size=(10, 6))
    xpos = {p: i for i, p in enumerate(ps)} if high else {p: p for p in ps}
    any_bad = False
    for label, color, style, key in series_styles(sweep):
        pts = sorted((r["params"]["p"], r["ms"], r.get("verified", False))
                     for r in series_rows(sweep, key) if r["params"]["p"] in xpos)
        if not pts:
            continue
        xs = [xpos[p] for p, _, _ in pts]
        ys = [ms for _, ms, _ in pts]
        ax.plot(xs, ys, label=label, color=color, **style)
        any_bad |= mark_unverified(ax, xs, ys, [ok for _, _, ok in pts])
    floors = sorted({(r["params"]["p"], r["copy_floor_ms"]) for r in sweep
                     if r.get("copy_floor_ms") and r["params"]["p"] in xpos})
    if floors:
        fl = {}
        for p, f in floors:
            fl.setdefault(p, f)
        xs = [xpos[p] for p in sorted(fl)]
        ax.plot(xs, [fl[p] for p in sorted(fl)], color=COLORS["copy_floor"], lw=1.5, ls="-.",
                label="copy floor (D2D memcpy)")
    log_y(ax, "time per call (ms, log scale)")
    if high:
        ax.set_xticks(range(len(ps)))
        ax.set_xticklabels([fmt_p(p) for p in ps])
        ax.set_xlabel("recurring probability p (categorical)")
    else:
        ax.set_xlim(-0.03, 1.03)
        ax.set_xticks([i / 10 for i in range(11)])
        ax.set_xlabel("recurring probability p (probability that a key repeats its predecessor)")
    legend_right(ax, any_bad, "n = %s int32 keys, min ranks" % n_label)
    save(fig, out_dir, "rank_fig8.png" if high else "rank_fig7.png", written)


def plot_n_sweep(doc, rows, out_dir, written):
    sweep = [r for r in rows if fig_of(r) == "11-12"]
    if not sweep:
        warn("no fig 11-12 rows; rank_fig11.png and rank_fig12.png skipped")
        return
    ns = sorted({r["n"] for r in sweep})
    p_label = ", ".join(fmt_p(p) for p in sorted({r["params"]["p"] for r in sweep}))

    def set_n_axis(ax):
        ax.set_xscale("log", base=2)
        ax.set_xticks(ns)
        ax.set_xticklabels(["%s\n(%s)" % (fmt_n(n), pow2(n)) for n in ns])
        ax.minorticks_off()
        ax.set_xlabel("number of elements n (log2 scale)")

    # Fig. 11: time vs n.
    fig, ax = new_fig("Fig. 11: rank_sorted time vs number of elements", doc, size=(10, 6))
    any_bad = False
    for label, color, style, key in series_styles(sweep):
        pts = sorted((r["n"], r["ms"], r.get("verified", False)) for r in series_rows(sweep, key))
        if not pts:
            continue
        xs, ys = [a for a, _, _ in pts], [b for _, b, _ in pts]
        ax.plot(xs, ys, label=label, color=color, **style)
        any_bad |= mark_unverified(ax, xs, ys, [c for _, _, c in pts])
    fl = {}
    for r in sweep:
        if r.get("copy_floor_ms"):
            fl.setdefault(r["n"], r["copy_floor_ms"])
    if fl:
        ax.plot(sorted(fl), [fl[n] for n in sorted(fl)], color=COLORS["copy_floor"], lw=1.5, ls="-.",
                label="copy floor (D2D memcpy)")
    set_n_axis(ax)
    log_y(ax, "time per call (ms, log scale)")
    legend_right(ax, any_bad, "p = %s, int32 keys, min ranks" % p_label)
    save(fig, out_dir, "rank_fig11.png", written)

    # Fig. 12: speed-up over the sequential CPU loop.
    seq = {}
    for r in sweep:
        if r.get("impl") == "cpu_sequential":
            seq[r["n"]] = r["ms"]
    if not seq:
        warn("no cpu_sequential rows in fig 11-12; rank_fig12.png skipped")
        return
    fig, ax = new_fig("Fig. 12: speed-up over the sequential CPU loop vs number of elements", doc,
                      size=(10, 6))
    any_bad = False
    series = series_styles(sweep)
    cpu_par = [r for r in sweep if r.get("impl") == "ordo" and is_cpu(r)]
    threads = sorted({r.get("threads") for r in cpu_par if r.get("threads")})
    for label, color, style, key in series:
        pts = sorted((r["n"], seq[r["n"]] / r["ms"], r.get("verified", False))
                     for r in series_rows(sweep, key) if r["n"] in seq and r["ms"] > 0)
        if not pts:
            continue
        xs, ys = [a for a, _, _ in pts], [b for _, b, _ in pts]
        ax.plot(xs, ys, label=label, color=color, **style)
        any_bad |= mark_unverified(ax, xs, ys, [c for _, _, c in pts])
    for v in sorted({r["variant"] for r in cpu_par}):
        pts = sorted((r["n"], seq[r["n"]] / r["ms"], r.get("verified", False))
                     for r in cpu_par if r["variant"] == v and r["n"] in seq and r["ms"] > 0)
        xs, ys = [a for a, _, _ in pts], [b for _, b, _ in pts]
        tl = (", %s threads" % "/".join(str(t) for t in threads)) if threads else ""
        ax.plot(xs, ys, label="CPU ordo %s%s" % (v, tl), color=COLORS.get(v, "#8c564b"), lw=1.8,
                marker="v", ms=6, ls="-")
        any_bad |= mark_unverified(ax, xs, ys, [c for _, _, c in pts])
    ax.axhline(1.0, color=COLORS["copy_floor"], lw=1, ls="-.", label="= cpu_sequential (1x)")
    set_n_axis(ax)
    log_y(ax, "speed-up over cpu_sequential (x, log scale)")
    legend_right(ax, any_bad, "p = %s, min ranks, GPU unless marked CPU;\nspeed-up = cpu_sequential ms / ms" % p_label)
    save(fig, out_dir, "rank_fig12.png", written)


def main_rows(rows):
    """The main setting: no fig parameter. If several n are present, the largest."""
    main = [r for r in rows if fig_of(r) is None]
    if not main:
        return [], None
    n = max(r["n"] for r in main)
    return [r for r in main if r["n"] == n], n


def plot_methods(doc, rows, out_dir, written):
    main, n = main_rows(rows)
    if not main:
        warn("no main-setting rows; rank_sorted_methods.png skipped")
        return
    ps = sorted({r["params"]["p"] for r in main})
    defaults = default_variant_rows(main)
    methods = [m for m in METHODS if any(r["params"].get("method") == m for r in defaults)]
    methods += sorted({r["params"].get("method") for r in defaults} - set(methods))
    cub_methods = [m for m in methods if pick(main, impl="cub_scan", p_method=m)]
    bars = [("ordo", m) for m in methods] + [("cub_scan", m) for m in cub_methods]
    width = 0.8 / max(1, len(bars))
    fig, ax = new_fig("rank_sorted at n = %s (%s): default variant per method" % (fmt_n(n), pow2(n)), doc,
                      size=(12, 6.2))
    handles = []
    any_bad = False
    for j, (impl, m) in enumerate(bars):
        xs, ys, oks = [], [], []
        sel = [r for r in (defaults if impl == "ordo" else pick(main, impl="cub_scan")) if r["params"].get("method") == m]
        names = set()
        for i, p in enumerate(ps):
            r = one([x for x in sel if x["params"]["p"] == p], "%s %s p=%s" % (impl, m, fmt_p(p)))
            if r is None:
                continue
            names.add(r["variant"])
            xs.append(i - 0.4 + width * (j + 0.5))
            ys.append(r["ms"])
            oks.append(r.get("verified", False))
        if not xs:
            continue
        color = METHOD_COLORS.get(m, None)
        if impl == "ordo":
            vals = {r["value"] for r in sel if r.get("value")}
            label = "%s: ordo %s (%s ranks)" % (m, variant_label(names), "/".join(sorted(vals)) or "?")
            ax.bar(xs, ys, width, color=color, edgecolor="black", linewidth=0.4)
            handles.append(Patch(facecolor=color, edgecolor="black", label=label))
        else:
            label = "%s: CUB scan (%s)" % (m, variant_label(names))
            ax.bar(xs, ys, width, color="white", edgecolor=color, hatch="///", linewidth=1.2)
            handles.append(Patch(facecolor="white", edgecolor=color, hatch="///", label=label))
        for x, y, ok in zip(xs, ys, oks):
            if not ok:
                any_bad = True
                ax.text(x, y, "x", color=UNVERIFIED, ha="center", va="bottom", fontsize=12, fontweight="bold")
    floors = sorted({r["copy_floor_ms"] for r in main if r.get("copy_floor_ms") and not is_cpu(r)})
    for f in floors:
        ax.axhline(f, color=COLORS["copy_floor"], lw=1.6, ls="--")
    if floors:
        handles.append(Line2D([], [], color=COLORS["copy_floor"], lw=1.6, ls="--",
                              label="copy floor (D2D memcpy) %s ms" % ", ".join("%.3f" % f for f in floors)))
    if any_bad:
        handles.append(Line2D([], [], ls="none", marker="$x$", color=UNVERIFIED, ms=9, label="verified = false"))
    ax.set_xticks(range(len(ps)))
    ax.set_xticklabels(["p = %s" % fmt_p(p) for p in ps])
    ax.set_xlabel("recurring probability p")
    ax.set_ylabel("time per call (ms)")
    ax.set_ylim(0, max([r["ms"] for r in defaults + pick(main, impl="cub_scan")] + floors) * 1.12)
    ax.grid(False, axis="x")
    ax.legend(handles=handles, loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=9,
              title="int32 keys; solid = ordo default variant,\nhatched = CUB baseline", title_fontsize=9)
    save(fig, out_dir, "rank_sorted_methods.png", written)


# ----------------------------------------------------------------------------- rank (unsorted)


def plot_unsorted(doc, rows, out_dir, written):
    if not rows:
        warn("no rank rows; rank_unsorted.png skipped")
        return
    # ordo's other variants get bars of their own ("ordo sort_back")
    rows = [dict(r, impl="ordo " + r["variant"]) if r["impl"] == "ordo" and not r.get("default", True) else r
            for r in rows]
    impls = ["ordo", "cub_radix_pairs", "cub_composition"]
    impls += sorted({r["impl"] for r in rows} - set(impls))
    methods = [m for m in METHODS if any(r.get("params", {}).get("method") == m for r in rows)]
    methods += sorted({r.get("params", {}).get("method") for r in rows} - set(methods) - {None})
    colors = {"ordo": "#1f77b4", "cub_radix_pairs": "#555555", "cub_composition": "#000000",
              "ordo sort_back": "#aec7e8", "ordo msd_replay": "#aec7e8"}
    hatches = {"cub_radix_pairs": "..", "cub_composition": "///"}
    ns = sorted({r["n"] for r in rows})
    fig, ax = new_fig("rank over unsorted keys (n = %s): ordo vs CUB" % ", ".join("%s (%s)" % (fmt_n(n), pow2(n)) for n in ns),
                      doc, size=(11, 6))
    width = 0.8 / len(impls)
    handles = []
    any_bad = False
    ymax = 0
    for j, impl in enumerate(impls):
        sel = [r for r in rows if r["impl"] == impl and (impl != "ordo" or r.get("default", True))]
        if not sel:
            continue
        variants = variant_label(r["variant"] for r in sel)
        for i, m in enumerate(methods):
            r = one([x for x in sel if x.get("params", {}).get("method") == m], "rank %s %s" % (impl, m))
            if r is None:
                continue
            x = i - 0.4 + width * (j + 0.5)
            ax.bar([x], [r["ms"]], width, color=colors.get(impl, "#17becf") if impl not in hatches else "white",
                   edgecolor=colors.get(impl, "#17becf") if impl in hatches else "black",
                   hatch=hatches.get(impl), linewidth=1.0)
            ax.text(x, r["ms"], "%.1f" % r["ms"], ha="center", va="bottom", fontsize=8)
            ymax = max(ymax, r["ms"])
            if not r.get("verified", False):
                any_bad = True
                ax.text(x, r["ms"] * 0.5, "x", color=UNVERIFIED, ha="center", va="center", fontsize=14,
                        fontweight="bold")
        if impl in hatches:
            handles.append(Patch(facecolor="white", edgecolor=colors[impl], hatch=hatches[impl],
                                 label="%s: %s" % (impl, variants)))
        else:
            handles.append(Patch(facecolor=colors.get(impl, "#17becf"), edgecolor="black",
                                 label="%s: %s" % (impl, variants)))
    # copy floor of each method (bytes differ with the rank type)
    for i, m in enumerate(methods):
        fl = [r["copy_floor_ms"] for r in rows if r.get("params", {}).get("method") == m and r["impl"] == "ordo"
              and r.get("copy_floor_ms")]
        if fl:
            ax.hlines(fl[0], i - 0.45, i + 0.45, color=COLORS["copy_floor"], lw=2, ls="--")
    handles.append(Line2D([], [], color=COLORS["copy_floor"], lw=2, ls="--",
                          label="copy floor (D2D memcpy, keys + ranks bytes)"))
    if any_bad:
        bad_impls = {r["impl"] for r in rows if not r.get("verified", False)}
        note = "\n(cub_radix_pairs only sorts; it produces no ranks)" if "cub_radix_pairs" in bad_impls else ""
        handles.append(Line2D([], [], ls="none", marker="$x$", color=UNVERIFIED, ms=9,
                              label="verified = false" + note))
    labels = []
    for m in methods:
        vals = sorted({r.get("value") for r in rows if r.get("params", {}).get("method") == m
                       and r["impl"] == "ordo" and r.get("value")})
        labels.append("%s\n(%s ranks)" % (m, "/".join(vals) or "?"))
    ax.set_xticks(range(len(methods)))
    ax.set_xticklabels(labels)
    keys = "/".join(sorted({r.get("key") for r in rows if r.get("key")}))
    distinct = ", ".join(sorted({str(r["params"]["distinct"]) for r in rows if "distinct" in r.get("params", {})}))
    ax.set_xlabel("rank method (%s keys%s)" % (keys, ("; distinct values: " + distinct) if distinct else ""))
    ax.set_ylabel("time per call (ms)")
    ax.set_ylim(0, ymax * 1.15 if ymax else 1)
    ax.grid(False, axis="x")
    ax.legend(handles=handles, loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=9)
    save(fig, out_dir, "rank_unsorted.png", written)


# ----------------------------------------------------------------------------- summary tables


def f2(x, digits=3):
    return "-" if x is None else ("%.*f" % (digits, x))


def fx(x):
    return "-" if x is None else ("%.2fx" % x)


def cell(r, text):
    return text + (" ✗" if r is not None and not r.get("verified", False) else "")


def summary_rank_sorted(doc, rows):
    out = []
    main, n = main_rows(rows)
    if not main:
        return ["_No main-setting rank_sorted rows._", ""]
    ps = sorted({r["params"]["p"] for r in main})
    defaults = default_variant_rows(main)
    methods = [m for m in METHODS if any(r["params"].get("method") == m for r in defaults)]
    methods += sorted({r["params"].get("method") for r in defaults} - set(methods))

    def dflt(m, p):
        return one([r for r in defaults if r["params"].get("method") == m and r["params"]["p"] == p],
                   "default %s p=%s" % (m, fmt_p(p)))

    def vname(m):
        return variant_label(r["variant"] for r in defaults if r["params"].get("method") == m)

    def vtype(m):
        return "/".join(sorted({r["value"] for r in defaults if r["params"].get("method") == m and r.get("value")}))

    keys = sorted({r.get("key") for r in main if r.get("key")})
    out.append("### rank_sorted, main setting (n = %s = %s, %s keys)" % (fmt_n(n), pow2(n), "/".join(keys)))
    out.append("")
    out.append("%s. Times are medians in ms; `x floor` = ms / copy_floor_ms; `vs CUB` = cub_scan ms / ordo ms "
               "(above 1: ordo faster); other methods: default-variant ms and its ratio to the min default's ms; "
               "`CPU par.` = cpu_sequential ms / CPU parallel_search ms." % header(doc))
    out.append("")
    cols = ["p", "min: %s ms" % vname("min"), "x floor", "CUB scan ms", "vs CUB"]
    others = [m for m in methods if m != "min"]
    for m in others:
        cols.append("%s: %s ms (x min)" % (m, vname(m)))
    cols.append("CPU par. speed-up")
    out.extend(md_header(cols))
    for p in ps:
        r = dflt("min", p)
        cub = one(pick(main, impl="cub_scan", p_method="min", p_p=p), "cub_scan min p=%s" % fmt_p(p))
        cells = [fmt_p(p)]
        cells.append(cell(r, f2(r["ms"]) if r else "-"))
        cells.append(fx(r["ms"] / r["copy_floor_ms"]) if r and r.get("copy_floor_ms") else "-")
        cells.append(cell(cub, f2(cub["ms"])) if cub else "-")
        cells.append(fx(cub["ms"] / r["ms"]) if cub and r else "-")
        for m in others:
            o = dflt(m, p)
            if o is None:
                cells.append("-")
            else:
                ratio = (" (%s)" % fx(o["ms"] / r["ms"])) if r else ""
                cells.append(cell(o, f2(o["ms"]) + ratio))
        seq = one(pick(main, impl="cpu_sequential", p_p=p, p_method="min"), "cpu_sequential p=%s" % fmt_p(p))
        par = one([x for x in pick(main, impl="ordo", p_p=p, p_method="min") if is_cpu(x)],
                  "cpu parallel p=%s" % fmt_p(p))
        cells.append(pair_cell(seq, par, lambda: fx(seq["ms"] / par["ms"]) +
                               ((" (%s thr.)" % par["threads"]) if par.get("threads") else "")))
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    out.append("Rank value types: " + ", ".join("%s %s" % (m, vtype(m) or "?") for m in methods) + ".")
    out.append("")

    # Every CUB baseline against the default variant of the same method.
    cubs = [r for r in main if r.get("impl") == "cub_scan"]
    cub_methods = [m for m in methods if any(r["params"].get("method") == m for r in cubs)]
    if cub_methods:
        out.append("CUB scan baselines per method (cub_scan ms / ordo default ms; above 1: ordo faster):")
        out.append("")
        cols = ["p"] + ["%s: ordo %s vs %s" % (m, vname(m), variant_label(r["variant"] for r in cubs
                                                                          if r["params"].get("method") == m))
                        for m in cub_methods]
        out.extend(md_header(cols))
        for p in ps:
            cells = [fmt_p(p)]
            for m in cub_methods:
                r = dflt(m, p)
                c = one([x for x in cubs if x["params"].get("method") == m and x["params"]["p"] == p],
                        "cub %s p=%s" % (m, fmt_p(p)))
                cells.append(pair_cell(r, c, lambda: "%s vs %s ms: %s" % (f2(r["ms"]), f2(c["ms"]),
                                                                         fx(c["ms"] / r["ms"]))))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")

    # Every GPU variant of min, relative to the default.
    variants = []
    for r in main:
        if r.get("impl") == "ordo" and not is_cpu(r) and r["params"].get("method") == "min" and r["variant"] not in variants:
            variants.append(r["variant"])
    if variants:
        out.append("All GPU variants, min ranks (ms, and ratio to the default variant's ms):")
        out.append("")
        cols = ["p"] + [v + (" (default)" if v in vname("min").split("/") else "") for v in variants]
        out.extend(md_header(cols))
        for p in ps:
            d = dflt("min", p)
            cells = [fmt_p(p)]
            for v in variants:
                r = one(pick([x for x in main if not is_cpu(x)], impl="ordo", variant=v, p_method="min", p_p=p),
                        "min %s p=%s" % (v, fmt_p(p)))
                if r is None:
                    cells.append("-")
                else:
                    ratio = (" (%s)" % fx(r["ms"] / d["ms"])) if d else ""
                    cells.append(cell(r, f2(r["ms"]) + ratio))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    return out


def summary_rank(doc, rows):
    out = []
    if not rows:
        return ["_No rank rows._", ""]
    ns = sorted({r["n"] for r in rows})
    out.append("### rank over unsorted keys (n = %s)" % ", ".join("%s = %s" % (fmt_n(n), pow2(n)) for n in ns))
    out.append("")
    out.append("%s. `ordo / radix pairs` = ordo ms / cub_radix_pairs ms (CUB SortPairs of (key, index) alone, "
               "which produces no ranks); `ordo / composition` = ordo ms / cub_composition ms (sort + scan + "
               "scatter); below 1: ordo faster." % header(doc))
    out.append("")
    cols = ["method", "ranks", "ordo ms", "x floor", "cub_radix_pairs ms", "ordo / radix pairs",
            "cub_composition ms", "ordo / composition"]
    out.extend(md_header(cols))
    methods = [m for m in METHODS if any(r.get("params", {}).get("method") == m for r in rows)]
    for m in methods:
        sel = [r for r in rows if r.get("params", {}).get("method") == m]
        o = one([r for r in sel if r["impl"] == "ordo" and r.get("default", True)], "rank ordo %s" % m)
        rp = one([r for r in sel if r["impl"] == "cub_radix_pairs"], "rank radix %s" % m)
        cc = one([r for r in sel if r["impl"] == "cub_composition"], "rank composition %s" % m)
        cells = [m, (o.get("value") or "?") if o else "-"]
        cells.append(cell(o, f2(o["ms"], 2)) if o else "-")
        cells.append(fx(o["ms"] / o["copy_floor_ms"]) if o and o.get("copy_floor_ms") else "-")
        cells.append(cell(rp, f2(rp["ms"], 2)) if rp else "-")
        cells.append(fx(o["ms"] / rp["ms"]) if o and rp else "-")
        cells.append(cell(cc, f2(cc["ms"], 2)) if cc else "-")
        cells.append(fx(o["ms"] / cc["ms"]) if o and cc else "-")
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    return out


def unverified_list(name, rows):
    bad = [r for r in rows if not r.get("verified", False)]
    if not bad:
        return []
    out = ["Rows of %s with `verified: false` (marked ✗ above and in the figures):" % name, ""]
    for r in bad:
        params = ", ".join("%s=%s" % (k, fmt_p(v) if k == "p" else v) for k, v in sorted(r.get("params", {}).items()))
        note = " (a sort-only baseline; it produces no ranks, so it is never verified)" \
            if r["impl"] == "cub_radix_pairs" else ""
        out.append("- %s %s, n=%s, %s: %.3f ms%s" % (r["impl"], r["variant"], pow2(r["n"]), params, r["ms"], note))
    out.append("")
    return out


def summary(sorted_doc, rank_doc):
    lines = ["# Benchmark summary", "",
             "Generated by `bench/plot.py` from the result JSON; do not edit by hand. "
             "✗ marks a value that comes from a row whose output failed verification (`verified: false`).", ""]
    if sorted_doc:
        rows = sorted_doc["rows"]
        lines += summary_rank_sorted(sorted_doc, [r for r in rows if r.get("key") == main_key(rows)])
    if rank_doc:
        lines += summary_rank(rank_doc, rank_doc["rows"])
    if sorted_doc:
        lines += unverified_list("rank_sorted.json", sorted_doc["rows"])
    if rank_doc:
        lines += unverified_list("rank.json", rank_doc["rows"])
    return "\n".join(lines).rstrip() + "\n"


# ----------------------------------------------------------------------------- main


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default=os.path.join(root, "bench", "results", "h100"),
                    help="directory with rank_sorted.json and rank.json (default: bench/results/h100)")
    ap.add_argument("--out", default=os.path.join(root, "docs", "benchmarks"),
                    help="directory for the PNGs and summary.md (default: docs/benchmarks)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    plt.rcParams.update({"font.size": 10, "axes.titlesize": 9, "legend.framealpha": 0.9})

    sorted_doc = load(os.path.join(args.results, "rank_sorted.json"))
    rank_doc = load(os.path.join(args.results, "rank.json"))
    written = []
    if sorted_doc:
        rows = sorted_doc.get("rows", [])
        rows = [r for r in rows if r.get("capability", "rank_sorted") == "rank_sorted"]
        key = main_key(rows)
        rows = [r for r in rows if r.get("key") == key]
        plot_p_sweep(sorted_doc, rows, args.out, written, high=False)
        plot_p_sweep(sorted_doc, rows, args.out, written, high=True)
        plot_n_sweep(sorted_doc, rows, args.out, written)
        plot_methods(sorted_doc, rows, args.out, written)
    if rank_doc:
        plot_unsorted(rank_doc, [r for r in rank_doc.get("rows", []) if r.get("capability", "rank") == "rank"],
                      args.out, written)
    text = summary(sorted_doc, rank_doc)
    path = os.path.join(args.out, "summary.md")
    with open(path, "w") as f:
        f.write(text)
    written.append(path)
    print(text)
    print("wrote " + path, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
