// Kernel scope: block radix and bucket sorts for the segmented sort's long
// segments (segsort_path::radix_tiles, built-in orders only), in place of the
// paper's smem-merge where a segment or chunk fills a large tile:
//   radix_bin_kernel        one block per segment of a bin (128 < len <=
//                           2048), a tile of T = THREADS * ITEMS, or per
//                           SLOTS segments of a smaller bin (only the probe
//                           uses SLOTS now: the 64 and 128 bins take
//                           warp_bucket_kernels.cuh)
//   grid_bucket_segment_kernel one block per grid-bin segment of up to 8192
//   grid_radix_chunk_kernel the grid bin's first level for longer segments
//                           the partition path leaves (grid_partition_kernels.cuh):
//                           one block per GROUP consecutive chunks, so the
//                           merge passes start from runs of GROUP * TILE
//                           instead of TILE (two passes fewer for GROUP = 4).
// The sorts are ordo/cuda/block/tile_radix_sort.cuh (LSD, 8 bits per pass,
// or one pass and counting in buckets; stable) and, for the 2048 tiles and
// whole segments of up to 8192, ordo/cuda/block/tile_bucket_sort.cuh (one
// scatter into 2^(log2 T - 1) buckets and counting; tile_radix_sort its
// fallback: bucket_sort_run). Positions give the stable order that values
// and float keys need; keys-only integer sorts skip them.
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/block/grid_bin.cuh"
#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/segmented_sort/block/segment_tile_sort.cuh"
#include "ordo/cuda/segmented_sort/dispatch/policies.cuh"

namespace ordo::detail::segsort {

// Block blk of the bin: its SLOTS segments.
template <class Code, int THREADS, bool POS, int ITEMS, int SLOTS>
__device__ __forceinline__ void radix_bin_block(const code_io<Code>& io, const segment_desc& d, const u32* segs,
                                                u64 count, u64 blk) {
  using sorter = radix_sorter<Code, THREADS, POS, ITEMS, SLOTS>;
  constexpr int N = sorter::SLOT_N;
  extern __shared__ __align__(16) unsigned char smem[];
  if constexpr (wide_buckets<SLOTS>(THREADS * ITEMS)) {  // the wide bucket sort, tile_radix_sort its fallback
    const segment_range r = d[segs[blk]];
    const u64 b = r.begin;
    bucket_sort_run<Code, THREADS, ITEMS, POS>(
        *reinterpret_cast<grid_radix_storage<Code, THREADS, POS, ITEMS>*>(smem), io, int(r.end - b),
        [&](int i) { return io.load(b + i); }, [](int i) { return u32(i); }, b, b, [] {});
    return;
  }
  auto& s = *reinterpret_cast<typename sorter::storage*>(smem);
  u64 begin[SLOTS];  // the block's segments, in registers (every index below is a constant or a select)
  int len[SLOTS];
  if constexpr (SLOTS == 1) {
    const segment_range r = d[segs[blk]];
    begin[0] = r.begin, len[0] = int(r.end - r.begin);
  } else {
    __shared__ segment_range r[SLOTS];
    if (threadIdx.x < SLOTS) {
      const u64 k = blk * SLOTS + threadIdx.x;
      r[threadIdx.x] = k < count ? d[segs[k]] : segment_range{0, 0};
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < SLOTS; ++j) begin[j] = r[j].begin, len[j] = int(r[j].end - r[j].begin);
  }
  const auto pick = [](const auto& a, int j) {
    auto v = a[0];
#pragma unroll
    for (int k = 1; k < SLOTS; ++k) v = j == k ? a[k] : v;
    return v;
  };
  sorter::load_and_sort_slots(
      s, [&](int i) { return io.load(SLOTS == 1 ? begin[0] + i : pick(begin, i / N) + i % N); },
      [&](int j) { return pick(len, j); });
#pragma unroll 1  // unrolled, the loops below cost cicc minutes per instantiation
  for (int j = 0; j < SLOTS; ++j)
    for (int x = threadIdx.x; x < pick(len, j); x += THREADS)
      io.store(pick(begin, j) + x, pick(begin, j) + (POS ? s.pos[j * N + x] - j * N : 0), s.codes[j * N + x]);
}

// One block per SLOTS segments of a bin, segment k of the block in slot k
// of THREADS * ITEMS / SLOTS elements (radix_tile_policy: two to a block in
// the 128 bin, one above). ordo_segsort_probe times the candidates.
template <class Code, int THREADS, bool POS, int ITEMS, int SLOTS = 1>
__global__ void __launch_bounds__(THREADS, radix_tile_policy::bin_min_blocks(THREADS))
    radix_bin_kernel(code_io<Code> io, segment_desc d, bin_segments bin) {
  const u64 count = bin.size();
  const u32* segs = bin.list();
  for (u64 blk = blockIdx.x; blk * SLOTS < count; blk += gridDim.x) {
    radix_bin_block<Code, THREADS, POS, ITEMS, SLOTS>(io, d, segs, count, blk);
    __syncthreads();  // the next block's segments reuse the shared memory
  }
}

// A block per grid-bin segment that fits the tile (2048 < len <= T); the
// longer ones return at once (grid_radix_chunk_kernel sorts their chunks).
// Two blocks per SM, so one block's loads overlap the other's counting.
template <class Code, int THREADS, int ITEMS, bool POS>
__global__ void __launch_bounds__(THREADS, 2) grid_bucket_segment_kernel(code_io<Code> io, grid_bin gb) {
  constexpr int T = THREADS * ITEMS;
  extern __shared__ __align__(16) unsigned char smem[];
  auto& s = *reinterpret_cast<grid_radix_storage<Code, THREADS, POS, ITEMS>*>(smem);
  for_each_block_item(gb.size(), [&](u64 g) {
    const segment_range r = gb.range(g);
    const u64 b = r.begin;
    if (r.end - b > u64(T) || r.end == b) return;  // empty: past the bin's size (G a bound)
    bucket_sort_run<Code, THREADS, ITEMS, POS>(
        s, io, int(r.end - b), [&](int i) { return io.load(b + i); }, [](int i) { return u32(i); }, b, b, [] {});
  });
}

// The chunks of the segments longer than the tile, GROUP to a block.
template <class Code, int THREADS, int ITEMS, int TILE, bool POS>
__global__ void __launch_bounds__(THREADS)
    grid_radix_chunk_kernel(code_io<Code> io, grid_bin gb, Code* kout, u32* pout) {
  constexpr int T = THREADS * ITEMS, GROUP = T / TILE;
  static_assert(T % TILE == 0, "a radix tile is whole chunks");
  extern __shared__ __align__(16) unsigned char smem[];
  auto& s = *reinterpret_cast<typename radix_sorter<Code, THREADS, POS, ITEMS>::storage*>(smem);
  if (!gb.has_longer(T)) return;
  for_each_chunk(gb, [&](u64 q) {
    const grid_chunk gc = chunk_at<TILE>(gb, q);
    const u64 seg_len = gc.r.end - gc.r.begin, first = gc.c * TILE;
    // The group's first chunk sorts it; short segments: the kernel above; partitioned: grid_partition_kernels.cuh
    if (gc.c % GROUP != 0 || seg_len <= u64(T) || gb.skips(gc.g)) return;
    const int len = int(min(u64(T), seg_len - first));
    radix_sort_range<Code, THREADS, POS, ITEMS>(io, gc.r.begin + first, len, s);
    for (int x = threadIdx.x; x < len; x += THREADS) {
      kout[gc.base + first + x] = s.codes[x];
      if constexpr (POS) pout[gc.base + first + x] = u32(first) + s.pos[x];
    }
  });
}

template <class Code, int THREADS, bool POS, int ITEMS, int SLOTS = 1>
constexpr int radix_smem_bytes() {
  return int(sizeof(typename radix_sorter<Code, THREADS, POS, ITEMS, SLOTS>::storage));
}
template <class Code, int THREADS, bool POS, int ITEMS>
constexpr int grid_radix_smem_bytes() {
  return int(sizeof(grid_radix_storage<Code, THREADS, POS, ITEMS>));
}
// What radix_bin_kernel asks for.
template <class Code, int THREADS, bool POS, int ITEMS, int SLOTS = 1>
constexpr int radix_bin_smem_bytes() {
  if constexpr (wide_buckets<SLOTS>(THREADS * ITEMS)) return grid_radix_smem_bytes<Code, THREADS, POS, ITEMS>();
  else return radix_smem_bytes<Code, THREADS, POS, ITEMS, SLOTS>();
}

}  // namespace ordo::detail::segsort
