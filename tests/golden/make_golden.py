#!/usr/bin/python3
"""Writes the golden files for test_rank_golden: small inputs with ties, NaN,
-0.0/+0.0, +-inf and integer extremes, and what pandas Series.rank returns for
every method x ascending x na_option x pct.

Run with Debian's Python (pandas 1.5.3, numpy, scipy):
    /usr/bin/python3 tests/golden/make_golden.py
It rewrites rank_<dtype>.json beside itself; commit them. Deterministic: the
same pandas gives the same files.

Format, one file per key dtype:
  {"dtype": "float64", "pandas": "1.5.3", "cases": [
     {"name": ..., "keys": [...],
      "ranks": {"average/asc/keep/raw": [...], "first/desc/top/pct": [...], ...}}]}
with ranks keyed "method/asc|desc/na_option/raw|pct" (pandas' names).
Integer keys cannot be NaN, so na_option changes nothing: their files hold
na_option keep only (this script checks that top and bottom give the same),
and the test applies those ranks to all three.
Integer keys are JSON integers. Floating keys are strings ("nan", "-inf",
"-0.0", "1.5") that strtod reads back exactly. NaN ranks are null.
"""
import json
import math
import os
import sys

import numpy as np
import pandas as pd
import scipy.stats

METHODS = ["average", "min", "max", "first", "dense"]
NA_OPTIONS = ["keep", "top", "bottom"]
HERE = os.path.dirname(os.path.abspath(__file__))
NAN = float("nan")
INF = float("inf")


def random_pick(pool, n, seed):
    rng = np.random.default_rng(seed)
    return [pool[i] for i in rng.integers(0, len(pool), n)]


def float_cases(ftype):
    fi = np.finfo(ftype)
    tiny, big, denorm = float(fi.tiny), float(fi.max), float(np.nextafter(ftype(0), ftype(1)))
    return {
        "literal": [10.0, 20.0, 20.0, 30.0],
        "ties_nan_zeros": [3.0, NAN, 1.0, 3.0, NAN, -0.0, 0.0, 1.0, INF, -INF, INF, 2.5, -INF, NAN, 0.0],
        "extremes": [big, -big, tiny, -tiny, denorm, -denorm, 0.0, -0.0, INF, -INF, NAN, big, denorm,
                     -0.0, NAN, -big, 1.0, -1.0, tiny / 2, -tiny / 2],
        "random_ties": random_pick([-2.0, -1.0, -0.0, 0.0, 0.5, 1.0, NAN, INF, -INF, denorm], 32, 1),
        "all_nan": [NAN, NAN, NAN],
        "nan_first_and_last": [NAN, 1.0, 2.0, 1.0, NAN],
        "all_equal": [2.0, 2.0, 2.0, 2.0],
        "single": [1.5],
        "empty": [],
    }


def int_cases(itype):
    ii = np.iinfo(itype)
    lo, hi = int(ii.min), int(ii.max)
    mid = (lo + hi) // 2
    return {
        "literal": [10, 20, 20, 30],
        "extremes": [hi, lo, 0, 1, hi, lo, hi - 1, lo + 1, mid, mid + 1, 0, hi],
        "random_ties": random_pick([lo, lo + 1, mid, 0, 7, hi - 1, hi], 24, 2),
        "all_equal": [hi, hi, hi],
        "single": [lo],
        "empty": [],
    }


DTYPES = {
    "float64": (np.float64, float_cases(np.float64)),
    "float32": (np.float32, float_cases(np.float32)),
    "int64": (np.int64, int_cases(np.int64)),
    "int32": (np.int32, int_cases(np.int32)),
    "uint64": (np.uint64, int_cases(np.uint64)),
    "uint32": (np.uint32, int_cases(np.uint32)),
}


def key_json(v, floating):
    if not floating:
        return int(v)
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(v)  # "-0.0" stays "-0.0"; exact for float64 and float32 values


def rank_json(r):
    if math.isnan(r):
        return None
    return int(r) if float(r).is_integer() else float(r)


def check_against_scipy(values, s):
    """Where there is no NaN, pandas must agree with scipy.stats.rankdata."""
    if s.isna().any() or len(values) == 0:
        return
    for method in METHODS:
        pd_ranks = s.rank(method=method).to_numpy()
        sp_ranks = scipy.stats.rankdata(values, method="ordinal" if method == "first" else method)
        if not np.array_equal(pd_ranks, sp_ranks.astype(float)):
            sys.exit(f"pandas and scipy disagree on {method}: {list(pd_ranks)} vs {list(sp_ranks)}")


def make_case(name, values, dtype):
    arr = np.array(values, dtype=dtype)
    s = pd.Series(arr, dtype=dtype)
    floating = np.issubdtype(dtype, np.floating)
    check_against_scipy(arr, s)
    results = {}
    for method in METHODS:
        for ascending in (True, False):
            for na in NA_OPTIONS if floating else ["keep"]:
                for pct in (False, True):
                    r = s.rank(method=method, ascending=ascending, na_option=na, pct=pct)
                    if not floating:
                        for other in ("top", "bottom"):
                            o = s.rank(method=method, ascending=ascending, na_option=other, pct=pct)
                            if not o.equals(r):
                                sys.exit(f"{name}: na_option {other} changes integer ranks")
                    label = f"{method}/{'asc' if ascending else 'desc'}/{na}/{'pct' if pct else 'raw'}"
                    results[label] = [rank_json(x) for x in r.to_numpy(dtype=np.float64)]
    return {"name": name, "keys": [key_json(v, floating) for v in arr], "ranks": results}


def main():
    total = 0
    for dname, (dtype, cases) in DTYPES.items():
        doc = {"dtype": dname, "pandas": pd.__version__,
               "cases": [make_case(name, values, dtype) for name, values in cases.items()]}
        path = os.path.join(HERE, f"rank_{dname}.json")
        with open(path, "w") as f:
            json.dump(doc, f, separators=(",", ":"))
            f.write("\n")
        total += os.path.getsize(path)
        print(f"{path}: {len(doc['cases'])} cases, {os.path.getsize(path)} bytes")
    print(f"total {total} bytes")


if __name__ == "__main__":
    main()
