// Kernel scope: GPU Roughsort for long runs (seed 002 §7, Altman-Chlebus),
// R = T = THREADS * 16 up to 8192 (k <= 4096), where registers and warp
// shuffles no longer hold a run.
//
//   step 1  roughsort_tile_sort_kernel: every tile [jT, jT + T) is sorted by
//           a block radix sort in shared memory (ordo/cuda/block/tile_radix_sort.cuh);
//           the codes go to keys_out (as codes), their tile positions to a
//           16-bit scratch when keys must be gathered or values follow.
//   step 2  roughsort_half_merge_kernel: block b merges the upper half of
//           tile b - 1 with the lower half of tile b, the run of T from
//           bT - T/2, by merge path in shared memory (A before B on ties,
//           so the whole sort is stable), and stores the decoded keys.
//
// Both steps permute within their ranges, so the output is a permutation of
// the input whatever k is and is right exactly when it is sorted: each
// block's run is sorted by construction and check_block_edges_kernel
// compares the runs' ends. Sorting runs of T is right for any k <= T/2.
#pragma once
#include <cstdint>

#include "ordo/cuda/block/tile_radix_sort.cuh"
#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::rough {

inline constexpr int tile_items = 16;

// Registers: keys-only sorts keep two blocks of 512 threads per SM; tracked
// positions and 8-byte codes need more.
template <class Code, bool TRACK>
constexpr int tile_min_blocks(int threads) {
  return (TRACK || sizeof(Code) == 8 ? 512 : 1024) / threads;
}

template <class Code, int THREADS, bool TRACK>
__global__ void __launch_bounds__(THREADS, tile_min_blocks<Code, TRACK>(THREADS))
    roughsort_tile_sort_kernel(segsort::code_io<Code> io, std::uint64_t n, std::uint16_t* positions) {
  using sorter = prim::tile_radix_sort<Code, THREADS, tile_items, TRACK>;
  constexpr int T = sorter::T;
  extern __shared__ __align__(16) unsigned char smem[];
  auto& s = *reinterpret_cast<typename sorter::storage*>(smem);
  const std::uint64_t base = std::uint64_t(blockIdx.x) * T;
  Code* codes_out = io.keys_out;  // step 2 reads the codes back from keys_out

  const int len = int(n - base < std::uint64_t(T) ? n - base : std::uint64_t(T));
  sorter::load_and_sort(s, [&](int i) { return io.load(base + i); }, len);
#pragma unroll
  for (int u = 0; u < tile_items; ++u) {
    const int i = u * THREADS + int(threadIdx.x);
    if (base + i < n) {
      codes_out[base + i] = s.codes[i];
      if constexpr (TRACK) positions[base + i] = s.pos[i];
    }
  }
}

template <class Code, int THREADS, bool TRACK>
__global__ void __launch_bounds__(THREADS, tile_min_blocks<Code, TRACK>(THREADS))
    roughsort_half_merge_kernel(segsort::code_io<Code> io, std::uint64_t n, const std::uint16_t* positions,
                                Code* edges) {
  constexpr int T = THREADS * tile_items, H = T / 2;
  extern __shared__ __align__(16) unsigned char smem[];
  Code* run = reinterpret_cast<Code*>(smem);  // T codes, then T merged codes
  Code* merged = run + T;
  std::uint16_t* pos = reinterpret_cast<std::uint16_t*>(merged + T);  // T, then T merged
  std::uint16_t* merged_pos = pos + T;
  const Code* codes_in = io.keys_out;
  const std::int64_t origin = (std::int64_t(blockIdx.x) - 1) * T;  // tile b - 1
  const std::uint64_t mid = std::uint64_t(blockIdx.x) * T;
  const std::uint64_t lo = blockIdx.x ? mid - H : 0, hi = mid + H < n ? mid + H : n;
  const int len = int(hi - lo), na = int((mid < hi ? mid : hi) - lo), nb = len - na;
  const int t = threadIdx.x;

  for (int i = t; i < len; i += THREADS) {
    run[i] = codes_in[lo + i];
    if constexpr (TRACK) {
      const std::uint64_t g = lo + i;
      const std::int64_t tile_start = std::int64_t(g - g % T);  // step 1's tile of g
      pos[i] = std::uint16_t(tile_start - origin + positions[g]);
    }
  }
  __syncthreads();

  // Merge path: thread t writes merged[d, d + 16). A = run[0, na), B = run[na, len).
  const int d = t * tile_items;
  if (d < len) {
    int l = d > nb ? d - nb : 0, r = d < na ? d : na;
    while (l < r) {
      const int m = (l + r) / 2;
      if (run[m] <= run[na + d - 1 - m]) l = m + 1;
      else r = m;
    }
    int ia = l, ib = na + d - l;
#pragma unroll
    for (int u = 0; u < tile_items; ++u) {
      if (d + u < len) {
        const bool take_a = ia < na && (ib >= len || run[ia] <= run[ib]);
        const int from = take_a ? ia++ : ib++;
        merged[d + u] = run[from];
        if constexpr (TRACK) merged_pos[d + u] = pos[from];
      }
    }
  }
  __syncthreads();
  if (t == 0) {
    edges[2 * std::uint64_t(blockIdx.x)] = merged[0];
    edges[2 * std::uint64_t(blockIdx.x) + 1] = merged[len - 1];
  }
  for (int i = t; i < len; i += THREADS) {
    const std::uint64_t src = TRACK ? std::uint64_t(origin + merged_pos[i]) : 0;
    io.store(lo + i, src, merged[i]);
  }
}

template <class Code, bool TRACK>
constexpr std::size_t half_merge_smem(int threads) {
  return std::size_t(threads) * tile_items * 2 * (sizeof(Code) + (TRACK ? 2 : 0));
}

}  // namespace ordo::detail::rough
