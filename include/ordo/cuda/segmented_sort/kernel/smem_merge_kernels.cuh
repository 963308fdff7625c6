// Kernel scope: the block bins (one block per segment: reg-sort per warp,
// then smem-merge) and the grid bin for long segments (Sec. 3.1 (4)): each
// segment is cut into chunks of one block's tile, the chunks are block-sorted
// into a scratch buffer, and merge passes double the sorted runs inside every
// long segment at once, each block producing one tile of output by a
// merge-path search over global memory and a merge in shared memory. A
// segment's last pass writes the caller's output.
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/segmented_sort/block/grid_bin.cuh"
#include "ordo/cuda/segmented_sort/block/smem_merge.cuh"
#include "ordo/detail/merge_path.hpp"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

template <int WARPS, int P, bool POS, class IO>
__global__ void __launch_bounds__(WARPS * 32) smem_merge_bin_kernel(IO io, segment_desc d, bin_segments bin) {
  using K = typename IO::key_t;
  constexpr int TILE = WARPS * 32 * P;
  extern __shared__ __align__(16) unsigned char smem[];
  const padded_smem<K> ks{reinterpret_cast<K*>(smem)};
  const padded_smem<u32> ps{reinterpret_cast<u32*>(smem + block_sort_smem_bytes<K>(TILE, false))};
  const u64 count = bin.size();
  const u32* segs = bin.list();
  for (u64 i = blockIdx.x; i < count; i += gridDim.x) {
    const segment_range r = d[segs[i]];
    const int len = int(r.end - r.begin);
    block_sort_range<WARPS, P, POS>(io, r.begin, len, 0, u32(len), ks, ps);
    for (int x = threadIdx.x; x < len; x += WARPS * 32) io.store(r.begin + x, r.begin + (POS ? ps[x] : 0u), ks[x]);
    __syncthreads();  // the next segment reuses the shared memory
  }
}

// Each grid-bin segment's chunks (0 for the empty places past the bin's
// size when the host only knows a bound: grid_bin::range).
template <int Unused = 0>
__global__ void grid_chunk_count_kernel(grid_bin gb, u64 tile, u64* chunks) {
  for (u64 g = u64(blockIdx.x) * blockDim.x + threadIdx.x; g < gb.G; g += u64(gridDim.x) * blockDim.x) {
    const segment_range r = gb.range(g);
    chunks[g] = (r.end - r.begin + tile - 1) / tile;
  }
}

template <int WARPS, int P, bool POS, class IO, class K = typename IO::key_t>
__global__ void __launch_bounds__(WARPS * 32) grid_chunk_sort_kernel(IO io, grid_bin gb, K* kout, u32* pout) {
  constexpr int TILE = WARPS * 32 * P;
  extern __shared__ __align__(16) unsigned char smem[];
  const padded_smem<K> ks{reinterpret_cast<K*>(smem)};
  const padded_smem<u32> ps{reinterpret_cast<u32*>(smem + block_sort_smem_bytes<K>(TILE, false))};
  for_each_block_chunk(gb, [&](u64 q) {
    const grid_chunk gc = chunk_at<TILE>(gb, q);
    const u64 seg_len = gc.r.end - gc.r.begin, first = gc.c * TILE;
    const int len = int(min(u64(TILE), seg_len - first));
    block_sort_range<WARPS, P, POS>(io, gc.r.begin + first, len, u32(first), u32(seg_len), ks, ps);
    for (int x = threadIdx.x; x < len; x += WARPS * 32) {
      kout[gc.base + first + x] = ks[x];
      if constexpr (POS) pout[gc.base + first + x] = ps[x];
    }
  });
}

// Where each output tile of a merge pass starts in its left run (merge path),
// one thread per tile, so the searches over global memory overlap.
struct pass_geometry {
  u64 s, na, nb, d0;  // the pair's first element, run lengths, tile start in the pair
};
__device__ __forceinline__ pass_geometry pass_at(u64 seg_len, u64 c, u64 tile, u64 run) {
  const u64 d_out = c * tile;
  const u64 s = d_out / (2 * run) * (2 * run);
  const u64 na = min(run, seg_len - s), nb = s + na < seg_len ? min(run, seg_len - s - na) : 0;
  return {s, na, nb, d_out - s};
}

template <int TILE, class IO, class K = typename IO::key_t>
__global__ void grid_partition_kernel(IO io, grid_bin gb, u64 chunks, u64 run, const K* kin, u64* split) {
  if (!gb.has_longer(run)) return;  // every segment done by an earlier pass
  const u64 n = gb.work ? u64(*gb.work_count) : min(chunks, gb.chunk_base[gb.G]);
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += u64(gridDim.x) * blockDim.x) {
    const u64 q = gb.work ? gb.work[i] : i;
    const grid_chunk gc = chunk_at<TILE>(gb, q);
    const u64 seg_len = gc.r.end - gc.r.begin;
    if (seg_len <= run || gb.skips(gc.g)) continue;
    const pass_geometry g = pass_at(seg_len, gc.c, TILE, run);
    const K* a = kin + gc.base + g.s;
    split[q] = merge_path_split(a, g.na, a + g.na, g.nb, g.d0, key_less_of<IO>{&io});
  }
}

// One merge pass: runs of `run` become runs of 2 * run in every segment
// longer than `run`; segments it finishes go to the caller's output.
template <int THREADS, int P, bool POS, class IO, class K = typename IO::key_t>
__global__ void __launch_bounds__(THREADS) grid_merge_kernel(IO io, grid_bin gb, u64 run, const u64* split,
                                                             const K* kin, const u32* pin, K* kout, u32* pout) {
  constexpr int TILE = THREADS * P;
  extern __shared__ __align__(16) unsigned char smem[];
  const padded_smem<K> ks{reinterpret_cast<K*>(smem)};
  const padded_smem<u32> ps{reinterpret_cast<u32*>(smem + block_sort_smem_bytes<K>(TILE, false))};
  if (!gb.has_longer(run)) return;  // every segment done by an earlier pass
  for_each_chunk(gb, [&](u64 q) {
    const grid_chunk gc = chunk_at<TILE>(gb, q);
    const u64 seg_len = gc.r.end - gc.r.begin;
    if (seg_len <= run || gb.skips(gc.g)) return;  // finished by an earlier pass, or partitioned
    const bool final = 2 * run >= seg_len;
    const auto [s, na, nb, d0] = pass_at(seg_len, gc.c, TILE, run);
    const u64 d1 = min(d0 + TILE, na + nb);
    const key_less_of<IO> less{&io};
    // The next tile of the same pair starts where this one ends.
    const u64 i0 = split[q], i1 = d1 == na + nb ? na : split[q + 1];
    const int la = int(i1 - i0), lb = int((d1 - i1) - (d0 - i0)), valid = la + lb;
    for (int x = threadIdx.x; x < valid; x += THREADS) {
      const u64 from = x < la ? s + i0 + x : s + na + (d0 - i0) + (x - la);
      ks[x] = kin[gc.base + from];
      if constexpr (POS) ps[x] = pin[gc.base + from];
    }
    __syncthreads();
    const int pos = threadIdx.x * P;
    K k[P];
    int slot[P];
    u32 p[P];
    if (pos < valid) {
      prim::merge_from_smem<P>(ks, 0, la, la, lb, pos, k, slot, less);
#pragma unroll
      for (int r = 0; r < P; ++r) p[r] = POS ? ps[slot[r]] : 0u;
    }
    __syncthreads();
    prim::registers_to_smem<POS>(ks, ps, k, p, pos, valid);
    __syncthreads();
    for (int x = threadIdx.x; x < valid; x += THREADS) {
      const u64 at = s + d0 + x;
      if (final) io.store(gc.r.begin + at, gc.r.begin + (POS ? ps[x] : 0u), ks[x]);
      else {
        kout[gc.base + at] = ks[x];
        if constexpr (POS) pout[gc.base + at] = ps[x];
      }
    }
  });
}

}  // namespace ordo::detail::segsort
