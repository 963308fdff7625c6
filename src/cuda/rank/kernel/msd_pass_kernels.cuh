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
template <int Level>
__device__ __forceinline__ void count_tile(const std::uint32_t (&key)[tile_items], const tile_span& s,
                                           unsigned* hist) {
  hist[threadIdx.x] = 0;
  __syncthreads();
#pragma unroll
  for (int j = 0; j < tile_items; ++j)
    if (striped_offset(j) < s.valid) atomicAdd(&hist[digit_of<Level>{s.shift}.Digit(key[j])], 1u);
  __syncthreads();
}

// counts[count_index(tile, d)] = how many of the tile's keys have digit d.
// Pass 1 (Guess, layout.or_and null): with the guessed window, and finds
// or_and[0] |= every key,
// or_and[1] &= every key (they start as 0 and ~0).
template <int Level, bool Guess, class Src>
__global__ void __launch_bounds__(tile_threads) msd_count_kernel(Src src, msd_layout layout, unsigned* counts,
                                                                 std::uint32_t* or_and) {
  static_assert(!Guess || Level == 1);
  __shared__ unsigned hist[digits];
  __shared__ std::uint32_t block_or, block_and;
  tile_span s = tile_at<Level>(layout, blockIdx.x);
  if (!s.live) return;
  std::uint32_t key[tile_items];
  load_tile(src, s, key);
  if constexpr (Guess) {
    std::uint32_t o = 0, a = ~0u;
#pragma unroll
    for (int j = 0; j < tile_items; ++j) {
      if (striped_offset(j) < s.valid) {
        o |= key[j];
        a &= key[j];
      }
    }
    o = warp_or(o);
    a = warp_and(a);
    if (threadIdx.x == 0) {
      block_or = 0;
      block_and = ~0u;
    }
    __syncthreads();
    if (threadIdx.x % 32 == 0) {
      atomicOr(&block_or, o);
      atomicAnd(&block_and, a);
    }
  }
  count_tile<Level>(key, s, hist);
  counts[count_index<Level>(s, blockIdx.x, threadIdx.x)] = hist[threadIdx.x];
  if constexpr (Guess) {
    if (threadIdx.x == 0) {
      atomicOr(or_and, block_or);
      atomicAnd(or_and + 1, block_and);
    }
  }
}

// Pass 1 again with the real window, if the guess was wrong (keys that all
// agree in the top bit); otherwise each block returns at once.
template <class Src>
__global__ void __launch_bounds__(tile_threads) msd_recount_kernel(Src src, msd_layout layout, unsigned* counts) {
  __shared__ unsigned hist[digits];
  if (window_shift(layout.or_and[0], layout.or_and[1]) == guessed_shift) return;
  for (unsigned t = blockIdx.x; t < layout.tiles1; t += gridDim.x) {
    const tile_span s = tile_at<1>(layout, t);
    std::uint32_t key[tile_items];
    load_tile(src, s, key);
    count_tile<1>(key, s, hist);
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
template <int Unused = 0>
__global__ void __launch_bounds__(digits) msd_level2_starts_kernel(const unsigned* offsets2, msd_layout layout,
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
struct pass_shared {
  union {
    typename tile_ranker::TempStorage rank;
    std::uint32_t slots[tile_size];
  };
  unsigned base[digits];
};

// Loads tile s, ranks its keys by digit and fills sm.base; ends with a
// barrier, after which sm.slots is free.
template <int Level, class Src>
__device__ __forceinline__ void load_and_place(const Src& src, const tile_span& s, const unsigned* offsets,
                                               pass_shared& sm, std::uint32_t (&key)[tile_items],
                                               int (&slot)[tile_items]) {
  load_tile(src, s, key);
  int digit_start;
  rank_tile<Level>(sm.rank, s, key, slot, digit_start);
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
template <int Level, class Src, class Pay = no_payload, class Out = std::uint32_t>
__global__ void __launch_bounds__(tile_threads, std::is_same_v<Pay, no_payload> ? 4 : 3)
    msd_scatter_kernel(Src src, msd_layout layout, const unsigned* offsets, Out* out, Pay pay = {},
                       std::uint32_t* out_pay = nullptr) {
  constexpr bool has_payload = !std::is_same_v<Pay, no_payload>;
  __shared__ pass_shared sm;
  const tile_span s = tile_at<Level>(layout, blockIdx.x);
  if (!s.live) return;
  std::uint32_t key[tile_items], word[has_payload ? tile_items : 1];
  int slot[tile_items];
  if constexpr (has_payload) {
#pragma unroll
    for (int j = 0; j < tile_items; ++j) {
      const unsigned o = striped_offset(j);
      word[j] = o < s.valid ? pay(s.base + o) : 0u;
    }
  }
  load_and_place<Level>(src, s, offsets, sm, key, slot);
#pragma unroll
  for (int j = 0; j < tile_items; ++j) sm.slots[slot[j]] = key[j];
  __syncthreads();
  unsigned to[tile_items];  // where slot threadIdx.x + j * tile_threads goes
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = threadIdx.x + unsigned(j) * tile_threads;
    const std::uint32_t k = sm.slots[o];
    to[j] = sm.base[digit_of<Level>{s.shift}.Digit(k)] + o;
    if (o < s.valid) out[to[j]] = Out(k);
  }
  if constexpr (has_payload) {
    __syncthreads();
#pragma unroll
    for (int j = 0; j < tile_items; ++j) sm.slots[slot[j]] = word[j];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < tile_items; ++j) {
      const unsigned o = threadIdx.x + unsigned(j) * tile_threads;
      if (o < s.valid) out_pay[to[j]] = sm.slots[o];
    }
  }
}

// The replay: the same tile, ranked the same way, reads back the value its
// forward pass's key left at the destination (`from`) and hands it to
// `sink` at the key's own position.
template <int Level, class Src, class Sink>
__global__ void __launch_bounds__(tile_threads, 4) msd_gather_kernel(Src src, msd_layout layout,
                                                                  const unsigned* offsets,
                                                                  const std::uint32_t* from, Sink sink) {
  __shared__ pass_shared sm;  // slots: digits, then the values read back
  const tile_span s = tile_at<Level>(layout, blockIdx.x);
  if (!s.live) return;
  std::uint32_t key[tile_items];
  int slot[tile_items];
  load_and_place<Level>(src, s, offsets, sm, key, slot);
#pragma unroll
  for (int j = 0; j < tile_items; ++j) sm.slots[slot[j]] = digit_of<Level>{s.shift}.Digit(key[j]);
  __syncthreads();
  std::uint32_t v[tile_items];  // every load in flight before the first store
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = threadIdx.x + unsigned(j) * tile_threads;
    v[j] = o < s.valid ? from[sm.base[sm.slots[o]] + o] : 0u;
  }
#pragma unroll
  for (int j = 0; j < tile_items; ++j) sm.slots[threadIdx.x + unsigned(j) * tile_threads] = v[j];  // own slots only
  __syncthreads();
#pragma unroll
  for (int j = 0; j < tile_items; ++j) {
    const unsigned o = striped_offset(j);
    if (o < s.valid) sink(s, s.base + o, key[j], sm.slots[slot[j]]);
  }
}

}  // namespace ordo::detail::cuda_rank::msd
