// Kernel scope: GPU Roughsort for keys-only integer sorts with runs of
// R = 2C (seed 002 §7, Altman-Chlebus), one chunk of C keys per thread.
//
// Where roughsort_keys_kernel.cuh gives a thread a whole run, this one gives
// a run to two threads, halving the registers a thread needs (runs of 32
// with 16 keys each keep the SM full). Thread t of block b holds chunk
// c = b (THREADS - 2) + t - 2, the keys [c C, c C + C), sorted in registers.
//   step 1 (runs of 2C from 0):  threads (even, odd) merge-exchange
//   step 2 (runs of 2C from C):  threads (odd, even) merge-exchange
// A merge-exchange is the first stage of a bitonic merge across the pair
// (each thread meets the partner's chunk reversed and keeps the smaller or
// larger half), then half-cleaners in registers. After step 2 every thread
// holds the final keys of its own positions. Threads 0 and THREADS - 1 lack
// a step-2 partner and only lend their chunk, so blocks overlap by two
// chunks and are independent.
//
// As in the one-run-per-thread kernel, the output is a permutation whatever
// k is, so it is right exactly when it is sorted: each boundary between
// chunks is checked here, those between blocks by check_block_edges_kernel.
#pragma once
#include <cstdint>

#include "ordo/cuda/rough_sort/thread/bitonic_network.cuh"
#include "ordo/cuda/rough_sort/block/block_status.cuh"
#include "ordo/cuda/rough_sort/thread/rough_status.cuh"
#include "ordo/cuda/rough_sort/thread/run_io.cuh"

namespace ordo::detail::rough {

template <int THREADS>
constexpr std::uint64_t pair_chunks_per_block = THREADS - 2;

// Merge-exchange with a partner thread: partner(j) is the partner's a[j].
// Thread i meets the partner's C - 1 - i (its chunk reversed), so the kept
// minima (or maxima) are bitonic and hold the pair's low (high) half; the
// half-cleaners sort them. Both ends of a[] are fetched before either is
// replaced, so no copy of the partner's chunk is held.
template <int C, class Code, class Partner>
__device__ __forceinline__ void merge_exchange(Code (&a)[C], bool low, Partner partner) {
#pragma unroll
  for (int i = 0; i < C / 2; ++i) {
    const Code x = partner(C - 1 - i), y = partner(i);
    const Code u = a[i], v = a[C - 1 - i];
    a[i] = low ? (u < x ? u : x) : (u < x ? x : u);
    a[C - 1 - i] = low ? (v < y ? v : y) : (v < y ? y : v);
  }
#pragma unroll
  for (int j = C / 2; j > 0; j /= 2)
#pragma unroll
    for (int i = 0; i < C; ++i)
      if ((i & j) == 0) order_pair(a[i], a[i + j]);
}

template <class Code, int THREADS, int C>
__global__ void __launch_bounds__(THREADS)
    roughsort_pairs_kernel(segsort::code_io<Code> io, std::uint64_t n, rough_status* status, Code* edges) {
  constexpr int WARPS = THREADS / 32;
  static_assert(THREADS % 2 == 0 && pair_chunks_per_block<THREADS> % 2 == 0, "blocks start at even chunks");
  __shared__ Code lane0_chunk[WARPS][C];   // for lane 31 of the warp before
  __shared__ Code lane31_chunk[WARPS][C];  // for lane 0 of the warp after
  __shared__ Code first_of_lane0[WARPS];
  const int t = threadIdx.x, lane = t & 31, warp = t / 32;
  if (block_sees_failure(status)) return;

  const std::int64_t chunk = std::int64_t(blockIdx.x) * std::int64_t(pair_chunks_per_block<THREADS>) + t - 2;
  Code a[C];
  load_run<Code, C>(io, n, chunk * C, a);
  bitonic_sort<C>(a);

  // Step 1: partner lane ^ 1 (always in the same warp); even keeps the low half.
  merge_exchange<C>(a, (t & 1) == 0, [&](int j) { return __shfl_xor_sync(0xffffffffu, a[j], 1); });

  // Step 2: odd t pairs with t + 1 and keeps the low half; lanes 31 and 0
  // meet across warps through shared memory.
  const bool odd = t & 1;
  const int src = odd ? (lane < 31 ? lane + 1 : lane) : (lane > 0 ? lane - 1 : lane);
  if (lane == 0) {
#pragma unroll
    for (int i = 0; i < C; ++i) lane0_chunk[warp][i] = a[i];
  }
  if (lane == 31) {
#pragma unroll
    for (int i = 0; i < C; ++i) lane31_chunk[warp][i] = a[i];
  }
  __syncthreads();
  const Code* across = lane == 31 && warp + 1 < WARPS ? lane0_chunk[warp + 1]
                       : lane == 0 && warp > 0        ? lane31_chunk[warp - 1]
                                                      : nullptr;
  merge_exchange<C>(a, odd, [&](int j) {
    const Code x = __shfl_sync(0xffffffffu, a[j], src);
    return across ? across[j] : x;
  });

  // Chunks are sorted; check each boundary between productive threads.
  const Code next_first = next_thread_first(a[0], first_of_lane0);
  const bool productive = t >= 1 && t + 1 < THREADS;
  const bool bad = productive && t + 2 < THREADS && a[C - 1] > next_first;
  if (block_fails(bad, status)) return;
  if (t == 1) edges[2 * std::uint64_t(blockIdx.x)] = a[0];
  if (t == THREADS - 2) edges[2 * std::uint64_t(blockIdx.x) + 1] = a[C - 1];
  if (productive) store_window<Code, C>(io, n, chunk * C, a);
}

}  // namespace ordo::detail::rough
