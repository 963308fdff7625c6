// Block scope: how a Roughsort kernel's block reads and raises the status
// word (thread/rough_status.cuh), and how a thread sees the first key of the
// next thread's window when the block checks its windows' boundaries.
#pragma once
#include "ordo/cuda/rough_sort/thread/rough_status.cuh"

namespace ordo::detail::rough {

// True in every thread of the block when an earlier block already failed:
// one read of the flag, one barrier.
__device__ __forceinline__ bool block_sees_failure(rough_status* status) {
  __shared__ bool stop;
  if (threadIdx.x == 0) stop = *reinterpret_cast<volatile unsigned long long*>(&status->failed) != 0;
  __syncthreads();
  return stop;
}

// The next thread's `first`: a shuffle within the warp, shared memory
// (first_of_lane0, one slot a warp) across warps. The block's last thread
// gets its own value back.
template <int WARPS, class Code>
__device__ __forceinline__ Code next_thread_first(Code first, Code (&first_of_lane0)[WARPS]) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  Code next = __shfl_down_sync(0xffffffffu, first, 1);
  if (lane == 0) first_of_lane0[warp] = first;
  __syncthreads();
  if (lane == 31 && warp + 1 < WARPS) next = first_of_lane0[warp + 1];
  return next;
}

// When any thread of the block is `bad`, raises the failure flag and is true
// in every thread (the block then stops).
__device__ __forceinline__ bool block_fails(bool bad, rough_status* status) {
  if (!__syncthreads_or(bad)) return false;
  if (threadIdx.x == 0) atomicExch(&status->failed, 1ull);
  return true;
}

}  // namespace ordo::detail::rough
