// ordo's own rank kernel: one pass, one read of the keys, one write of the
// ranks. Each block takes a tile of Block*Items keys, each thread Items
// consecutive keys. Within the tile, block scans find for every key
//   first  the nearest group head at or before it       (max-scan)  min/average
//   last   the nearest group tail at or after it        (min-scan)  max/average
//   dense  the number of heads up to it                 (sum-scan)  dense
// What comes from outside the tile is found without waiting on other tiles
// where the sorted order allows it: the carry pre-pass (tile_carries.cuh)
// searches each tile's boundary groups with a warp-cooperative modified
// binary search (Sec. III.C generalised) before this kernel runs. Dense ranks
// cannot be searched for, so they take the carry from the preceding tiles by
// CUB's decoupled look-back (dense_lookback.cuh); `first` in lookback mode
// by ordo's own (tile_lookback.cuh).
#pragma once
#include <cstdint>

#include "ordo/detail/key_traits.hpp"
#include "cuda/rank/block/block_scan.cuh"
#include "cuda/rank/block/dense_lookback.cuh"
#include "cuda/rank/block/tile_lookback.cuh"
#include "cuda/rank/thread/load_store.cuh"
#include "cuda/rank/thread/modified_binary_search.cuh"

namespace ordo::detail::cuda_rank {

template <int BlockThreads, int ItemsPerThread>
struct tile_policy {
  static constexpr int block = BlockThreads;
  static constexpr int items = ItemsPerThread;
  static constexpr std::uint64_t tile = std::uint64_t(BlockThreads) * ItemsPerThread;
};

// Which facts a method needs, and where the carry for `first` comes from
// (a bit set: nvcc cannot pass class-type template arguments to kernels).
enum tile_need : unsigned {
  need_first = 1,
  need_last = 2,
  need_dense = 4,
  first_by_lookback = 8,
};

constexpr std::uint64_t no_tail = ~0ull;

// What a tile needs from outside itself, found before the streaming kernel
// runs so that it never stalls on a search (tile_carries.cuh):
//   first[t]  the last group head before tile t   (max over earlier tiles)
//   last[t]   the first group tail after tile t   (min over later tiles)
struct tile_carries {
  const std::uint64_t* first;
  const std::uint64_t* last;
};

template <class Policy, unsigned Needs, class K, class Ranker, class Writer>
__global__ void __launch_bounds__(Policy::block)
    tile_rank_kernel(const K* __restrict__ keys, std::uint64_t n, Ranker ranker, Writer writer,
                     tile_state state, tile_carries carries,
                     dense_tile_state<dense_count_t<typename Writer::value_type>> dense_state) {
  constexpr int Items = Policy::items;
  constexpr bool NeedFirst = Needs & need_first, NeedLast = Needs & need_last, NeedDense = Needs & need_dense;
  constexpr bool FirstByLookback = NeedFirst && (Needs & first_by_lookback);
  constexpr bool uses_lookback = NeedDense || FirstByLookback;
  __shared__ block_scan_storage<Policy::block, std::uint64_t> scan_storage;
  __shared__ std::uint64_t s_tile, s_first_carry, s_last_carry;

  // Tile ids in launch order when tiles wait on predecessors (look-back).
  std::uint64_t tile;
  if constexpr (uses_lookback) {
    if (threadIdx.x == 0) s_tile = atomicAdd(state.counter, 1ull);
    __syncthreads();
    tile = s_tile;
  } else {
    tile = blockIdx.x;
  }
  const std::uint64_t tile_start = tile * Policy::tile;
  const std::uint64_t tile_end = min(tile_start + Policy::tile, n);
  const std::uint64_t pos0 = tile_start + std::uint64_t(threadIdx.x) * Items;

  K k[Items];
  load_items<K, Items>(keys, pos0, n, k);

  // Carries that need no other tile come from the pre-pass.
  if (threadIdx.x == 0) {
    if constexpr (NeedFirst && !FirstByLookback) s_first_carry = carries.first[tile];
    if constexpr (NeedLast) s_last_carry = carries.last[gridDim.x - 1 - tile];  // stored reversed
  }
  const int warp = threadIdx.x / 32;

  // Heads (key differs from its predecessor) and tails (from its successor).
  bool head[Items], tail[Items];
  {
    K prev = k[0], next = k[Items - 1];
    if (pos0 > 0 && pos0 <= n) prev = keys[pos0 - 1];
    if (pos0 + Items < n) next = keys[pos0 + Items];
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      const std::uint64_t p = pos0 + j;
      const bool valid = p < n;
      const K before = j == 0 ? prev : k[j - 1];
      const K after = j + 1 < Items ? k[j + 1] : next;
      head[j] = valid && (p == 0 || !keys_tie(before, k[j]));
      tail[j] = valid && (p + 1 == n || !keys_tie(k[j], after));
    }
  }

  std::uint64_t first_in = 0, last_in = no_tail, dense_in = 0;
  if constexpr (NeedFirst) {
    std::uint64_t mine = 0;
#pragma unroll
    for (int j = 0; j < Items; ++j)
      if (head[j]) mine = pos0 + j;
    std::uint64_t tile_max;
    first_in = block_exclusive_scan<Policy::block>(mine, max_op{}, std::uint64_t(0), tile_max, scan_storage);
    if constexpr (FirstByLookback) {
      if (warp == 0) {
        std::uint64_t c = lookback_exclusive_prefix<max_op, true>(state, tile, tile_max, max_op{});
        if (lane_id() == 0) s_first_carry = c;
      }
    }
  }
  if constexpr (NeedDense) {
    using Count = dense_count_t<typename Writer::value_type>;
    using Scan = dense_block_scan<Policy::block, Count>;
    __shared__ typename Scan::storage dense_storage;
    Count mine = 0;
#pragma unroll
    for (int j = 0; j < Items; ++j) mine += head[j];
    dense_in = Scan::exclusive(mine, int(tile), dense_state, dense_storage);  // earlier tiles included
  }
  if constexpr (NeedLast) {
    std::uint64_t mine = no_tail;
#pragma unroll
    for (int j = Items - 1; j >= 0; --j)
      if (tail[j]) mine = pos0 + j;
    last_in = block_exclusive_scan_backward<Policy::block>(mine, min_op{}, no_tail, scan_storage);
  }
  __syncthreads();  // carries in shared memory are ready

  // Forward pass (first, dense), then backward (last) where the method needs
  // it, producing each rank as soon as its facts are known.
  typename Writer::value_type out[Items];
  std::uint64_t first[NeedFirst && NeedLast ? Items : 1];
  {
    std::uint64_t f = NeedFirst ? max(first_in, s_first_carry) : 0;
    std::uint64_t d = dense_in;
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      if (NeedFirst && head[j]) f = pos0 + j;
      if (NeedDense) d += head[j];
      if constexpr (NeedFirst && NeedLast) first[j] = f;
      else out[j] = ranker(pos0 + j, f, 0, d);
    }
  }
  if constexpr (NeedLast) {
    std::uint64_t l = min(last_in, s_last_carry);
#pragma unroll
    for (int j = Items - 1; j >= 0; --j) {
      if (tail[j]) l = pos0 + j;
      if constexpr (NeedFirst) out[j] = ranker(pos0 + j, first[j], l, 0);
      else out[j] = ranker(pos0 + j, 0, l, 0);
    }
  }
  writer.template write<Items>(pos0, n, out);
}

}  // namespace ordo::detail::cuda_rank
