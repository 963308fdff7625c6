// Block scope: a tile of up to T = THREADS * ITEMS order codes sorted by one
// scatter into 2^DIGIT_BITS buckets, then counting within each bucket. For
// tiles too large for tile_radix_sort's 8-bit bucket pass (the segmented
// sort's segments of up to 8192, seed 004's grid bin; a long segment's
// sub-buckets after its partition pass): with 4096 buckets a tile of 8192
// random codes averages 2 per bucket, so one scatter and two reads per
// element replace four radix passes.
//
//   1. The digit is the top DIGIT_BITS of the bits in which the tile's codes
//      differ (block_differing_bits), so clustered keys still spread.
//   2. Each element takes a slot in its bucket by a shared-memory atomic:
//      the order within a bucket is arbitrary, which step 4 makes up for.
//   3. An exclusive scan of the counts gives each bucket's start.
//   4. Each element's place is its bucket's start plus the number of codes in
//      the bucket that come before it: smaller, or equal with a smaller
//      position (TRACK: the position the caller gave, so the sort is stable)
//      or a smaller index in the bucket (the unstable keys-only sort, where
//      equal codes are interchangeable).
// Where a bucket holds more than max_bucket codes (few distinct keys, or
// clustered top bits) the counting would cost too much: sort() returns false
// having emitted nothing, and the caller sorts the tile another way.
#pragma once
#include <cub/block/block_scan.cuh>

#include <cstdint>

#include "ordo/cuda/block/block_differing_bits.cuh"

namespace ordo::detail::prim {

template <class Code, int THREADS, int ITEMS, int DIGIT_BITS, bool TRACK>
struct tile_bucket_sort {
  static constexpr int T = THREADS * ITEMS;
  static constexpr int BUCKETS = 1 << DIGIT_BITS;
  static constexpr int PER_THREAD = BUCKETS / THREADS;  // counters each thread scans
  static constexpr unsigned max_bucket = 64;           // counting reads at most this many codes per element
  static_assert(BUCKETS % THREADS == 0, "each thread scans whole counters");
  using scan_t = cub::BlockScan<unsigned, THREADS>;
  struct storage {
    Code codes[T];                     // the tile, bucket by bucket
    std::uint32_t pos[TRACK ? T : 1];  // each code's position (TRACK)
    unsigned start[BUCKETS + 1];       // the counts, then where each bucket starts; then len
    typename scan_t::TempStorage scan;
    differing_bits_storage<Code> differ;
  };

  // Sorts elements [0, len) of the tile: load(i) gives element i's code,
  // pos(i) its position (read only when TRACK). emit(place, code, pos) is
  // called once per element with its place in [0, len). False, with nothing
  // emitted, when a bucket is too large; every thread returns the same.
  template <class Load, class Pos, class Emit>
  __device__ __forceinline__ static bool sort(storage& s, int len, Load load, Pos pos_of, Emit emit) {
    Code c[ITEMS];
    bool real[ITEMS];
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {  // blocked by THREADS: coalesced loads
      const int i = u * THREADS + int(threadIdx.x);
      real[u] = i < len;
      c[u] = real[u] ? load(i) : Code(0);
    }
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) s.start[threadIdx.x * PER_THREAD + k] = 0;
    const int bits = block_differing_bits(s.differ, c, real);  // its barriers also order the zeroing
    const int shift = bits > DIGIT_BITS ? bits - DIGIT_BITS : 0;
    const auto digit = [shift](Code x) { return unsigned(x >> shift) & unsigned(BUCKETS - 1); };
    unsigned slot[ITEMS];
#pragma unroll
    for (int u = 0; u < ITEMS; ++u)
      if (real[u]) slot[u] = atomicAdd(&s.start[digit(c[u])], 1u);
    __syncthreads();
    unsigned count[PER_THREAD], sum = 0;
    bool large = false;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
      count[k] = s.start[threadIdx.x * PER_THREAD + k];
      large |= count[k] > max_bucket;
      sum += count[k];
    }
    unsigned first;
    scan_t(s.scan).ExclusiveSum(sum, first);
    if (__syncthreads_or(large)) return false;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
      s.start[threadIdx.x * PER_THREAD + k] = first;
      first += count[k];
    }
    if (threadIdx.x == 0) s.start[BUCKETS] = unsigned(len);
    __syncthreads();
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      if (!real[u]) continue;
      const unsigned at = s.start[digit(c[u])] + slot[u];
      s.codes[at] = c[u];
      if constexpr (TRACK) s.pos[at] = pos_of(u * THREADS + int(threadIdx.x));
    }
    __syncthreads();
    for (int i = threadIdx.x; i < len; i += THREADS) {
      const Code x = s.codes[i];
      const std::uint32_t p = TRACK ? s.pos[i] : 0u;
      const unsigned d = digit(x);
      const int from = int(s.start[d]), to = int(s.start[d + 1]);
      int place = from;
      for (int j = from; j < to; ++j) {
        const Code y = s.codes[j];
        place += (y < x || (y == x && (TRACK ? s.pos[j] < p : j < i))) ? 1 : 0;
      }
      emit(place, x, p);
    }
    return true;
  }
};

}  // namespace ordo::detail::prim
