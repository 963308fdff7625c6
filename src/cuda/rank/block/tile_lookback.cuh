// Decoupled look-back (Merrill & Garland, 2016) for a single-pass tile scan
// with a commutative operator (max or +). Each tile publishes one 64-bit word:
// two flag bits (aggregate ready / inclusive prefix ready) and a 62-bit value,
// so flag and value change together and a relaxed 64-bit access suffices.
// Tiles are numbered in launch order by an atomic counter, so every tile a
// block waits on is already running: no deadlock whatever the scheduler does.
#pragma once
#include <cstdint>

#include "cuda/rank/warp/warp_scan.cuh"

namespace ordo::detail::cuda_rank {

struct tile_state {
  unsigned long long* words;    // one per tile, zeroed before the launch
  unsigned long long* counter;  // next tile id, zeroed before the launch
};

constexpr unsigned long long flag_aggregate = 1ull << 62;
constexpr unsigned long long flag_prefix = 2ull << 62;
constexpr unsigned long long value_mask = (1ull << 62) - 1;

__device__ __forceinline__ unsigned long long load_word(const unsigned long long* p) {
  return *reinterpret_cast<const volatile unsigned long long*>(p);
}
__device__ __forceinline__ void store_word(unsigned long long* p, unsigned long long v) {
  *reinterpret_cast<volatile unsigned long long*>(p) = v;
}

// Called by all 32 lanes of one warp. Publishes this tile's aggregate and
// returns the exclusive prefix of the tiles before it (identity 0 for both ops).
// With max over head positions, the nearest predecessor whose aggregate is
// non-zero already holds the answer (positions grow), so the walk stops there.
template <class Op, bool StopAtNonzeroAggregate = false>
__device__ unsigned long long lookback_exclusive_prefix(tile_state st, unsigned long long tile,
                                                        unsigned long long aggregate, Op op) {
  const unsigned lane = lane_id();
  if (tile == 0) {
    if (lane == 0) store_word(st.words, flag_prefix | aggregate);
    return 0;
  }
  if (lane == 0) store_word(st.words + tile, flag_aggregate | aggregate);
  unsigned long long exclusive = 0;
  long long window_end = static_cast<long long>(tile) - 1;  // nearest predecessor
  while (true) {
    long long pred = window_end - lane;
    unsigned long long w = pred >= 0 ? load_word(st.words + pred) : flag_prefix;
    while (__any_sync(full_mask, (w >> 62) == 0)) {  // someone's predecessor not yet published
      if ((w >> 62) == 0) w = load_word(st.words + pred);
    }
    const bool final_here = (w >> 62) == 2 || (StopAtNonzeroAggregate && (w & value_mask) != 0);
    unsigned prefix_lanes = __ballot_sync(full_mask, final_here);
    // Lanes up to and including the nearest inclusive prefix contribute.
    unsigned stop = prefix_lanes ? __ffs(prefix_lanes) - 1 : 31;
    unsigned long long v = (lane <= stop && pred >= 0) ? (w & value_mask) : 0;
    exclusive = op(exclusive, warp_reduce(v, op));
    if (prefix_lanes) break;
    window_end -= 32;
  }
  if (lane == 0) store_word(st.words + tile, flag_prefix | op(exclusive, aggregate));
  return exclusive;
}

}  // namespace ordo::detail::cuda_rank
