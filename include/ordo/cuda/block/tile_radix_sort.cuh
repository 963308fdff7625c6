// Block scope: a stable LSD radix sort of one tile of THREADS * ITEMS order
// codes in shared memory, 8 bits per pass, for runs too long for registers:
// Roughsort's runs of 2k for k above a few hundred (seed 002 §7) and the
// segmented sort's long segments and grid chunks (seed 004). Ranking is CUB's BlockRadixRankMatchEarlyCounts (warp match_any, the
// ranking of CUB's onesweep); the scatter and the reload go through shared
// memory, so a pass costs no global traffic.
//
// Only the bits where the tile's codes differ are sorted: the highest set bit
// of (OR of the codes) ^ (AND of the codes) bounds the passes. A k-sorted
// tile spans a small part of the key range (2^28 sorted random 32-bit keys:
// 8192 neighbours differ in about 17 low bits), so 3 of 4 passes are run.
// Padding codes (all ones) sort last whatever bits are skipped: their low
// bits are the largest and, on ties, they come last in the tile (stable).
//
// Keys are held warp-striped (thread (w, l), item u is tile element
// w * 32 * ITEMS + u * 32 + l): the order in which the rank is stable.
//
// BUCKETS (small tiles of spread keys, the segmented sort's block bins): one
// pass by the top 8 differing bits, then each element finds its place in its
// bucket by counting, as the short tiles rank (segmented_sort/kernel/short_tile_kernels.cuh):
// it reads every code of its bucket, whose bounds the pass's digit prefix
// gives. With T / 256 elements per bucket on average that is a few reads in
// place of the remaining passes (random 32-bit keys in a tile of 2048: 1 pass and about
// 9 reads, not 4 passes). Where some bucket holds more than max_bucket codes
// (few distinct or clustered top bits) the LSD passes run after all, over the
// pass's output: stable, so equal codes keep their input order.
//
// SLOTS > 1 (with BUCKETS): the tile holds SLOTS independent runs of
// T / SLOTS (several short segments per block, each padded to its slot), and
// each is sorted on its own. The bucket pass's digit is the slot's index
// above the top 8 - log2(SLOTS) differing bits, so buckets never mix slots;
// the LSD fallback ends with a stable pass by slot.
#pragma once
#include <cub/block/block_radix_rank.cuh>
#include <cub/block/radix_rank_sort_operations.cuh>

#include <cstdint>

#include "ordo/cuda/block/block_differing_bits.cuh"

namespace ordo::detail::prim {

template <class Code, int THREADS, int ITEMS, bool TRACK, bool BUCKETS = false, int SLOTS = 1>
struct tile_radix_sort {
  static constexpr int T = THREADS * ITEMS;
  static constexpr int RADIX_BITS = 8;
  static constexpr int SLOT_N = T / SLOTS;  // one run's share of the tile
  static constexpr int SLOT_BITS = SLOTS <= 1 ? 0 : SLOTS <= 2 ? 1 : SLOTS <= 4 ? 2 : SLOTS <= 8 ? 3 : 4;
  static constexpr bool KEEP_POS = TRACK || SLOTS > 1;  // the fallback's slot pass reads them
  static_assert(SLOTS == 1 << SLOT_BITS && T % SLOTS == 0 && (SLOTS == 1 || BUCKETS), "SLOTS: 1, 2, 4, 8, 16 with BUCKETS");
  static constexpr int max_bucket = 32;  // counting reads at most this many codes per element
  static_assert(T <= 65536, "tile positions are 16-bit");
  static_assert(!BUCKETS || T < 65536, "bucket bounds are 16-bit");
  using rank_t = cub::BlockRadixRankMatchEarlyCounts<THREADS, RADIX_BITS, false, cub::BLOCK_SCAN_WARP_SCANS,
                                                     cub::WARP_MATCH_ANY>;
  struct storage {
    union {
      typename rank_t::TempStorage rank;
      Code codes[T];  // the tile after each pass, in rank order
    };
    std::uint16_t pos[KEEP_POS ? T : 1];  // each code's position in the input tile
    std::uint16_t bucket[BUCKETS ? 257 : 1];  // bucket_sort: where each digit's bucket starts, then T
    differing_bits_storage<Code> differ;
  };

  // The tile's position of item u of this thread (warp-striped).
  __device__ __forceinline__ static int striped(int u) {
    const int t = threadIdx.x;
    return (t / 32) * 32 * ITEMS + u * 32 + (t & 31);
  }

  // Loads the tile's first `len` codes warp-striped (load(i) gives code i;
  // all-ones padding past len), sorts them and leaves them in s.codes / s.pos.
  template <class Load>
  __device__ __forceinline__ static void load_and_sort(storage& s, Load load, int len) {
    static_assert(SLOTS == 1, "slotted tiles: load_and_sort_slots");
    load_and_sort_slots(s, load, [len](int) { return len; });
  }

  // The same per slot: slot j's first lens(j) codes are real (load(i) gives
  // the code at tile position i), the rest of it padding; slot j ends sorted
  // in s.codes[j * SLOT_N, (j + 1) * SLOT_N), its padding last.
  template <class Load, class Lens>
  __device__ __forceinline__ static void load_and_sort_slots(storage& s, Load load, Lens lens) {
    Code c[ITEMS];
    std::uint16_t p[ITEMS];
    bool real[ITEMS];
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      const int i = striped(u);
      real[u] = SLOTS == 1 ? i < lens(0) : i % SLOT_N < lens(i / SLOT_N);
      c[u] = real[u] ? load(i) : ~Code(0);
      p[u] = std::uint16_t(i);
    }
    const int bits = block_differing_bits(s.differ, c, real);
    if constexpr (BUCKETS) {
      if ((SLOTS > 1 || bits > RADIX_BITS) && bucket_sort(s, c, p, bits, lens)) return;
    }
    sort(s, c, p, bits);
    if constexpr (SLOTS > 1) {  // the LSD passes mixed the slots: a stable pass by slot
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) c[u] = s.codes[striped(u)], p[u] = s.pos[striped(u)];
      unsigned slot[ITEMS];
      int rank[ITEMS];
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) slot[u] = unsigned(p[u]) / SLOT_N;
      __syncthreads();
      rank_t(s.rank).RankKeys(slot, rank, cub::ShiftDigitExtractor<unsigned>(0, RADIX_BITS));
      __syncthreads();
      scatter(s, c, p, rank);
      __syncthreads();
    }
  }

  // One pass by a digit of the slot and bits [bits - 8 + log2(SLOTS), bits),
  // then counting in the buckets, whose bounds the pass's digit prefix gives
  // (so the reads do not wait on one another). False, with the pass's order
  // in c / p, when some bucket holds more than max_bucket real codes. A
  // slot's padding follows every real code of its last bucket: after the
  // pass, slot j's real codes are [j * SLOT_N, j * SLOT_N + lens(j)).
  template <class Lens>
  __device__ __forceinline__ static bool bucket_sort(storage& s, Code (&c)[ITEMS], std::uint16_t (&p)[ITEMS],
                                                     int bits, Lens lens) {
    constexpr int BPT = rank_t::BINS_TRACKED_PER_THREAD;  // thread t holds digits t * BPT + b
    constexpr int KEY_BITS = RADIX_BITS - SLOT_BITS;
    constexpr unsigned KEY_MASK = (1u << KEY_BITS) - 1;
    const int shift = bits > KEY_BITS ? bits - KEY_BITS : 0;
    // Slot j's codes lie in [j * SLOT_N, (j + 1) * SLOT_N) before the pass (the load) and after it.
    const auto digit = [shift](Code x, int i) {
      return (SLOTS == 1 ? 0u : unsigned(i / SLOT_N) << KEY_BITS) | (unsigned(x >> shift) & KEY_MASK);
    };
    const auto real_end = [&lens](int slot) { return SLOTS == 1 ? lens(0) : slot * SLOT_N + lens(slot); };
    int rank[ITEMS], prefix[BPT];
    if constexpr (SLOTS == 1) {  // the digit is the codes' own
      rank_t(s.rank).RankKeys(c, rank, cub::ShiftDigitExtractor<Code>(shift, RADIX_BITS), prefix);
    } else {
      unsigned d[ITEMS];
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) d[u] = digit(c[u], striped(u));
      rank_t(s.rank).RankKeys(d, rank, cub::ShiftDigitExtractor<unsigned>(0, RADIX_BITS), prefix);
    }
#pragma unroll
    for (int b = 0; b < BPT; ++b)
      if (threadIdx.x * BPT + b < 256) s.bucket[threadIdx.x * BPT + b] = std::uint16_t(prefix[b]);
    // One slot: its padding ends the last bucket, so that bucket ends at the slot's length.
    if (threadIdx.x == 0) s.bucket[256] = std::uint16_t(SLOTS == 1 ? lens(0) : T);
    __syncthreads();  // the rank's storage is the codes' buffer
    scatter(s, c, p, rank);
    __syncthreads();
    bool large = false;
#pragma unroll
    for (int b = 0; b < BPT; ++b) {
      const int d = threadIdx.x * BPT + b;
      if (d < 256) {
        const int end = SLOTS == 1 ? int(s.bucket[d + 1]) : min(int(s.bucket[d + 1]), real_end(d >> KEY_BITS));
        large |= end - int(s.bucket[d]) > max_bucket;
      }
    }
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      c[u] = s.codes[striped(u)];
      if constexpr (KEEP_POS) p[u] = s.pos[striped(u)];
    }
    if (__syncthreads_or(large)) return false;
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {  // place = the bucket's start + the codes before c in it
      const int i = striped(u);
      const bool is_real = i < real_end(i / SLOT_N);
      const unsigned d = digit(c[u], i);
      const int end = SLOTS == 1 ? int(s.bucket[d + 1]) : min(int(s.bucket[d + 1]), real_end(i / SLOT_N));
      const int from = s.bucket[d], to = is_real ? end : from;
      int place = is_real ? from : i;  // padding stays where the pass put it
#pragma unroll 4
      for (int j = from; j < to; ++j) {
        const Code x = s.codes[j];
        place += (x < c[u] || (x == c[u] && j < i)) ? 1 : 0;
      }
      rank[u] = place;
    }
    __syncthreads();
    scatter(s, c, p, rank);
    __syncthreads();
    return true;
  }

  __device__ __forceinline__ static void scatter(storage& s, const Code (&c)[ITEMS], const std::uint16_t (&p)[ITEMS],
                                                 const int (&rank)[ITEMS]) {
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      s.codes[rank[u]] = c[u];
      if constexpr (KEEP_POS) s.pos[rank[u]] = p[u];
    }
  }

  // Sorts the codes held by the block (with their tile positions when
  // TRACK) and leaves them in s.codes / s.pos in sorted order.
  __device__ __forceinline__ static void sort(storage& s, Code (&c)[ITEMS], std::uint16_t (&p)[ITEMS], int bits) {
    int begin = 0;
    do {  // at least one scatter, so the codes end in s.codes even when all are equal
      int rank[ITEMS];
      if (begin < bits) {
        rank_t(s.rank).RankKeys(c, rank, cub::ShiftDigitExtractor<Code>(begin, RADIX_BITS));
      } else {
#pragma unroll
        for (int u = 0; u < ITEMS; ++u) rank[u] = striped(u);
      }
      __syncthreads();  // the rank's storage is the codes' buffer
      scatter(s, c, p, rank);
      __syncthreads();
      begin += RADIX_BITS;
      if (begin >= bits) break;
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) {
        c[u] = s.codes[striped(u)];
        if constexpr (KEEP_POS) p[u] = s.pos[striped(u)];
      }
      __syncthreads();
    } while (true);
  }
};

}  // namespace ordo::detail::prim
