// Kernel scope: the short-segment path, for inputs whose segments are all
// short (at most short_tile_policy::max_len) and laid out in order (offsets or
// a fixed length). Binning (Sec. 3.1) reads every offset three times and a
// list entry per segment, and a bin's segments lie scattered through the
// array, so every bin kernel loads sectors that the others load again; with
// tens of millions of tiny segments (power law with max 50) that, not the
// sorting, is the time. Here a block takes a tile of the array by position:
// the segments whose first element lies in the tile (write_tile_firsts
// finds them in the binning's pass over the offsets), their keys loaded once,
// coalesced, into shared memory. Each element's rank in its segment is the
// count of the segment's elements ordered before it (ties by position, so
// stable), and the element is written there: writes stay inside the tile and
// mostly inside the sectors a warp just read. An element compares with every
// key of its segment, which is cheap only because every segment is short.
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/segmented_sort/thread/tile_firsts.cuh"
#include "ordo/cuda/thread/element_io.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

// Sorts tile `tile`. Shared memory: the order codes of the tile's
// segments and, per element, its segment's bounds in the tile. Element e is
// thread e % THREADS's in both phases, so its raw key and value wait in
// registers from the load to the store (a float is written as its input bits,
// so -0.0 and NaN payloads survive), and every global load is issued before
// the first one is used.
//
// MIXED: some segments are longer than MAX_LEN and go to the bins (the
// hybrid of segsort_run); the tile sorts only its short segments and neither
// loads nor writes the long ones' elements. Its short segments end before
// CAP: they start less than TILE after the tile's first segment.
template <int THREADS, int TILE, int MAX_LEN, bool MIXED, class Code>
__device__ __forceinline__ void short_tile_sort(const code_io<Code>& io, const segment_desc& d, const u32* first,
                                                u64 tile) {
  constexpr int CAP = TILE + MAX_LEN;  // a tile's segments start in it and are at most MAX_LEN long
  constexpr int ITEMS = (CAP + THREADS - 1) / THREADS;
  constexpr int SEGS = TILE / THREADS;  // segments per thread per round of bounds
  static_assert(CAP <= 65535, "bounds fit in 16 bits");
  __shared__ Code codes[CAP];
  __shared__ unsigned short seg_begin[CAP], seg_end[CAP];
  const u32 s0 = first[tile], s1 = first[tile + 1];
  if (s0 == s1) return;
  const u64 lo = d[s0].begin;
  const u64 span = d[s1 - 1].end - lo;
  const u32 m = MIXED ? u32(span < u64(CAP) ? span : u64(CAP)) : u32(span);
  Code raw[ITEMS];
  u64 val[ITEMS];
  auto mine = [&](u32 e) { return e < m && (!MIXED || seg_end[e] > seg_begin[e]); };
  auto load = [&] {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const u32 e = threadIdx.x + u32(k) * THREADS;
      if (mine(e)) {
        raw[k] = io.keys_in[lo + e];
        val[k] = io.values.get(lo + e);
      }
    }
  };
  if constexpr (MIXED) {  // no element is mine until its short segment marks it
    for (u32 e = threadIdx.x; e < m; e += THREADS) seg_begin[e] = 1, seg_end[e] = 0;
    __syncthreads();
  } else {
    load();
  }
  for (u32 base = s0; base < s1; base += THREADS * SEGS) {  // more than one round only with empty segments
    segment_range r[SEGS];
#pragma unroll
    for (int k = 0; k < SEGS; ++k) {
      const u32 i = base + threadIdx.x + u32(k) * THREADS;
      r[k] = i < s1 ? d[i] : segment_range{lo, lo};
      if (MIXED && r[k].end - r[k].begin > u64(MAX_LEN)) r[k] = segment_range{lo, lo};  // the bins' segment
    }
#pragma unroll
    for (int k = 0; k < SEGS; ++k) {
      const unsigned short b = (unsigned short)(r[k].begin - lo), end = (unsigned short)(r[k].end - lo);
      for (unsigned short e = b; e < end; ++e) seg_begin[e] = b, seg_end[e] = end;
    }
  }
  if constexpr (MIXED) {
    __syncthreads();
    load();
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const u32 e = threadIdx.x + u32(k) * THREADS;
    if (mine(e)) codes[e] = io.encode(raw[k]);
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const u32 e = threadIdx.x + u32(k) * THREADS;
    if (mine(e)) {
      const Code c = codes[e];
      const u32 b = seg_begin[e], end = seg_end[e];
      u32 rank = 0;
      for (u32 j = b; j < end; ++j) {  // before e: a smaller code, or an equal one earlier
        const Code x = codes[j];
        rank += (x < c || (x == c && j < e)) ? 1u : 0u;
      }
      io.keys_out[lo + b + rank] = raw[k];
      io.values.put(lo + b + rank, val[k]);
    }
  }
}

// Tile blockIdx.x, blockIdx.x + gridDim.x, ... of `tiles` (one round where
// the host launched a block per tile). With a plan (no host
// synchronisation), the kernel runs only where the device chose its mode
// (bin_plan::short_mode: 1 all short, 2 mixed), over a resident-sized grid.
template <int THREADS, int TILE, int MAX_LEN, bool MIXED, class Code>
__global__ void __launch_bounds__(THREADS) short_tile_kernel(code_io<Code> io, segment_desc d, const u32* first,
                                                             u64 tiles, const bin_plan* plan = nullptr) {
  if (plan != nullptr && plan->short_mode != (MIXED ? 2 : 1)) return;
  for (u64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    short_tile_sort<THREADS, TILE, MAX_LEN, MIXED>(io, d, first, t);
    __syncthreads();  // the next tile reuses the shared memory
  }
}

}  // namespace ordo::detail::segsort
