// The carry pre-pass of the tile kernel, in two steps that never walk far:
//  1. one warp per tile finds, inside its own tile only, the last group head
//     (the first occurrence of the tile's last key, if it lies in the tile)
//     and the first group tail (the last occurrence of the tile's first key):
//     a bounded modified binary search, at most a few round trips;
//  2. an exclusive max-scan of the heads over tiles and a reversed min-scan of
//     the tails (CUB, over n / tile values) give every tile its carries.
// So a group spanning millions of keys costs no more than a short one.
#pragma once
#include <cstdint>

#include "ordo/detail/key_traits.hpp"
#include "cuda/rank/thread/modified_binary_search.cuh"

namespace ordo::detail::cuda_rank {

constexpr std::uint64_t no_head = 0;      // identity of max over positions
constexpr std::uint64_t no_tail_pos = ~0ull;  // identity of min

// first_tail is written in reverse tile order (see scan_tile_carries).
template <class K>
__global__ void tile_heads_tails_kernel(const K* __restrict__ keys, std::uint64_t n, std::uint64_t tile,
                                        std::uint64_t tiles, std::uint64_t* last_head, std::uint64_t* first_tail) {
  const std::uint64_t t = blockIdx.x * std::uint64_t(blockDim.x / 32) + threadIdx.x / 32;
  if (t >= tiles) return;
  const std::uint64_t start = t * tile;
  const std::uint64_t end = min(start + tile, n) - 1;  // inclusive
  const K a = keys[start], b = keys[end];
  const bool one_group = keys_tie(a, b);
  if (last_head) {
    std::uint64_t h;
    if (!one_group) h = narrow_first_warp(keys, b, start + 1, end);  // a head inside the tile
    else h = (start == 0 || !keys_tie(keys[start - 1], a)) ? start : no_head;
    if (lane_id() == 0) last_head[t] = h;
  }
  if (first_tail) {
    std::uint64_t l;
    if (!one_group) l = narrow_last_warp(keys, a, start, end - 1);
    else l = (end + 1 == n || !keys_tie(keys[end + 1], b)) ? end : no_tail_pos;
    if (lane_id() == 0) first_tail[tiles - 1 - t] = l;  // reversed: a forward scan finds "after"
  }
}

}  // namespace ordo::detail::cuda_rank
