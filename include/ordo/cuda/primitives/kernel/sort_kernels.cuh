// Kernel scope for sort_idx: the block sort that makes the array
// TILE-sorted, and Listing 2's merge pass, where every element binary-searches
// its rank in the neighbouring run and moves straight to its place.
#pragma once
#include <cstdint>

#include "ordo/cuda/block/block_merge.cuh"
#include "ordo/cuda/primitives/block/merge_smem.cuh"
#include "ordo/detail/merge_path.hpp"

namespace ordo::detail::prim {

// Sorts each TILE of keys, writing (sorted keys, original indices). out_keys may be null.
template <int THREADS, int ITEMS, class Key, class Index, class Compare>
__global__ void __launch_bounds__(THREADS) block_sort_kernel(const Key* keys_in, std::uint64_t n, Key* out_keys,
                                                             Index* out_idx, Compare comp) {
  constexpr int TILE = THREADS * ITEMS;
  extern __shared__ __align__(16) unsigned char smem[];
  const padded_smem<Key> ks{reinterpret_cast<Key*>(smem)};
  const padded_smem<Index> is{reinterpret_cast<Index*>(smem + merge_smem_keys_bytes<Key>(TILE))};
  const std::uint64_t base = std::uint64_t(blockIdx.x) * TILE;
  const int valid = int(min(std::uint64_t(TILE), n - base));
  for (int x = threadIdx.x; x < valid; x += THREADS) ks[x] = keys_in[base + x];
  __syncthreads();
  Key keys[ITEMS];
  Index idx[ITEMS];
  const int pos = threadIdx.x * ITEMS;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    keys[k] = pos + k < valid ? ks[pos + k] : Key{};
    idx[k] = Index(base + pos + k);
  }
  __syncthreads();
  block_sort<THREADS, ITEMS>(ks, is, keys, idx, valid, comp);
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (pos + k < valid) ks[pos + k] = keys[k], is[pos + k] = idx[k];
  __syncthreads();
  for (int x = threadIdx.x; x < valid; x += THREADS) {
    if (out_keys) out_keys[base + x] = ks[x];
    out_idx[base + x] = is[x];
  }
}

// Listing 2: merges neighbouring runs of length `run` into runs of 2*run.
template <class Key, class Index, class Compare>
__global__ void binary_search_merge_kernel(const Key* ka, const Index* ia, std::uint64_t n, std::uint64_t run,
                                           Key* kb, Index* ib, Compare comp) {
  const std::uint64_t id = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (id >= n) return;
  const Key k = ka[id];
  const std::uint64_t ofs = id % run, pair = id % (2 * run);
  const bool left = pair < run;
  const std::uint64_t l = left ? id - ofs + run : id - ofs - run;
  std::uint64_t addr = id;
  if (l < n) {
    const std::uint64_t len = min(run, n - l);
    const std::uint64_t r = left ? rank_in_run<false>(ka + l, len, k, comp) : rank_in_run<true>(ka + l, len, k, comp);
    addr = (id - pair) + ofs + r;
  }
  if (kb) kb[addr] = k;
  ib[addr] = ia[id];
}

}  // namespace ordo::detail::prim
