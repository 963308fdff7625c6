// Block scope: the grid bin's chunks (a long segment cut into tiles of one
// block), which block takes which chunk, and where a chunk lies. Shared by
// the chunk sorts and merge passes (smem_merge_kernels.cuh), the radix
// chunk sort (radix_tile_kernels.cuh) and the partition path
// (grid_partition_kernels.cuh).
#pragma once
#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/thread/element_io.cuh"
#include "ordo/cuda/warp/warp_search.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

// The grid bin's bookkeeping: segment g of the bin has chunks
// [chunk_base[g], chunk_base[g + 1]) and scratch [chunk_base[g] * TILE, ...).
// A segment g with partitioned[g] != 0 is sorted by the partition path
// (kernel/grid_partition_kernels.cuh), and the chunk sorts and merge passes
// skip it; nullptr: they sort every segment.
// Without a host synchronisation, G is the host's bound on the bin's size
// and the list and its size are in `plan` (bin b): range(g) is then an
// empty segment for g past the size, which has no chunks, so the chunks
// below chunk_base[G] are the real ones whatever the bound.
struct grid_bin {
  segment_desc d;
  const u32* segs;
  const u64* chunk_base;  // exclusive scan of the chunk counts, G + 1 entries
  u64 G;
  const bin_plan* plan = nullptr;
  int b = 0;
  const u32* partitioned = nullptr;
  // With partitioned: the chunks left to the chunk sorts and merge passes,
  // which then run as persistent grids over this list.
  const u64* work = nullptr;
  const unsigned long long* work_count = nullptr;
  __device__ __forceinline__ bool skips(u64 g) const { return partitioned != nullptr && partitioned[g] != 0; }
  // Whether a segment longer than len may be in the bin: the host knew
  // (true: it launched the step), or the plan's longest says. A step that
  // only segments longer than len need returns at once without one, so
  // launches sized from bounds cost little where the step has no work.
  __device__ __forceinline__ bool has_longer(u64 len) const { return plan == nullptr || plan->max_len > len; }
  // The bin's segments (G, or the plan's count below the bound G).
  __device__ __forceinline__ u64 size() const { return plan == nullptr ? G : min(G, u64(plan->count[b])); }
  __device__ __forceinline__ segment_range range(u64 g) const {
    if (plan == nullptr) return d[segs[g]];
    return g < plan->count[b] ? d[segs[plan->start[b] + g]] : segment_range{0, 0};
  }
};

// Runs body(q) for this block's items below count: q = blockIdx.x,
// blockIdx.x + gridDim.x, ... (one round where the grid is exact, as with a
// host synchronisation; more where it is a resident-sized grid over a
// bound), with a barrier after each, as the next reuses the shared memory.
// count is the same for the whole block, and body returns for the whole
// block or for none of it.
template <class Body>
__device__ __forceinline__ void for_each_block_item(u64 count, Body body) {
  for (u64 q = blockIdx.x; q < count; q += gridDim.x) {
    body(q);
    __syncthreads();
  }
}

// Every chunk of the grid bin: below chunk_base[G], so chunk_at finds a real one.
template <class Body>
__device__ __forceinline__ void for_each_block_chunk(const grid_bin& gb, Body body) {
  for_each_block_item(gb.chunk_base[gb.G], body);
}

// Runs body(q) for this block's chunks: as for_each_block_chunk, or, with a
// work list, entries blockIdx.x, blockIdx.x + gridDim.x, ... of it. A launch
// over every chunk of blocks that return at once is not free
// (docs/benchmarks.md#tuning-segsort-work-list).
template <class Body>
__device__ __forceinline__ void for_each_chunk(const grid_bin& gb, Body body) {
  if (gb.work == nullptr) {
    for_each_block_chunk(gb, body);
    return;
  }
  const u64 n = *gb.work_count;
  for (u64 i = blockIdx.x; i < n; i += gridDim.x) {
    body(gb.work[i]);
    __syncthreads();  // the next chunk reuses the shared memory
  }
}
struct grid_chunk {
  segment_range r;
  u64 c;     // chunk within the segment
  u64 base;  // the segment's first scratch slot
  u64 g;     // the segment within the bin
};
// Chunk q < chunk_base[G] (the kernels' loops stop there).
template <int TILE>
__device__ __forceinline__ grid_chunk chunk_at(const grid_bin& gb, u64 q) {
  u64 lo = 0, hi = gb.G;  // last g with chunk_base[g] <= q
  while (hi - lo > 1) {
    const u64 mid = (lo + hi) / 2;
    if (gb.chunk_base[mid] <= q) lo = mid;
    else hi = mid;
  }
  return {gb.range(lo), q - gb.chunk_base[lo], gb.chunk_base[lo] * TILE, lo};
}
// chunk_at for a whole warp with the same q (a block's chunk): a 32-ary
// search over the segments (warp/warp_search.cuh).
template <int TILE>
__device__ __forceinline__ grid_chunk chunk_at_warp(const grid_bin& gb, u64 q) {
  const u64 g = warp_last_at_most(gb.chunk_base, gb.G, q);
  return {gb.range(g), q - gb.chunk_base[g], gb.chunk_base[g] * TILE, g};
}

}  // namespace ordo::detail::segsort
