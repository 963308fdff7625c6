// The tiles of rank()'s msd_replay variant (see dispatch/msd_replay.cuh):
// where each tile of a digit pass lies, how it is loaded and how its keys
// are ranked by digit. The forward passes (msd_scatter_kernel) and the
// replay (msd_gather_kernel) both go through rank_tile(), so a replayed tile
// finds every key exactly where its forward pass put it.
#pragma once
#include <cub/block/block_radix_rank.cuh>

#include <cstdint>
#include <type_traits>
#include <utility>

#include "ordo/detail/host_device.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::cuda_rank::msd {

constexpr int tile_threads = 256;
constexpr int tile_items = 16;
constexpr unsigned tile_size = tile_threads * tile_items;  // 4096 keys
constexpr int digit_bits = 8;
constexpr unsigned digits = 1u << digit_bits;
constexpr int window_bits = 2 * digit_bits;
// The two passes split by a 16-bit window of the order bits, [shift,
// shift + 16), that starts at the highest bit where keys differ: 2^16
// buckets, each ranked by one block on its low `shift` bits.
constexpr unsigned buckets = 1u << window_bits;
constexpr unsigned bucket_capacity = 8192;  // keys a bucket block holds in shared memory
constexpr std::uint32_t unranked = 0xFFFFFFFFu;  // NaN under na_option::keep

// The order bits of a key: 32 or 64 of them (key_code_t of the key type).
template <class Src>
using source_bits_t = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<const Src&>()(0))>>;

// or_and: the OR and the AND of all order bits (pass 1's count finds them).
template <class Bits>
ORDO_HD unsigned window_shift(Bits or_bits, Bits and_bits) {
  const Bits differ = or_bits ^ and_bits;
  constexpr int width = int(8 * sizeof(Bits));
  int top = 0;  // bits up to and including the highest differing one
  while (top < width && (differ >> top) != 0) ++top;
  return top > window_bits ? unsigned(top - window_bits) : 0u;
}

// Pass 1 counts before the window is known, guessing it at the top bits
// (right for any keys that differ in the top bit, random ones included).
template <class Bits>
constexpr unsigned guessed_shift = unsigned(8 * sizeof(Bits)) - window_bits;

template <int Level>
struct digit_of {
  static_assert(Level == 1 || Level == 2);
  unsigned shift;
  template <class Bits>
  __device__ __forceinline__ std::uint32_t Digit(Bits key) const {
    return std::uint32_t(key >> (shift + (Level == 1 ? digit_bits : 0))) & (digits - 1);
  }
};

// Skewed keys (docs/algorithms.md, "Skewed keys"): pass 1's digit read from
// a monotone map of the window's 16 bits (the fine bin), pass 2's from a
// clamped linear cut of the pass-1 bucket's range into 256 parts. Any
// monotone digit ranks correctly; these only steer the bucket sizes.
struct pass2_cut {
  std::uint64_t base;  // the range's first code, in the top bits of 64 (a 32-bit code shifted up)
  std::uint64_t mult;  // digit = hi64((code - base) * mult), clamped to [0, 255]
};

// The fine bin of skewed keys: the window's 16 bits for 32-bit keys; 20
// bits ending where the window ends for 64-bit ones (a double's exponent
// leaves it 4 bits of fraction in 16), bits [fine_shift, fine_shift +
// fine_bits) of the key.
template <class Bits>
constexpr unsigned fine_bits = sizeof(Bits) == 4 ? 16 : 20;
template <class Bits>
constexpr unsigned fine_bins = 1u << fine_bits<Bits>;
template <class Bits>
ORDO_HD unsigned fine_shift(unsigned window_shift) {
  constexpr unsigned extra = fine_bits<Bits> - window_bits;
  return window_shift > extra ? window_shift - extra : 0u;
}

// The runs' starts in shared memory, one word of padding after every 32:
// a binary search over a sorted array sends a warp's lanes at each step to
// indices that differ by multiples of a power of two, all in one or two
// banks (steps 3 to 8 of 256 replayed up to 8 times: about 38 wavefronts a
// search of 32 random keys, 11 padded, in a model of the search).
constexpr unsigned run_starts_words = digits + digits / 32;
__device__ __forceinline__ unsigned run_starts_slot(unsigned i) { return i + i / 32; }

// Pass 1's digit of skewed keys: the run of the key's fine bin, the last of
// the 256 runs (pass-1 buckets) that starts at or before it. The runs'
// starts (ascending, ~0 past the last run) sit in shared memory: eight
// steps of a branchless search, where a 64 KiB or 1 MiB map of bins read
// from global memory made pass 1 1.6-2x slower.
struct map_digit {
  unsigned shift;          // fine_shift
  unsigned mask;           // fine_bins - 1
  const unsigned* starts;  // [run_starts_words], in shared memory, at run_starts_slot
  template <class Bits>
  __device__ __forceinline__ std::uint32_t Digit(Bits key) const {
    const unsigned f = unsigned(key >> shift) & mask;
    unsigned r = 0;
#pragma unroll
    for (unsigned step = digits / 2; step > 0; step /= 2) r += starts[run_starts_slot(r + step)] <= f ? step : 0u;
    return r;
  }
};

// A digit once its pass's count has stored it (a byte a key,
// msd_layout::digits1 / digits2): the replays rank these bytes and read no
// key (4 or 8 bytes a key), and skewed pass 1's scatter ranks them too, not
// repeating the search above (twice a key: to rank and to place; ncu at
// a625ced, float32 2^28: the searching scatter 3.91 ms and replay 4.01 ms,
// 2.70 and 1.53 with the bytes, against 1.69 and 1.57 for unskewed int32).
struct stored_digit {
  __device__ __forceinline__ std::uint32_t Digit(std::uint32_t d) const { return d; }
};

// Pass 2's digit of skewed keys: the clamped linear cut of its bucket.
struct cut_digit {
  pass2_cut cut;
  template <class Bits>
  __device__ __forceinline__ std::uint32_t Digit(Bits key) const {
    const std::uint64_t code = std::uint64_t(key) << (64 - 8 * sizeof(Bits));
    if (code < cut.base) return 0;
    const std::uint64_t d = __umul64hi(code - cut.base, cut.mult);
    return d < digits ? std::uint32_t(d) : digits - 1;
  }
};

// The original keys, mapped to order bits as they are read.
template <class K>
struct order_bits_source {
  const K* keys;
  bool descending, nan_on_top;
  __device__ __forceinline__ key_code_t<K> operator()(std::uint64_t i) const {
    return key_traits<K>::rank_bits(keys[i], descending, nan_on_top);
  }
};

// Order bits written by pass 1.
template <class Bits = std::uint32_t>
struct bits_source {
  const Bits* bits;
  __device__ __forceinline__ Bits operator()(std::uint64_t i) const { return bits[i]; }
};

// The low 16 of them, where pass 2 and its replay need no more (grouped
// rank's labels: pass 2's digit and the bucket's label bits lie below bit
// 16). Half the bytes of bits_source in each of the three passes that read it.
struct bits16_source {
  const std::uint16_t* bits;
  __device__ __forceinline__ std::uint32_t operator()(std::uint64_t i) const { return bits[i]; }
};

// Pass 1 cuts [0, n) into tiles; pass 2 cuts each pass-1 bucket b (keys
// [starts1[b], starts1[b + 1]) of pass 1's output) into its own tiles, tile
// numbers first_tile2[b] .. first_tile2[b + 1] - 1.
template <class Bits = std::uint32_t>
struct msd_layout {
  std::uint64_t n;
  const Bits* or_and;  // [2]; null while they are being found (the window is guessed then)
  unsigned tiles1;
  const unsigned* starts1;      // [digits + 1]
  const unsigned* first_tile2;  // [digits + 1]
  const unsigned* run_starts = nullptr;  // skewed keys: each pass-1 bucket's first fine bin [digits]
  const pass2_cut* cuts = nullptr;     // skewed keys: pass 2's cut per pass-1 bucket [digits]
  const std::uint8_t* digits1 = nullptr;  // each key's pass-1 digit, by input position, written by its count [n]
  const std::uint8_t* digits2 = nullptr;  // each key's pass-2 digit, by position in pass 1's output [n]
};

struct tile_span {
  std::uint64_t base;
  unsigned valid;  // keys in the tile, the rest padding
  unsigned bucket;  // pass-1 bucket (pass 2), 0 in pass 1
  unsigned first, tiles;  // the bucket's tile numbers
  bool live;
  unsigned shift;  // of the window
};

template <int Level, class Bits>
__device__ __forceinline__ tile_span tile_at(const msd_layout<Bits>& l, unsigned t) {
  tile_span s{};
  s.shift = l.or_and ? window_shift(l.or_and[0], l.or_and[1]) : guessed_shift<Bits>;
  if constexpr (Level == 1) {
    s.base = std::uint64_t(t) * tile_size;
    s.live = s.base < l.n;
    s.valid = s.live ? unsigned(l.n - s.base < tile_size ? l.n - s.base : tile_size) : 0;
    s.tiles = l.tiles1;
  } else {
    s.live = t < l.first_tile2[digits];
    if (!s.live) return s;
    unsigned lo = 0, hi = digits - 1;  // the last bucket whose first tile is <= t
    while (lo < hi) {
      const unsigned mid = (lo + hi + 1) / 2;
      if (l.first_tile2[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    s.bucket = lo;
    s.first = l.first_tile2[lo];
    s.tiles = l.first_tile2[lo + 1] - s.first;
    s.base = std::uint64_t(l.starts1[lo]) + std::uint64_t(t - s.first) * tile_size;
    const std::uint64_t end = l.starts1[lo + 1];
    s.valid = unsigned(end - s.base < tile_size ? end - s.base : tile_size);
  }
  return s;
}

// The digit a tile of `Level` ranks by: a bit field of the window, or for
// skewed keys (Skewed) pass 1's map and pass 2's cut of the tile's bucket.
template <int Level, bool Skewed, class Bits>
__device__ __forceinline__ auto digit_for(const msd_layout<Bits>& l, const tile_span& s, const unsigned* run_starts) {
  if constexpr (!Skewed) return digit_of<Level>{s.shift};
  else if constexpr (Level == 1) return map_digit{fine_shift<Bits>(s.shift), fine_bins<Bits> - 1, run_starts};
  else return cut_digit{l.cuts[s.bucket]};
}

// The runs' starts of skewed keys in shared memory, for pass 1's kernels
// (a tile's threads, one start each); every thread of the block calls it.
template <int Level, bool Skewed, class Bits>
__device__ __forceinline__ void load_run_starts(const msd_layout<Bits>& l, unsigned* run_starts) {
  if constexpr (Skewed && Level == 1) {
    static_assert(tile_threads == digits);
    run_starts[run_starts_slot(threadIdx.x)] = l.run_starts[threadIdx.x];
    __syncthreads();
  }
}

// Where tile t's count of digit d sits, laid out so that one exclusive scan
// over all counts gives each (tile, digit) its output offset: digit-major in
// pass 1; bucket-major, then digit, then tile in pass 2.
template <int Level>
__device__ __forceinline__ std::uint64_t count_index(const tile_span& s, unsigned t, unsigned d) {
  if constexpr (Level == 1) return std::uint64_t(d) * s.tiles + t;
  else return std::uint64_t(digits) * s.first + std::uint64_t(d) * s.tiles + (t - s.first);
}

// Warp-striped position of item j of this thread within the tile: the order
// in which BlockRadixRankMatch ranks equal digits, so the passes are stable.
__device__ __forceinline__ unsigned striped_offset(int j) {
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  return warp * (32 * tile_items) + unsigned(j) * 32 + lane;
}

// Padding keys are all ones: the last digit, after every real key of it.
template <class Src, class Bits>
__device__ __forceinline__ void load_tile(const Src& src, const tile_span& s, Bits (&key)[tile_items]) {
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = striped_offset(j);
    key[j] = o < s.valid ? src(s.base + o) : Bits(~Bits(0));
  }
}

// The stored digits of tile s, striped as load_tile's keys; padding takes
// the last digit, after every real key of it, as a padding key would.
__device__ __forceinline__ void load_stored_digits(const std::uint8_t* digits1, const tile_span& s,
                                                   std::uint32_t (&d)[tile_items]) {
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = striped_offset(j);
    d[j] = o < s.valid ? digits1[s.base + o] : digits - 1;
  }
}

using tile_ranker = cub::BlockRadixRankMatch<tile_threads, digit_bits, false>;

// Each key's slot in the tile ordered by digit (stable), and for thread d the
// tile's first slot of digit d.
template <class Digit, class Bits>
__device__ __forceinline__ void rank_tile(typename tile_ranker::TempStorage& storage, const Digit& digit,
                                          Bits (&key)[tile_items], int (&slot)[tile_items], int& digit_start) {
  int prefix[1];
  tile_ranker(storage).RankKeys(key, slot, digit, prefix);
  digit_start = prefix[0];
}

}  // namespace ordo::detail::cuda_rank::msd
