// A warp-cooperative form of the paper's modified binary search (Fig. 5; the
// one-thread form is in the hybrid kernel): it also keeps going until the
// range is empty, but 32 lanes probe 32 points per step, so the range shrinks
// 33-fold per round trip to memory instead of 2-fold. Used by the tile carry
// pre-pass to find where a tile's last group begins and its first group ends.
#pragma once
#include <cstdint>

#include "ordo/detail/key_traits.hpp"
#include "cuda/rank/warp/warp_scan.cuh"

namespace ordo::detail::cuda_rank {

// All 32 lanes call these with the same arguments and all get the answer.
// Round 1 reads the 256 keys at the known end of the range (8 per lane, one
// coalesced kilobyte): most groups are shorter than that.

// Smallest x in [lo, hi] with keys[x] tied to target; keys[hi] ties.
template <class K>
__device__ std::uint64_t narrow_first_warp(const K* keys, K target, std::uint64_t lo, std::uint64_t hi) {
  const unsigned lane = lane_id();
  if (hi - lo >= 256) {  // first the 256 keys ending at hi (8 per lane): most groups are shorter
    const std::uint64_t base = hi - 255 + 8 * lane;
    int tied = 0;  // ties form a suffix of the range, so count from the top
#pragma unroll
    for (int k = 7; k >= 0; --k) tied += (tied == 7 - k) && keys_tie(keys[base + k], target);
    const unsigned partial = __ballot_sync(full_mask, tied < 8);
    if (partial) {
      const int l = 31 - __clz(partial);  // highest lane holding a non-tie
      const int t = __shfl_sync(full_mask, tied, l);
      return hi - 255 + 8 * l + (8 - t);
    }
    hi = hi - 255;
  }
  while (hi > lo) {
    const std::uint64_t span = hi - lo;
    if (span <= 31) {
      const std::uint64_t x = lo + lane;
      const bool tie = x <= hi && keys_tie(keys[x], target);
      return lo + (__ffs(__ballot_sync(full_mask, tie)) - 1);
    }
    const std::uint64_t probe = lo + span * (lane + 1) / 33;  // 32 points in [lo, hi)
    const unsigned ties = __ballot_sync(full_mask, keys_tie(keys[probe], target));
    if (ties == 0) {
      lo = __shfl_sync(full_mask, probe, 31) + 1;
    } else {
      const int j = __ffs(ties) - 1;
      const std::uint64_t new_hi = __shfl_sync(full_mask, probe, j);
      const std::uint64_t below = __shfl_sync(full_mask, probe, j > 0 ? j - 1 : 0);
      lo = j > 0 ? below + 1 : lo;
      hi = new_hi;
    }
  }
  return lo;
}

// Largest x in [lo, hi] with keys[x] tied to target; keys[lo] ties.
template <class K>
__device__ std::uint64_t narrow_last_warp(const K* keys, K target, std::uint64_t lo, std::uint64_t hi) {
  const unsigned lane = lane_id();
  if (hi - lo >= 256) {  // first the 256 keys starting at lo (8 per lane)
    const std::uint64_t base = lo + 8 * lane;
    int tied = 0;  // ties form a prefix of the range
#pragma unroll
    for (int k = 0; k < 8; ++k) tied += (tied == k) && keys_tie(keys[base + k], target);
    const unsigned partial = __ballot_sync(full_mask, tied < 8);
    if (partial) {
      const int l = __ffs(partial) - 1;  // lowest lane holding a non-tie
      const int t = __shfl_sync(full_mask, tied, l);
      return lo + 8 * l + t - 1;
    }
    lo = lo + 255;
  }
  while (hi > lo) {
    const std::uint64_t span = hi - lo;
    if (span <= 31) {
      const std::uint64_t x = lo + lane;
      const bool tie = x <= hi && keys_tie(keys[x], target);
      return lo + (31 - __clz(__ballot_sync(full_mask, tie)));
    }
    const std::uint64_t probe = lo + 1 + span * lane / 33;  // 32 points in (lo, hi]
    const unsigned ties = __ballot_sync(full_mask, keys_tie(keys[probe], target));
    if (ties == 0) {
      hi = __shfl_sync(full_mask, probe, 0) - 1;
    } else {
      const int j = 31 - __clz(ties);  // ties hold on a prefix of the probes
      const std::uint64_t new_lo = __shfl_sync(full_mask, probe, j);
      const std::uint64_t above = __shfl_sync(full_mask, probe, j < 31 ? j + 1 : 31);
      hi = j < 31 ? above - 1 : hi;
      lo = new_lo;
    }
  }
  return lo;
}

}  // namespace ordo::detail::cuda_rank
