// The digit passes of rank()'s msd_replay variant: count, scatter (forward)
// and gather (the replay that carries ranks back), plus the two small
// kernels that turn scanned counts into bucket starts.
#pragma once
#include <cub/block/block_scan.cuh>

#include <cstdint>
#include <type_traits>

#include "cuda/rank/block/msd_tile.cuh"
#include "ordo/cuda/warp/warp_reduce.cuh"

namespace ordo::detail::cuda_rank::msd {

// hist[d] = how many of the tile's keys have digit d; all loads issued
// before the first atomic.
template <class Digit, class Bits>
__device__ __forceinline__ void count_tile(const Bits (&key)[tile_items], const tile_span& s, const Digit& digit,
                                           unsigned* hist) {
  hist[threadIdx.x] = 0;
  __syncthreads();
#pragma unroll
  for (int j = 0; j < tile_items; ++j)
    if (striped_offset(j) < s.valid) atomicAdd(&hist[digit.Digit(key[j])], 1u);
  __syncthreads();
}

// count_tile, and each key's digit stored in digits_out[i] where it is not
// null (the replay of the pass reads it: stored_digit).
template <class Digit, class Bits>
__device__ __forceinline__ void count_and_store_tile(const Bits (&key)[tile_items], const tile_span& s,
                                                     const Digit& digit, unsigned* hist, std::uint8_t* digits_out) {
  if (!digits_out) return count_tile(key, s, digit, hist);
  std::uint32_t d[tile_items];
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = striped_offset(j);
    d[j] = digit.Digit(key[j]);
    if (o < s.valid) digits_out[s.base + o] = std::uint8_t(d[j]);
  }
  count_tile(d, s, stored_digit{}, hist);
}

// Blocks an SM of the pass kernels: 64-bit keys take twice the registers;
// the map and the cut of skewed keys some more (at 4 blocks they spilled
// twice the 32-bit plain passes' 28-48 B).
template <class Src, bool Skewed = false>
constexpr int pass_min_blocks = sizeof(source_bits_t<Src>) == 4 ? (Skewed ? 3 : 4) : 2;

__device__ __forceinline__ void atomic_or_bits(std::uint32_t* a, std::uint32_t v) { atomicOr(a, v); }
__device__ __forceinline__ void atomic_and_bits(std::uint32_t* a, std::uint32_t v) { atomicAnd(a, v); }
__device__ __forceinline__ void atomic_or_bits(std::uint64_t* a, std::uint64_t v) {
  atomicOr(reinterpret_cast<unsigned long long*>(a), (unsigned long long)v);
}
__device__ __forceinline__ void atomic_and_bits(std::uint64_t* a, std::uint64_t v) {
  atomicAnd(reinterpret_cast<unsigned long long*>(a), (unsigned long long)v);
}
__device__ __forceinline__ std::uint32_t warp_or_bits(std::uint32_t v) { return warp_or(v); }
__device__ __forceinline__ std::uint32_t warp_and_bits(std::uint32_t v) { return warp_and(v); }
__device__ __forceinline__ std::uint64_t warp_or_bits(std::uint64_t v) {
  return (std::uint64_t(warp_or(std::uint32_t(v >> 32))) << 32) | warp_or(std::uint32_t(v));
}
__device__ __forceinline__ std::uint64_t warp_and_bits(std::uint64_t v) {
  return (std::uint64_t(warp_and(std::uint32_t(v >> 32))) << 32) | warp_and(std::uint32_t(v));
}

// counts[count_index(tile, d)] = how many of the tile's keys have digit d,
// and with digits_out each key's digit (a byte, at its position in the
// pass's input) for the pass's replay.
// Pass 1 (Guess, layout.or_and null): with the guessed window, and finds
// or_and[0] |= every key,
// or_and[1] &= every key (they start as 0 and ~0).
template <int Level, bool Guess, bool Skewed = false, class Src, class Bits>
__global__ void __launch_bounds__(tile_threads)
    msd_count_kernel(Src src, msd_layout<Bits> layout, unsigned* counts, std::type_identity_t<Bits>* or_and,
                     std::uint8_t* digits_out = nullptr) {
  static_assert(!Guess || Level == 1);
  __shared__ unsigned hist[digits];
  __shared__ Bits block_or, block_and;
  __shared__ unsigned run_starts[Skewed && Level == 1 ? run_starts_words : 1];
  load_run_starts<Level, Skewed>(layout, run_starts);
  tile_span s = tile_at<Level>(layout, blockIdx.x);
  if (!s.live) return;
  Bits key[tile_items];
  load_tile(src, s, key);
  if constexpr (Guess) {
    Bits o = 0, a = Bits(~Bits(0));
#pragma unroll
    for (int j = 0; j < tile_items; ++j) {
      if (striped_offset(j) < s.valid) {
        o |= key[j];
        a &= key[j];
      }
    }
    o = warp_or_bits(o);
    a = warp_and_bits(a);
    if (threadIdx.x == 0) {
      block_or = 0;
      block_and = Bits(~Bits(0));
    }
    __syncthreads();
    if (threadIdx.x % 32 == 0) {
      atomic_or_bits(&block_or, o);
      atomic_and_bits(&block_and, a);
    }
  }
  count_and_store_tile(key, s, digit_for<Level, Skewed>(layout, s, run_starts), hist, digits_out);
  counts[count_index<Level>(s, blockIdx.x, threadIdx.x)] = hist[threadIdx.x];
  if constexpr (Guess) {
    if (threadIdx.x == 0) {
      atomic_or_bits(or_and, block_or);
      atomic_and_bits(or_and + 1, block_and);
    }
  }
}

// Pass 1 again with the real window, if the guess was wrong (keys that all
// agree in the top bit); otherwise each block returns at once. Skewed: pass 1
// by the map, always. With digits_out, each key's digit is stored again
// (skewed: the scatter of pass 1 reads it too).
template <bool Skewed = false, class Src, class Bits>
__global__ void __launch_bounds__(tile_threads)
    msd_recount_kernel(Src src, msd_layout<Bits> layout, unsigned* counts, std::uint8_t* digits_out = nullptr) {
  __shared__ unsigned hist[digits];
  __shared__ unsigned run_starts[Skewed ? run_starts_words : 1];
  if (!Skewed && window_shift(layout.or_and[0], layout.or_and[1]) == guessed_shift<Bits>) return;
  load_run_starts<1, Skewed>(layout, run_starts);
  for (unsigned t = blockIdx.x; t < layout.tiles1; t += gridDim.x) {
    const tile_span s = tile_at<1>(layout, t);
    Bits key[tile_items];
    load_tile(src, s, key);
    count_and_store_tile(key, s, digit_for<1, Skewed>(layout, s, run_starts), hist, digits_out);
    counts[count_index<1>(s, t, threadIdx.x)] = hist[threadIdx.x];
    __syncthreads();  // hist is zeroed for the next tile
  }
}

// After the pass-1 scan: starts1[b] (the offset of digit b in tile 0) and
// the pass-2 tile numbering; with largest1, the largest pass-1 bucket is
// atomicMax'ed into it. One block of `digits` threads.
template <int Unused = 0>
__global__ void __launch_bounds__(digits) msd_level1_starts_kernel(const unsigned* offsets1, std::uint64_t n,
                                                                   unsigned tiles1, unsigned* starts1,
                                                                   unsigned* first_tile2,
                                                                   unsigned* largest1 = nullptr) {
  using scan = cub::BlockScan<unsigned, digits>;
  __shared__ typename scan::TempStorage storage;
  __shared__ unsigned start[digits + 1];
  const unsigned b = threadIdx.x;
  start[b] = offsets1[std::uint64_t(b) * tiles1];
  if (b == 0) start[digits] = unsigned(n);
  __syncthreads();
  const unsigned size = start[b + 1] - start[b];
  if (largest1) atomicMax(largest1, size);
  unsigned first = 0, total = 0;
  scan(storage).ExclusiveSum((size + tile_size - 1) / tile_size, first, total);
  starts1[b] = start[b];
  first_tile2[b] = first;
  if (b == 0) {
    starts1[digits] = unsigned(n);
    first_tile2[digits] = total;
  }
}

// After the pass-2 scan: starts2[q] for each bucket q = (b, d), starts2[buckets]
// = n, and the largest bucket in *largest (the one value the host reads back).
template <class Bits>
__global__ void __launch_bounds__(digits) msd_level2_starts_kernel(const unsigned* offsets2, msd_layout<Bits> layout,
                                                                   unsigned* starts2, unsigned* largest) {
  __shared__ unsigned start[digits + 1];
  const unsigned b = blockIdx.x, d = threadIdx.x;
  const unsigned first = layout.first_tile2[b], tiles = layout.first_tile2[b + 1] - first;
  start[d] = tiles ? offsets2[std::uint64_t(digits) * first + std::uint64_t(d) * tiles] : layout.starts1[b];
  if (d == 0) start[digits] = layout.starts1[b + 1];
  __syncthreads();
  starts2[b * digits + d] = start[d];
  if (b == digits - 1 && d == 0) starts2[buckets] = unsigned(layout.n);
  const unsigned size = start[d + 1] - start[d];
  if (size > bucket_capacity) atomicMax(largest, size);
}

// Shared memory of a scatter or gather tile: the ranking's scratch, then
// one word per slot; base[d] + o is where slot o (of digit d) lies in the
// pass's output.
template <class Bits>
struct pass_shared {
  union {
    typename tile_ranker::TempStorage rank;
    Bits slots[tile_size];
    std::uint32_t words[tile_size];
  };
  unsigned base[digits];
};

// Loads tile s, ranks its keys by digit and fills sm.base; ends with a
// barrier, after which sm.slots is free.
template <int Level, class Src, class Digit, class Bits>
__device__ __forceinline__ void load_and_place(const Src& src, const tile_span& s, const Digit& digit,
                                               const unsigned* offsets, pass_shared<Bits>& sm,
                                               Bits (&key)[tile_items], int (&slot)[tile_items]) {
  load_tile(src, s, key);
  int digit_start;
  rank_tile(sm.rank, digit, key, slot, digit_start);
  sm.base[threadIdx.x] = offsets[count_index<Level>(s, blockIdx.x, threadIdx.x)] - unsigned(digit_start);
  __syncthreads();
}

// load_and_place by the tile's stored digits d.
template <int Level, class Bits>
__device__ __forceinline__ void place_by_stored(const tile_span& s, const unsigned* offsets, pass_shared<Bits>& sm,
                                                std::uint32_t (&d)[tile_items], int (&slot)[tile_items]) {
  int digit_start;
  rank_tile(sm.rank, stored_digit{}, d, slot, digit_start);
  sm.base[threadIdx.x] = offsets[count_index<Level>(s, blockIdx.x, threadIdx.x)] - unsigned(digit_start);
  __syncthreads();
}

// No payload: the forward pass moves the keys alone (rank()).
struct no_payload {
  __device__ __forceinline__ std::uint32_t operator()(std::uint64_t) const { return 0; }
};

// Forward pass: each key to its bucket, staged in digit order in shared
// memory so that the stores of one digit are contiguous. With a payload
// (grouped rank: a label's key rides with it), pay(i) is the word of input
// position i; it lands in out_pay where the key lands in out, staged the
// same way once the keys are out. Out narrower than the key keeps its low
// bits (grouped rank's pass 2: the labels' bits below the bucket's).
// Blocks an SM: 4 (64 registers, 28-48 B spilled; rank() int32 at 2^28
// 9.23 -> 8.97 ms), 3 with a payload (at 64 registers it spilled 124-228 B and
// grouped rank by labels went 11.9 -> 13.9 ms).
template <int Level, bool Skewed = false, class Src, class Bits, class Pay = no_payload, class Out = Bits>
__global__ void __launch_bounds__(tile_threads, std::is_same_v<Pay, no_payload> ? pass_min_blocks<Src, Skewed> : 3)
    msd_scatter_kernel(Src src, msd_layout<Bits> layout, const unsigned* offsets, Out* out, Pay pay = {},
                       std::uint32_t* out_pay = nullptr) {
  static_assert(std::is_same_v<Bits, source_bits_t<Src>>);
  constexpr bool has_payload = !std::is_same_v<Pay, no_payload>;
  // Skewed pass 1 ranks the digits the recount stored, and keeps each
  // slot's digit beside its key to place it.
  constexpr bool stored = Skewed && Level == 1;
  static_assert(!(stored && has_payload));
  __shared__ pass_shared<Bits> sm;
  __shared__ std::uint8_t slot_digit[stored ? tile_size : 1];
  const tile_span s = tile_at<Level>(layout, blockIdx.x);
  if (!s.live) return;
  const auto digit = digit_for<Level, Skewed && !stored>(layout, s, nullptr);
  Bits key[tile_items];
  std::uint32_t word[has_payload ? tile_items : 1];
  int slot[tile_items];
  if constexpr (has_payload) {
#pragma unroll
    for (int j = 0; j < tile_items; ++j) {
      const unsigned o = striped_offset(j);
      word[j] = o < s.valid ? pay(s.base + o) : 0u;
    }
  }
  if constexpr (stored) {
    std::uint32_t d[tile_items];
    load_tile(src, s, key);
    load_stored_digits(layout.digits1, s, d);
    place_by_stored<1>(s, offsets, sm, d, slot);
#pragma unroll
    for (int j = 0; j < tile_items; ++j) {
      sm.slots[slot[j]] = key[j];
      slot_digit[slot[j]] = std::uint8_t(d[j]);
    }
  } else {
    load_and_place<Level>(src, s, digit, offsets, sm, key, slot);
#pragma unroll
    for (int j = 0; j < tile_items; ++j) sm.slots[slot[j]] = key[j];
  }
  __syncthreads();
  unsigned to[tile_items];  // where slot threadIdx.x + j * tile_threads goes
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = threadIdx.x + unsigned(j) * tile_threads;
    const Bits k = sm.slots[o];
    if constexpr (stored) to[j] = sm.base[slot_digit[o]] + o;
    else to[j] = sm.base[digit.Digit(k)] + o;
    if (o < s.valid) out[to[j]] = Out(k);
  }
  if constexpr (has_payload) {
    __syncthreads();
#pragma unroll
    for (int j = 0; j < tile_items; ++j) sm.words[slot[j]] = word[j];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < tile_items; ++j) {
      const unsigned o = threadIdx.x + unsigned(j) * tile_threads;
      if (o < s.valid) out_pay[to[j]] = sm.words[o];
    }
  }
}

// The replay: the same tile, ranked the same way, reads back the value its
// forward pass's key left at the destination (`from`) and hands it, with the
// key's digit, to `sink` at the key's own position.
// Stored: the tile ranks the digits its pass's count stored (layout.digits1
// or digits2, a byte a key) and reads no key (skewed pass 1 always; rank()'s
// replays all do, grouped rank's labels do not).
template <int Level, bool Skewed = false, bool Stored = Skewed && Level == 1, class Src, class Bits, class Sink>
__global__ void __launch_bounds__(tile_threads, pass_min_blocks<Src, Skewed>)
    msd_gather_kernel(Src src, msd_layout<Bits> layout, const unsigned* offsets, const std::uint32_t* from,
                      Sink sink) {
  static_assert(std::is_same_v<Bits, source_bits_t<Src>>);
  static_assert(Stored || !(Skewed && Level == 1));
  constexpr bool stored = Stored;
  __shared__ pass_shared<Bits> sm;  // words: digits, then the values read back
  const tile_span s = tile_at<Level>(layout, blockIdx.x);
  if (!s.live) return;
  int slot[tile_items];
  std::uint32_t d[tile_items];
  if constexpr (stored) {
    load_stored_digits(Level == 1 ? layout.digits1 : layout.digits2, s, d);
    place_by_stored<Level>(s, offsets, sm, d, slot);
  } else {
    const auto digit = digit_for<Level, Skewed>(layout, s, nullptr);
    Bits key[tile_items];
    load_and_place<Level>(src, s, digit, offsets, sm, key, slot);
#pragma unroll
    for (int j = 0; j < tile_items; ++j) d[j] = digit.Digit(key[j]);
  }
#pragma unroll
  for (int j = 0; j < tile_items; ++j) sm.words[slot[j]] = d[j];
  __syncthreads();
  std::uint32_t v[tile_items];  // every load in flight before the first store
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = threadIdx.x + unsigned(j) * tile_threads;
    v[j] = o < s.valid ? from[sm.base[sm.words[o]] + o] : 0u;
  }
#pragma unroll
  for (int j = 0; j < tile_items; ++j) sm.words[threadIdx.x + unsigned(j) * tile_threads] = v[j];  // own slots only
  __syncthreads();
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = striped_offset(j);
    if (o < s.valid) sink(s, s.base + o, d[j], sm.words[slot[j]]);
  }
}

}  // namespace ordo::detail::cuda_rank::msd
