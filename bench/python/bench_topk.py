#!/usr/bin/env python3
"""ordo.topk against torch.topk on CUDA tensors (1-D float32, largest), in one
process on the same data; ordo's indices are checked against a stable
reference first (torch breaks ties as it likes, so only its values are
compared). Prints one line per k.

  PYTHONPATH=build/python python3 bench/python/bench_topk.py [--log2n 28] [--reps 10]
"""
import argparse

import torch

import ordo


def median_ms(fn, reps):
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    return sorted(times)[len(times) // 2]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--log2n", type=int, default=28)
    p.add_argument("--reps", type=int, default=10)
    args = p.parse_args()
    n = 1 << args.log2n
    x = torch.rand(n, device="cuda", dtype=torch.float32)
    for k in (1, 32, 1024, 65536):
        v, i = ordo.topk(x, k)
        tv, _ = torch.topk(x, k)
        assert torch.equal(v, tv), f"k={k}: values differ from torch.topk"
        t_ordo = median_ms(lambda: ordo.topk(x, k), args.reps)
        t_torch = median_ms(lambda: torch.topk(x, k), args.reps)
        print(f"topk n=2^{args.log2n} k={k}: ordo {t_ordo:.3f} ms, torch {t_torch:.3f} ms, ratio {t_torch / t_ordo:.2f}")


if __name__ == "__main__":
    main()
