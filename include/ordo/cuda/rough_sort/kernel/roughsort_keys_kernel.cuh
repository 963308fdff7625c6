// Kernel scope: GPU Roughsort for keys-only integer sorts with small radius
// (seed 002 §7, Altman-Chlebus, both steps fused), entirely in registers.
//
// Thread t of block b holds run g = b * (THREADS - 1) + t - 1: the R keys at
// [g R, g R + R), sorted by a bitonic network (step 1). Step 2's run starting
// at g R + R/2 is the upper half of run g followed by the lower half of run
// g + 1, two sorted halves, so one bitonic merge finishes it; the lower half
// comes from the next lane by shuffle (from shared memory across warps).
// The last thread of a block only lends its lower half, so consecutive
// blocks overlap by one run and every block is independent.
//
// No precondition check up front: the output is a permutation of the input
// whatever k is, so it is right exactly when it is sorted. Each window is
// sorted by construction; the kernel checks the boundaries between its
// windows and leaves its first and last key for check_block_edges_kernel.
// A failing block raises `failed`; blocks that start after that return at
// once, so a wrong guess (random input) costs a fraction of a pass.
#pragma once
#include <cstdint>
#include <cstring>

#include "ordo/cuda/rough_sort/thread/bitonic_network.cuh"
#include "ordo/cuda/rough_sort/block/block_status.cuh"
#include "ordo/cuda/rough_sort/thread/rough_status.cuh"
#include "ordo/cuda/rough_sort/thread/run_io.cuh"

namespace ordo::detail::rough {

template <int THREADS>
constexpr std::uint64_t keys_runs_per_block = THREADS - 1;

template <class Code, int THREADS, int R>
__global__ void __launch_bounds__(THREADS)
    roughsort_keys_kernel(segsort::code_io<Code> io, std::uint64_t n, rough_status* status, Code* edges) {
  constexpr int H = R / 2, WARPS = THREADS / 32;
  __shared__ Code lower_of_lane0[WARPS][H];  // lane 0's lower half, for lane 31 of the warp before
  __shared__ Code first_of_lane0[WARPS];     // lane 0's first output key, likewise
  const int t = threadIdx.x, lane = t & 31, warp = t / 32;
  if (block_sees_failure(status)) return;

  const std::int64_t run = std::int64_t(blockIdx.x) * std::int64_t(keys_runs_per_block<THREADS>) + t - 1;
  Code a[R];
  load_run<Code, R>(io, n, run * R, a);
  bitonic_sort<R>(a);  // step 1

  Code b[H];  // the next run's lower half
#pragma unroll
  for (int i = 0; i < H; ++i) b[i] = __shfl_down_sync(0xffffffffu, a[i], 1);
  if (lane == 0) {
#pragma unroll
    for (int i = 0; i < H; ++i) lower_of_lane0[warp][i] = a[i];
  }
  __syncthreads();
  if (lane == 31 && warp + 1 < WARPS) {
#pragma unroll
    for (int i = 0; i < H; ++i) b[i] = lower_of_lane0[warp + 1][i];
  }
  Code w[R];
  bitonic_merge_halves<H>(a, b, w);  // step 2: the run at run * R + H

  // Windows are sorted; check each boundary with the next window.
  const bool productive = t + 1 < THREADS;
  const Code next_first = next_thread_first(w[0], first_of_lane0);
  const bool bad = t + 2 < THREADS && w[R - 1] > next_first;
  if (block_fails(bad, status)) return;
  if (t == 0) edges[2 * std::uint64_t(blockIdx.x)] = w[0];
  if (t == THREADS - 2) edges[2 * std::uint64_t(blockIdx.x) + 1] = w[R - 1];
  if (productive) store_window<Code, R>(io, n, run * R + H, w);
}

// The boundaries between blocks: block b's last key against block b+1's first.
template <class Code>
__global__ void check_block_edges_kernel(const Code* edges, std::uint64_t blocks, rough_status* status) {
  if (*reinterpret_cast<volatile unsigned long long*>(&status->failed)) return;
  bool bad = false;
  for (std::uint64_t b = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; b + 1 < blocks;
       b += std::uint64_t(gridDim.x) * blockDim.x)
    bad |= edges[2 * b + 1] > edges[2 * (b + 1)];
  if (__any_sync(0xffffffffu, bad) && (threadIdx.x & 31) == 0) atomicExch(&status->failed, 1ull);
}

}  // namespace ordo::detail::rough
