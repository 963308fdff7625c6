// Block scope: the block sorts the radix-tile path uses for a segment or
// chunk held in one tile: ordo/cuda/block/tile_radix_sort.cuh (LSD, or one
// pass and counting in buckets) and ordo/cuda/block/tile_bucket_sort.cuh (the
// wide bucket sort, with the LSD sort as its fallback: bucket_sort_run).
// Used by radix_tile_kernels.cuh and grid_partition_kernels.cuh.
#pragma once
#include <cstdint>

#include "ordo/cuda/block/tile_bucket_sort.cuh"
#include "ordo/cuda/block/tile_radix_sort.cuh"
#include "ordo/cuda/segmented_sort/dispatch/policies.cuh"
#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::segsort {

// Tiles of up to 2048 (the bins) finish by counting in buckets after one
// pass (tile_radix_sort's BUCKETS); the grid chunks' 8192 would average 32
// per bucket, so they keep the LSD passes.
// The bins whose tiles take the wide bucket sort (grid_bucket_sorter below)
// in place of tile_radix_sort's 8-bit bucket pass: one segment per block, T
// of at least radix_tile_policy::wide_bucket_min_n.
template <int SLOTS>
constexpr bool wide_buckets(int T) {
  return SLOTS == 1 && T >= radix_tile_policy::wide_bucket_min_n;
}

template <class Code, int THREADS, bool POS, int ITEMS, int SLOTS = 1>
using radix_sorter = prim::tile_radix_sort<Code, THREADS, ITEMS, POS, (THREADS * ITEMS <= 2048), SLOTS>;

// Loads `len` codes from `begin` warp-striped (padding past len), sorts them,
// and leaves them in s.codes / s.pos.
template <class Code, int THREADS, bool POS, int ITEMS>
__device__ __forceinline__ void radix_sort_range(const code_io<Code>& io, u64 begin, int len,
                                                 typename radix_sorter<Code, THREADS, POS, ITEMS>::storage& s) {
  radix_sorter<Code, THREADS, POS, ITEMS>::load_and_sort(s, [&](int i) { return io.load(begin + i); }, len);
}

// The wide bucket sort (ordo/cuda/block/tile_bucket_sort.cuh) of a tile of
// T: 2^(floor(log2 T) - 1) buckets, two codes each on average for a full tile
// (4096 for the grid bin's whole segments of up to 8192), at most 2^12.
constexpr int bucket_digit_bits(int T) {
  int b = 0;
  while ((2 << b) <= T) ++b;
  return b - 1 < 12 ? b - 1 : 12;
}
template <class Code, int THREADS, bool POS, int ITEMS>
using grid_bucket_sorter = prim::tile_bucket_sort<Code, THREADS, ITEMS, bucket_digit_bits(THREADS * ITEMS), POS>;

template <class Code, int THREADS, bool POS, int ITEMS>
union grid_radix_storage {
  typename radix_sorter<Code, THREADS, POS, ITEMS>::storage lsd;
  typename grid_bucket_sorter<Code, THREADS, POS, ITEMS>::storage bucket;
};

// Sorts a run of len <= T codes to io's output: the element sorted to place
// x goes to out + x, its value (and float key) from seg + its position.
// load(i) gives code i of the run, pos_of(i) its position in the segment,
// which breaks ties; the LSD fallback is stable in run order, so with POS
// the run must be in position order.
// before_lsd() runs (in every thread) before that fallback.
template <class Code, int THREADS, int ITEMS, bool POS, class Load, class PosOf, class BeforeLsd>
__device__ __forceinline__ void bucket_sort_run(grid_radix_storage<Code, THREADS, POS, ITEMS>& s,
                                                const code_io<Code>& io, int len, Load load, PosOf pos_of, u64 out,
                                                u64 seg, BeforeLsd before_lsd) {
  if (grid_bucket_sorter<Code, THREADS, POS, ITEMS>::sort(
          s.bucket, len, load, pos_of, [&](int place, Code x, u32 p) { io.store(out + place, seg + p, x); }))
    return;
  before_lsd();
  radix_sorter<Code, THREADS, POS, ITEMS>::load_and_sort(s.lsd, load, len);
  for (int x = threadIdx.x; x < len; x += THREADS)
    io.store(out + x, seg + (POS ? pos_of(s.lsd.pos[x]) : 0u), s.lsd.codes[x]);
}

}  // namespace ordo::detail::segsort
