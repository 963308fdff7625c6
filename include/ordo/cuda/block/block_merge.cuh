// Block scope: merges in shared memory (merge path, then a serial merge per
// thread), and the block-wide stable sort built from them: a register sort of
// ITEMS per thread, then log2(THREADS) merge levels in shared memory (the
// paper's "first few merges done in a single superstep using shared memory").
#pragma once
#include <type_traits>

#include "ordo/cuda/thread/register_sort.cuh"
#include "ordo/cuda/thread/serial_merge.cuh"
#include "ordo/detail/merge_path.hpp"

namespace ordo::detail::prim {

// Outputs [diag, diag + ITEMS) of merge(s[a0, a0 + la), s[b0, b0 + lb)).
template <int ITEMS, class Key, class Smem, class Compare>
__device__ __forceinline__ void merge_from_smem(const Smem& s, int a0, int la, int b0, int lb, int diag,
                                                Key (&keys)[ITEMS], int (&slot)[ITEMS], Compare comp) {
  const int i = merge_path_split(s + a0, la, s + b0, lb, diag, comp);
  serial_merge<ITEMS>(s, a0 + i, a0 + la, b0 + diag - i, b0 + lb, keys, slot, comp);
}

// Sorts the first `valid` of THREADS * ITEMS (key, index) pairs held in
// registers, blocked (thread t holds elements t*ITEMS ..). ks and is are
// shared scratch of THREADS * ITEMS entries. Stable. An empty Index type
// (prim::no_index) sorts keys alone and never touches `is`.
struct no_index {};

template <int THREADS, int ITEMS, class Key, class Index, class Compare>
__device__ __forceinline__ void block_sort(padded_smem<Key> ks, padded_smem<Index> is, Key (&keys)[ITEMS], Index (&idx)[ITEMS], int valid,
                                           Compare comp) {
  static_assert((ITEMS & (ITEMS - 1)) == 0 && (THREADS & (THREADS - 1)) == 0, "powers of two");
  constexpr bool with_index = !std::is_empty_v<Index>;
  const int pos = threadIdx.x * ITEMS;
  register_sort<ITEMS>(keys, idx, min(ITEMS, max(0, valid - pos)), comp);
#pragma unroll 1
  for (int run = ITEMS; run < THREADS * ITEMS; run *= 2) {
    registers_to_smem<with_index>(ks, is, keys, idx, pos, valid);
    __syncthreads();
    const int g = pos & ~(2 * run - 1);
    const int la = min(run, max(0, valid - g)), lb = min(run, max(0, valid - g - run));
    int slot[ITEMS];
    if (pos < valid) {
      merge_from_smem<ITEMS>(ks, g, la, g + run, lb, pos - g, keys, slot, comp);
#pragma unroll
      for (int k = 0; k < ITEMS; ++k)
        if constexpr (with_index) idx[k] = is[slot[k]];
    }
    __syncthreads();
  }
}

}  // namespace ordo::detail::prim
