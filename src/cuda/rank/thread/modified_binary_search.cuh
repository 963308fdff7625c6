// Device versions of the paper's modified binary search (Fig. 5) and a
// warp-cooperative form of it: 32 lanes probe 32 points per step, so the
// range shrinks 33-fold per round trip to memory instead of 2-fold. Used to
// find where the group holding a tile's first (last) key begins (ends).
#pragma once
#include <cstdint>

#include "common/key_traits.hpp"
#include "cuda/rank/warp/warp_scan.cuh"

namespace ordo::detail::cuda_rank {

// Fig. 5, one thread: first occurrence of keys[pos] in keys[0..pos].
template <class K>
__device__ std::uint64_t first_occurrence_thread(const K* keys, std::uint64_t pos) {
  const K belm = keys[pos];
  std::uint64_t brank = pos;
  std::int64_t low = 0, high = static_cast<std::int64_t>(pos) - 1;
  while (low <= high) {
    std::int64_t m = low + (high - low) / 2;
    if (keys_tie(keys[m], belm)) {  // check first half
      high = m - 1;
      brank = static_cast<std::uint64_t>(m);
    } else {  // check second half; brank remains the same
      low = m + 1;
    }
  }
  return brank;
}

// Mirror: last occurrence of keys[pos] in keys[pos..n-1].
template <class K>
__device__ std::uint64_t last_occurrence_thread(const K* keys, std::uint64_t n, std::uint64_t pos) {
  const K belm = keys[pos];
  std::uint64_t brank = pos;
  std::int64_t low = static_cast<std::int64_t>(pos) + 1, high = static_cast<std::int64_t>(n) - 1;
  while (low <= high) {
    std::int64_t m = low + (high - low) / 2;
    if (keys_tie(keys[m], belm)) {
      low = m + 1;
      brank = static_cast<std::uint64_t>(m);
    } else {
      high = m - 1;
    }
  }
  return brank;
}

// Warp-cooperative searches. All 32 lanes call them with the same arguments
// and all get the answer. Round 1 reads the 32 keys next to `pos` (one
// coalesced segment): most groups are shorter than that. Otherwise each
// round probes 32 evenly spaced points of the remaining range, so it shrinks
// 33-fold per round trip to memory instead of 2-fold.

// Smallest x in [lo, hi] with keys[x] tied to target; keys[hi] ties.
template <class K>
__device__ std::uint64_t narrow_first_warp(const K* keys, K target, std::uint64_t lo, std::uint64_t hi) {
  const unsigned lane = lane_id();
  if (hi - lo > 31) {  // first the 32 keys ending at hi: most groups are short
    const std::uint64_t x = hi - 31 + lane;
    const unsigned ties = __ballot_sync(full_mask, keys_tie(keys[x], target));
    if (ties != full_mask) return hi - 31 + (32 - __clz(~ties));  // just past the highest non-tie
    hi = hi - 31;
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
  if (hi - lo > 31) {  // first the 32 keys starting at lo
    const std::uint64_t x = lo + lane;
    const unsigned ties = __ballot_sync(full_mask, keys_tie(keys[x], target));
    if (ties != full_mask) return lo + (__ffs(~ties) - 2);  // just before the lowest non-tie
    lo = lo + 31;
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

// Smallest x in [0, pos] with keys[x] tied to keys[pos].
template <class K>
__device__ std::uint64_t first_occurrence_warp(const K* keys, std::uint64_t pos) {
  if (pos == 0) return 0;
  const K target = keys[pos];
  // Round 1: keys[pos-32 .. pos-1]; lane l reads keys[pos-1-l].
  const unsigned lane = lane_id();
  const bool in = lane < pos;
  const bool tie = in && keys_tie(keys[pos - 1 - lane], target);
  const unsigned ties = __ballot_sync(full_mask, tie);
  if (ties != full_mask) {
    // ties are a prefix of the lanes (sorted keys): the first non-tie ends them
    const unsigned breaks = ~ties & __ballot_sync(full_mask, in);
    if (breaks) return pos - (__ffs(breaks) - 1);
    return 0;  // every key before pos ties
  }
  return narrow_first_warp(keys, target, 0, pos - 32);
}

// Largest x in [pos, n-1] with keys[x] tied to keys[pos].
template <class K>
__device__ std::uint64_t last_occurrence_warp(const K* keys, std::uint64_t n, std::uint64_t pos) {
  if (pos + 1 >= n) return pos;
  const K target = keys[pos];
  const unsigned lane = lane_id();
  const bool in = pos + 1 + lane < n;
  const bool tie = in && keys_tie(keys[pos + 1 + lane], target);
  const unsigned ties = __ballot_sync(full_mask, tie);
  if (ties != full_mask) {
    const unsigned breaks = ~ties & __ballot_sync(full_mask, in);
    if (breaks) return pos + (__ffs(breaks) - 1);
    return n - 1;
  }
  return narrow_last_warp(keys, target, pos + 32, n - 1);
}

}  // namespace ordo::detail::cuda_rank
