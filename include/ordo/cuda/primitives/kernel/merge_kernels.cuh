// Kernel scope: merge path over global memory. One partition kernel finds,
// for every tile boundary, how many outputs come from the left run; one merge
// kernel then stages each tile's two input pieces in shared memory and merges
// them. The same pair serves `merge` (one pair of runs) and each merge pass of
// sort_idx (every pair of neighbouring runs of length m).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/cuda/block/block_merge.cuh"
#include "ordo/cuda/primitives/block/merge_smem.cuh"
#include "ordo/detail/merge_path.hpp"

namespace ordo::detail::prim {

using u64 = std::uint64_t;

// Which runs output position `diag` belongs to. run == 0: one pair, a and b
// are separate arrays of na and nb. run > 0: a merge pass over one array of n
// elements that is `run`-sorted; pairs of runs start every 2*run.
struct merge_plan {
  u64 na, nb;  // run == 0: the two inputs; otherwise na = n, nb unused
  u64 run;
};
struct run_pair {
  u64 a, na, b, nb, out;  // offsets into the a and b bases, lengths, first output
};
__device__ __forceinline__ run_pair pair_at(u64 diag, const merge_plan& p) {
  if (p.run == 0) return {0, p.na, 0, p.nb, 0};
  const u64 s = diag / (2 * p.run) * (2 * p.run);
  const u64 na = s < p.na ? min(p.run, p.na - s) : 0;
  const u64 nb = s + na < p.na ? min(p.run, p.na - s - na) : 0;
  return {s, na, s + na, nb, s};
}

template <int TILE, class Key, class Compare>
__global__ void merge_partition_kernel(const Key* a, const Key* b, merge_plan plan, u64 n_out, u64 tiles,
                                       u64* split, Compare comp) {
  const u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t > tiles) return;
  const u64 diag = min(t * TILE, n_out);
  const run_pair r = pair_at(diag, plan);
  split[t] = merge_path_split(a + r.a, r.na, b + r.b, r.nb, diag - r.out, comp);
}

// Shared memory indexed as it is: with an odd ITEMS a thread's blocked
// slots (t * ITEMS + k) already fall in 32 different banks, so the merge
// tiles skip padded_smem's index arithmetic on every access.
template <class T>
struct plain_smem {
  T* p;
  int base = 0;
  __device__ __forceinline__ T& operator[](int i) const { return p[base + i]; }
  __device__ __forceinline__ plain_smem operator+(int off) const { return {p, base + off}; }
};
template <class T, int ITEMS>
using merge_smem_t = std::conditional_t<ITEMS % 2 == 1, plain_smem<T>, padded_smem<T>>;

// Keys, and values when HAS_VALUES; out_keys may be null (keys not wanted).
// LOAD_BATCH: how a tile is staged (prim::tile_policy): 0 by a plain loop of
// load-store pairs; ITEMS loads a full tile's ITEMS per thread at once,
// unguarded, into the registers the merge later fills (partial tiles take the
// plain loop). (Batches between the two lost in every probe and were removed,
// docs/benchmarks.md#tuning-merge-tiles.)
template <int THREADS, int ITEMS, bool HAS_VALUES, class Key, class Value, class Compare, int LOAD_BATCH = 0>
__global__ void __launch_bounds__(THREADS) merge_tile_kernel(const Key* a, const Value* av, const Key* b,
                                                             const Value* bv, merge_plan plan, const u64* split,
                                                             Key* out_keys, Value* out_values, Compare comp) {
  static_assert(LOAD_BATCH == 0 || LOAD_BATCH == ITEMS, "a tile is staged by a loop (0) or all at once (ITEMS)");
  constexpr int TILE = THREADS * ITEMS;
  extern __shared__ __align__(16) unsigned char smem[];
  const merge_smem_t<Key, ITEMS> ks{reinterpret_cast<Key*>(smem)};
  const merge_smem_t<Value, ITEMS> vs{reinterpret_cast<Value*>(smem + merge_smem_keys_bytes<Key>(TILE))};

  const u64 t = blockIdx.x;
  const u64 d0 = t * TILE;
  const run_pair r = pair_at(d0, plan);
  const u64 ld0 = d0 - r.out, len = r.na + r.nb;
  const u64 ld1 = min(ld0 + TILE, len);
  const u64 i0 = split[t], i1 = ld1 == len ? r.na : split[t + 1];
  const int la = int(i1 - i0), lb = int((ld1 - i1) - (ld0 - i0)), valid = la + lb;
  const u64 a_at = r.a + i0, b_at = r.b + (ld0 - i0);
  Key keys[ITEMS];
  Value vals[ITEMS];
  if (LOAD_BATCH == ITEMS && valid == TILE) {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int x = threadIdx.x + k * THREADS;
      keys[k] = x < la ? a[a_at + x] : b[b_at + (x - la)];
      if constexpr (HAS_VALUES) vals[k] = x < la ? av[a_at + x] : bv[b_at + (x - la)];
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      ks[threadIdx.x + k * THREADS] = keys[k];
      if constexpr (HAS_VALUES) vs[threadIdx.x + k * THREADS] = vals[k];
    }
  } else {
    for (int x = threadIdx.x; x < valid; x += THREADS) {
      ks[x] = x < la ? a[a_at + x] : b[b_at + (x - la)];
      if constexpr (HAS_VALUES) vs[x] = x < la ? av[a_at + x] : bv[b_at + (x - la)];
    }
  }
  __syncthreads();
  const int pos = threadIdx.x * ITEMS;
  int slot[ITEMS];
  if (pos < valid) {
    merge_from_smem<ITEMS>(ks, 0, la, la, lb, pos, keys, slot, comp);
    if constexpr (HAS_VALUES) {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) vals[k] = vs[slot[k]];
    }
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (pos + k < valid) {
      ks[pos + k] = keys[k];
      if constexpr (HAS_VALUES) vs[pos + k] = vals[k];
    }
  __syncthreads();
  const u64 o = r.out + ld0;
  for (int x = threadIdx.x; x < valid; x += THREADS) {
    if (out_keys) out_keys[o + x] = ks[x];
    if constexpr (HAS_VALUES) out_values[o + x] = vs[x];
  }
}

}  // namespace ordo::detail::prim
