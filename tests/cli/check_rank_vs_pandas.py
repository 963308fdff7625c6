#!/usr/bin/python3
"""The pandas oracle for `ordo rank`.

Random keys with ties, NaN, -0.0/+0.0 and infinities, in each of the six key
dtypes, go through the ordo binary as .npy files, for every method x
ascending/descending x na_option x pct, and every result must equal
pandas.Series.rank element by element: NaN exactly where pandas has NaN,
other values equal or within 1e-12 relative. Where scipy is there,
scipy.stats.rankdata is checked too (ascending keys without NaN). `--sorted`
(rank_sorted) is checked against pandas on the sorted keys. The 64-bit and
float64 sets also go through a CSV written by pandas.to_csv, and ordo must
rank what pandas.read_csv reads (issue 28: int64 keys near 2^63 read from
text were rounded to float64 and ranked wrongly).

usage: check_rank_vs_pandas.py --ordo PATH --workdir DIR [--seed N] [--inject-mismatch]

--inject-mismatch changes one rank of every ordo result before comparing,
to show that the comparison fails; it must then report FAILED.
Exit status: 0 when every case agrees, 1 otherwise.
"""
import argparse
import os
import subprocess
import sys

import numpy as np
import pandas as pd

try:
    import scipy.stats
except ImportError:  # scipy is an extra check, pandas the oracle
    scipy = None

METHODS = ["average", "min", "max", "dense", "first"]
SCIPY_METHOD = {"average": "average", "min": "min", "max": "max", "dense": "dense", "first": "ordinal"}


def compare(got, want):
    """None when equal (NaN == NaN, 1e-12 relative), else a description."""
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        return "shape %s, want %s" % (got.shape, want.shape)
    gnan, wnan = np.isnan(got), np.isnan(want)
    with np.errstate(invalid="ignore"):
        close = (got == want) | (np.abs(got - want) <= 1e-12 * np.abs(want))
    bad = (gnan != wnan) | (~gnan & ~wnan & ~close)
    if not bad.any():
        return None
    idx = np.flatnonzero(bad)[:5]
    return "%d of %d differ; at %s got %s want %s" % (bad.sum(), len(got), idx.tolist(), got[idx].tolist(),
                                                      want[idx].tolist())


def self_check():
    """The comparison itself must catch a wrong value and a wrong NaN."""
    nan = float("nan")
    assert compare([1.0, 2.0], [1.0, 3.0]) is not None
    assert compare([nan], [1.0]) is not None
    assert compare([1.0], [nan]) is not None
    assert compare([1.0], [1.0, 2.0]) is not None
    assert compare([nan, 2.0 * (1 + 1e-13)], [nan, 2.0]) is None


def make_keys(rng, dtype, n):
    """Keys with many ties; floats add NaN, signed zeros and infinities."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        keys = rng.integers(-20, 20, n).astype(np.float64) / 2
        special = np.array([np.nan, -0.0, 0.0, np.inf, -np.inf])
        pick = rng.random(n) < 0.3
        keys[pick] = rng.choice(special, pick.sum())
        return keys.astype(dtype)
    info = np.iinfo(dtype)
    # a few distinct values near both ends of the range, and small ones
    pool = np.array([info.min, info.min + 1, info.max - 1, info.max], dtype=dtype)
    keys = rng.integers(max(info.min, -50), 50, n).astype(dtype)
    pick = rng.random(n) < 0.2
    keys[pick] = rng.choice(pool, pick.sum())
    return keys


def datasets(rng):
    sets = []
    for dtype, n in [("float64", 1000), ("float32", 600), ("int32", 400), ("uint32", 400), ("int64", 400),
                     ("uint64", 400), ("float64", 30000),
                     # counted (rank_unsorted_variant::counting): 8- and 16-bit keys from 2^16 on,
                     # and wide keys of a small range
                     ("int8", 70000), ("uint16", 70000), ("int16", 3000)]:
        sets.append(("%s_n%d" % (dtype, n), make_keys(rng, dtype, n)))
    sets += [
        ("empty", np.array([], dtype=np.float64)),
        ("one", np.array([2.5])),
        ("one_nan", np.array([np.nan])),
        ("all_nan", np.full(7, np.nan)),
        ("zeros", np.array([0.0, -0.0, 0.0, -0.0, np.nan, -0.0])),
        ("infs", np.array([np.inf, -np.inf, np.nan, np.inf, 1.0, -np.inf], dtype=np.float32)),
        ("distinct", rng.permutation(1000).astype(np.int64)),
        ("small_range_int32", rng.integers(-300, 300, 5000).astype(np.int32)),
    ]
    return sets


# The sets that also go through a CSV file (the types text infers).
CSV_SETS = {"int64_n400", "uint64_n400", "float64_n1000", "zeros", "distinct"}


class Oracle:
    def __init__(self, ordo, workdir, inject):
        self.ordo, self.workdir, self.inject = ordo, workdir, inject
        self.cases = 0
        self.failures = []
        self.extra = []  # arguments every run gets (--column for a CSV)

    def run(self, keys_path, args, what):
        """ordo rank KEYS -o OUT ARGS; the ranks, or None after a failure."""
        out = os.path.join(self.workdir, "ranks.npy")
        if os.path.exists(out):
            os.remove(out)
        cmd = [self.ordo, "rank", keys_path, "-o", out, "--quiet"] + args + self.extra
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            self.fail(what, "exit %d: %s" % (r.returncode, r.stderr.strip()))
            return None
        got = np.load(out)
        if self.inject and len(got):
            got = got.astype(np.float64)
            got[len(got) // 2] += 1
        return got

    def check(self, got, want, what):
        self.cases += 1
        if got is None:
            return
        problem = compare(got, want)
        if problem:
            self.fail(what, problem)

    def fail(self, what, problem):
        self.failures.append(what)
        print("MISMATCH %s: %s" % (what, problem))

    def unsorted(self, name, keys, path):
        s = pd.Series(keys)
        for method in METHODS:
            for ascending in (True, False):
                for na in ("keep", "top", "bottom"):
                    for pct in (False, True):
                        args = ["--method", method, "--na", na] + ([] if ascending else ["--descending"]) + \
                               (["--pct"] if pct else [])
                        what = "%s rank %s" % (name, " ".join(args))
                        want = s.rank(method=method, ascending=ascending, na_option=na, pct=pct)
                        self.check(self.run(path, args, what), want.to_numpy(), what)
            # integral methods into integer ranks: pandas' NaN ranks become 0
            if method != "average":
                for rank_type in ("uint32", "uint64"):
                    args = ["--method", method, "--rank-type", rank_type, "--threads", "1"]
                    what = "%s rank %s" % (name, " ".join(args))
                    want = s.rank(method=method).fillna(0).to_numpy()
                    self.check(self.run(path, args, what), want, what)
        if scipy is not None and not np.isnan(keys.astype(np.float64)).any():
            for method in METHODS:
                what = "%s rank --method %s vs scipy.stats.rankdata" % (name, method)
                want = scipy.stats.rankdata(keys, method=SCIPY_METHOD[method])
                self.check(self.run(path, ["--method", method], what), want, what)

    def presorted(self, name, keys):
        asc = np.sort(keys, kind="stable")  # NaN last, as rank_sorted wants ascending keys
        for descending in (False, True):
            ordered = asc[::-1].copy() if descending else asc
            path = os.path.join(self.workdir, "sorted.npy")
            np.save(path, ordered)
            s = pd.Series(ordered)
            for method in METHODS:
                args = ["--sorted", "--method", method] + (["--descending"] if descending else [])
                what = "%s rank %s" % (name, " ".join(args))
                # NaN ties NaN where it lies: last ascending, first descending
                want = s.rank(method=method, ascending=not descending, na_option="top" if descending else "bottom")
                self.check(self.run(path, args, what), want.to_numpy(), what)
        # unsorted keys given as sorted must be refused (validation is on)
        path = os.path.join(self.workdir, "keys.npy")
        if len(keys) > 2 and not np.array_equal(np.sort(keys), keys, equal_nan=True):
            self.cases += 1
            r = subprocess.run([self.ordo, "rank", path, "-o", os.path.join(self.workdir, "x.npy"), "--sorted"],
                               capture_output=True, text=True)
            if r.returncode != 2 or "not sorted" not in r.stderr:
                self.fail("%s rank --sorted on unsorted keys" % name,
                          "exit %d, stderr %r; want exit 2, 'not sorted'" % (r.returncode, r.stderr))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--seed", type=int, default=20240607)
    ap.add_argument("--inject-mismatch", action="store_true")
    a = ap.parse_args()
    self_check()
    os.makedirs(a.workdir, exist_ok=True)
    rng = np.random.default_rng(a.seed)
    oracle = Oracle(a.ordo, a.workdir, a.inject_mismatch)
    sets = datasets(rng)
    if a.inject_mismatch:
        sets = sets[:1]  # one data set shows the failure; no need for all
    for name, keys in sets:
        path = os.path.join(a.workdir, "keys.npy")
        np.save(path, keys)
        oracle.unsorted(name, keys, path)
        oracle.presorted(name, keys)
        if name in CSV_SETS and not a.inject_mismatch:
            csv = os.path.join(a.workdir, "keys.csv")
            pd.DataFrame({"k": keys}).to_csv(csv, index=False)
            back = pd.read_csv(csv)["k"].to_numpy()
            oracle.extra = ["--column", "k"]
            oracle.unsorted(name + " via csv as " + str(back.dtype), back, csv)
            oracle.extra = []
    print("pandas %s, scipy %s, numpy %s" % (pd.__version__, scipy.__version__ if scipy else "absent",
                                            np.__version__))
    if oracle.failures:
        print("FAILED: %d of %d cases differ from pandas" % (len(oracle.failures), oracle.cases))
        return 1
    print("OK: %d cases agree with pandas" % oracle.cases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
