// Kernel scope: the short-segment path, for inputs whose segments are all
// short (at most short_tile_policy::max_len) and laid out in order (offsets or
// a fixed length). Binning (Sec. 3.1) reads every offset three times and a
// list entry per segment, and a bin's segments lie scattered through the
// array, so every bin kernel loads sectors that the others load again; with
// tens of millions of tiny segments (power law with max 50) that, not the
// sorting, is the time. Here a block takes a tile of the array by position:
// the segments whose first element lies in the tile (tile_first_segment_kernel
// finds them with one pass over the offsets), their keys loaded once,
// coalesced, into shared memory. Each element's rank in its segment is the
// count of the segment's elements ordered before it (ties by position, so
// stable), and the element is written there: writes stay inside the tile and
// mostly inside the sectors a warp just read. An element compares with every
// key of its segment, which is cheap only because every segment is short.
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/thread/element_io.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

// first[t] = the first segment whose begin is at or after t * tile, for
// t in [0, tiles]; segment i writes the t with begin(i - 1) < t * tile <= begin(i).
// Begins never decrease (validated), so each t has one writer.
template <int = 0>
__global__ void tile_first_segment_kernel(segment_desc d, u64 tile, u64 tiles, u32* first) {
  for (u64 i = blockIdx.x * u64(blockDim.x) + threadIdx.x; i <= d.count; i += u64(gridDim.x) * blockDim.x) {
    const u64 from = i == 0 ? 0 : d[i - 1].begin / tile + 1;
    const u64 to = i == d.count ? tiles : min(d[i].begin / tile, tiles);
    for (u64 t = from; t <= to; ++t) first[t] = u32(i);
  }
}

// One block per tile. Shared memory: the keys of the tile's segments and,
// per element, its segment's bounds in the tile.
template <int THREADS, int TILE, int MAX_LEN, class IO>
__global__ void __launch_bounds__(THREADS) short_tile_kernel(IO io, segment_desc d, const u32* first) {
  using K = typename IO::key_t;
  constexpr int CAP = TILE + MAX_LEN;  // a tile's segments start in it and are at most MAX_LEN long
  static_assert(CAP <= 65535, "bounds fit in 16 bits");
  __shared__ K keys[CAP];
  __shared__ unsigned short seg_begin[CAP], seg_end[CAP];
  const u32 s0 = first[blockIdx.x], s1 = first[blockIdx.x + 1];
  if (s0 == s1) return;
  const u64 lo = d[s0].begin;
  const u32 m = u32(d[s1 - 1].end - lo);
  for (u32 e = threadIdx.x; e < m; e += THREADS) keys[e] = io.load(lo + e);
  for (u32 i = s0 + threadIdx.x; i < s1; i += THREADS) {
    const segment_range r = d[i];
    const unsigned short b = (unsigned short)(r.begin - lo), end = (unsigned short)(r.end - lo);
    for (unsigned short e = b; e < end; ++e) seg_begin[e] = b, seg_end[e] = end;
  }
  __syncthreads();
  const auto order = io.template order<true>(~0u);
  for (u32 e = threadIdx.x; e < m; e += THREADS) {
    const K k = keys[e];
    const u32 b = seg_begin[e], end = seg_end[e];
    u32 rank = 0;
    for (u32 j = b; j < end; ++j) rank += order.before(keys[j], j, k, e) ? 1u : 0u;
    io.store(lo + b + rank, lo + e, k);
  }
}

}  // namespace ordo::detail::segsort
