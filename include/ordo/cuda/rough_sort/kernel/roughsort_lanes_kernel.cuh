// Kernel scope: GPU Roughsort for keys-only integer sorts with runs of
// R = G * C, a run spread over G lanes (4 to 32) of C = 16 keys each
// (seed 002 §7, Altman-Chlebus: sort the runs of R from 0, then from R/2).
//
// Thread t of block b holds chunk c = b (THREADS - G) - G + t, the keys
// [c C, c C + C), sorted in registers.
//   step 1 (runs of R from 0):    bitonic merges across lanes, groups of 2, 4, .. G
//   step 2 (runs of R from R/2):  every chunk moves G/2 threads down through
//                                 shared memory, so a group of G lanes holds the
//                                 upper half of one run and the lower half of the
//                                 next, two sorted halves: one more merge.
// A merge across lanes is bitonic with the flip first stage (lane l meets
// lane l ^ (2L - 1) with its chunk reversed), then half-cleaners by shuffle
// and, inside the chunk, in registers. All exchanges are shuffles except the
// one shift, so runs of 512 (k <= 256) cost about as much as the read and
// write of the keys plus 20 shuffles per key.
//
// The last group of a block only lends its chunks to step 2, so blocks
// overlap by G chunks and are independent. As in the other register kernels,
// the output is a permutation of the input whatever k is, so it is right
// exactly when it is sorted: boundaries inside the block are checked here,
// those between blocks by check_block_edges_kernel.
#pragma once
#include <cstdint>
#include <cstring>

#include "ordo/cuda/rough_sort/thread/bitonic_network.cuh"
#include "ordo/cuda/rough_sort/block/block_status.cuh"
#include "ordo/cuda/rough_sort/thread/rough_status.cuh"
#include "ordo/cuda/rough_sort/thread/run_io.cuh"

namespace ordo::detail::rough {

inline constexpr int lane_chunk = 16;  // keys per lane (C)

template <int THREADS, int G>
constexpr std::uint64_t lane_chunks_per_block = THREADS - G;

// Merges pairs of ascending L-lane sequences into ascending 2L-lane ones
// (lanes [0, L) of each group of 2L hold the first, [L, 2L) the second).
template <int C, class Code>
__device__ __forceinline__ void lane_merge(Code (&a)[C], int lane, int L) {
  const bool low = (lane & L) == 0;
  const int mirror = 2 * L - 1;
#pragma unroll
  for (int i = 0; i < C / 2; ++i) {  // the flip stage: element e meets 2LC - 1 - e
    const Code x = __shfl_xor_sync(0xffffffffu, a[C - 1 - i], mirror);
    const Code y = __shfl_xor_sync(0xffffffffu, a[i], mirror);
    const Code u = a[i], v = a[C - 1 - i];
    a[i] = low == (u < x) ? u : x;
    a[C - 1 - i] = low == (v < y) ? v : y;
  }
  for (int d = L / 2; d > 0; d /= 2) {  // half-cleaners across lanes
    const bool keep_min = (lane & d) == 0;
#pragma unroll
    for (int i = 0; i < C; ++i) {
      const Code x = __shfl_xor_sync(0xffffffffu, a[i], d);
      a[i] = keep_min == (a[i] < x) ? a[i] : x;
    }
  }
#pragma unroll
  for (int j = C / 2; j > 0; j /= 2)  // and inside the chunk
#pragma unroll
    for (int i = 0; i < C; ++i)
      if ((i & j) == 0) order_pair(a[i], a[i + j]);
}

template <class Code, int THREADS, int G>
__global__ void __launch_bounds__(THREADS, 1024 / THREADS)
    roughsort_lanes_kernel(segsort::code_io<Code> io, std::uint64_t n, rough_status* status, Code* edges) {
  constexpr int C = lane_chunk, WARPS = THREADS / 32;
  constexpr int STRIDE = C + 16 / int(sizeof(Code));  // one 16-byte vector of skew per chunk
  static_assert(G >= 4 && G <= 32 && (G & (G - 1)) == 0, "a run spans 4 to 32 lanes");
  __shared__ __align__(16) Code chunks[THREADS * STRIDE];
  __shared__ Code first_of_lane0[WARPS];
  const int t = threadIdx.x, lane = t & 31;
  if (block_sees_failure(status)) return;

  const std::int64_t first = std::int64_t(blockIdx.x) * std::int64_t(lane_chunks_per_block<THREADS, G>) - G;
  Code a[C];
  load_run<Code, C>(io, n, (first + t) * C, a);
  bitonic_sort<C>(a);
#pragma unroll
  for (int L = 1; L < G; L *= 2) lane_merge<C>(a, lane, L);  // step 1

  // Step 2: thread t takes chunk t + G/2 (past the block: all ones).
  constexpr int per = 16 / int(sizeof(Code));
#pragma unroll
  for (int v = 0; v < C / per; ++v) {
    uint4 x;
    memcpy(&x, a + v * per, 16);
    reinterpret_cast<uint4*>(chunks + t * STRIDE)[v] = x;
  }
  __syncthreads();
  const int src = t + G / 2;
  if (src < THREADS) {
#pragma unroll
    for (int v = 0; v < C / per; ++v) {
      const uint4 x = reinterpret_cast<const uint4*>(chunks + src * STRIDE)[v];
      memcpy(a + v * per, &x, 16);
    }
  } else {
#pragma unroll
    for (int i = 0; i < C; ++i) a[i] = ~Code(0);
  }
  lane_merge<C>(a, lane, G / 2);

  // Each group is sorted; check every boundary between productive threads.
  constexpr int productive = THREADS - G;
  const Code next_first = next_thread_first(a[0], first_of_lane0);
  const bool bad = t + 1 < productive && a[C - 1] > next_first;
  if (block_fails(bad, status)) return;
  if (t == 0) edges[2 * std::uint64_t(blockIdx.x)] = a[0];
  if (t == productive - 1) edges[2 * std::uint64_t(blockIdx.x) + 1] = a[C - 1];
  if (t < productive) store_window<Code, C>(io, n, (first + src) * C, a);
}

}  // namespace ordo::detail::rough
