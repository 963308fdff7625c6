#!/usr/bin/python3
"""The numpy oracle for `ordo sort`.

Keys of every numpy dtype ordo reads (ints, uints, float16/32/64 with NaN,
-0.0/+0.0 and infinities, bool), with ties, at sizes 0, 1, 5, 1000 and
300000 (the last takes the parallel radix sort, which reads a mapped .npy
where it lies), go through the ordo binary as .npy and as raw .bin files,
ascending and descending, on 2 threads (and 1 at the largest size). Ascending output must equal
np.sort(kind='stable') bit for bit (ordo's sort is stable, -0.0 ties +0.0);
descending must hold the same values in reverse, NaN first. The input file
must be unchanged afterwards, and `--in-place` must replace it with the
sorted keys. A .npy whose data does not start aligned (a hand-written
header) is read rather than mapped and sorts the same.

usage: check_sort_vs_numpy.py --ordo PATH --workdir DIR [--dtypes a,b,...] [--inject-mismatch]

--inject-mismatch changes one key of every ordo result before comparing, to
show that the comparison fails; it must then report FAILED.
Exit status: 0 when every case agrees, 1 otherwise.
"""
import argparse
import os
import subprocess
import sys

import numpy as np

DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16", "float32",
          "float64", "bool"]


def keys_of(dtype, n, rng):
    dt = np.dtype(dtype)
    if dt == np.bool_:
        return rng.integers(0, 2, n).astype(np.bool_)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        x = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
        if n > 10:  # ties and the extremes
            x[::7] = x[0]
            x[1::11] = info.min
            x[2::13] = info.max
        return x
    x = (rng.standard_normal(n) * 1000).astype(dt)
    if n > 10:
        x[::7] = x[0]
        x[1::17] = np.nan
        x[2::19] = -0.0
        x[3::23] = 0.0
        x[4::29] = np.inf
        x[5::31] = -np.inf
    return x


def differs(got, want, descending):
    """None when they agree, else a description."""
    if got.dtype != want.dtype or got.shape != want.shape:
        return f"dtype/shape {got.dtype}{got.shape} != {want.dtype}{want.shape}"
    if not descending:
        if got.tobytes() == want.tobytes():
            return None
        g, w = got.view(np.uint8).reshape(len(got), -1), want.view(np.uint8).reshape(len(want), -1)
        i = int(np.flatnonzero((g != w).any(axis=1))[0])
        return f"element {i}: {got[i]!r} != {want[i]!r}"
    same = (got == want) | (np.isnan(got) & np.isnan(want)) if got.dtype.kind == "f" else got == want
    if same.all():
        return None
    i = int(np.flatnonzero(~same)[0])
    return f"element {i}: {got[i]!r} != {want[i]!r}"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ordo", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--dtypes", default=",".join(DTYPES), help="comma-separated; default all")
    p.add_argument("--inject-mismatch", action="store_true")
    a = p.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    rng = np.random.default_rng(20261129)
    cases = failed = 0

    def run(args):
        r = subprocess.run([a.ordo, *args, "--device", "cpu", "--quiet"], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"ordo {' '.join(args)} failed: {r.stderr.strip()}")

    def check(name, got, want, descending):
        nonlocal cases, failed
        cases += 1
        if a.inject_mismatch and len(got):
            got = got.copy()
            got[len(got) // 2] = not got[len(got) // 2] if got.dtype == np.bool_ else got[len(got) // 2] + 1
        d = differs(got, want, descending)
        if d:
            failed += 1
            print(f"MISMATCH {name}: {d}")

    for dtype in a.dtypes.split(","):
        for n in [0, 1, 5, 1000, 300000]:
            keys = keys_of(dtype, n, rng)
            asc = np.sort(keys, kind="stable")
            # Descending: the same values reversed, so NaN first (as `ordo sort --help` says); equal
            # keys keep their input order there, so -0.0 and +0.0 compare by value only.
            desc = asc[::-1].copy()
            src = os.path.join(a.workdir, f"{dtype}_{n}.npy")
            raw = os.path.join(a.workdir, f"{dtype}_{n}.bin")
            np.save(src, keys)
            keys.tofile(raw)
            before = open(src, "rb").read()
            for threads in ["1", "2"] if n >= 300000 else ["2"]:  # one thread matters where it is parallel
                for descending in [False, True]:
                    flag = ["--descending"] if descending else []
                    want = desc if descending else asc
                    out = os.path.join(a.workdir, "out.npy")
                    run(["sort", src, "-o", out, "--threads", threads, *flag])
                    check(f"{dtype} n={n} npy t={threads} desc={descending}", np.load(out), want, descending)
                    out_bin = os.path.join(a.workdir, "out.bin")
                    run(["sort", raw, "--dtype", dtype, "-o", out_bin, "--threads", threads, *flag])
                    check(f"{dtype} n={n} bin t={threads} desc={descending}", np.fromfile(out_bin, dtype=keys.dtype),
                          want, descending)
            if open(src, "rb").read() != before:
                failed += 1
                print(f"MISMATCH {dtype} n={n}: the input file changed")
            run(["sort", src, "-o", src, "--in-place"])
            check(f"{dtype} n={n} --in-place", np.load(src), asc, False)

    # A .npy with a header of odd length: the data starts unaligned, so it is read, not mapped.
    keys = keys_of("int64", 300000, rng)
    dict_text = "{'descr': '<i8', 'fortran_order': False, 'shape': (%d,), }" % len(keys)
    header = dict_text + " " * ((4 - (10 + len(dict_text) + 1)) % 8) + "\n"  # data at 4 mod 8
    odd = os.path.join(a.workdir, "unaligned.npy")
    with open(odd, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + keys.tobytes())
    assert (10 + len(header)) % 8 == 4
    out = os.path.join(a.workdir, "out.npy")
    run(["sort", odd, "-o", out])
    check("unaligned int64 npy", np.load(out), np.sort(keys, kind="stable"), False)

    if failed:
        print(f"FAILED: {failed} of {cases} cases differ from numpy")
        return 1
    print(f"OK: {cases} cases equal numpy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
