// Block-wide exclusive scans built from the warp scans: each warp scans its
// lanes, warp totals meet in shared memory, each thread adds the totals of
// the warps before it (forward) or after it (backward).
#pragma once
#include "cuda/rank/warp/warp_scan.cuh"

namespace ordo::detail::cuda_rank {

template <int Block, class T>
struct block_scan_storage {
  T warp_total[Block / 32];
};

// Returns the exclusive prefix of x over threads 0..tid-1; `total` gets the
// whole block's reduction. Ends with a barrier so the storage can be reused.
template <int Block, class T, class Op>
__device__ __forceinline__ T block_exclusive_scan(T x, Op op, T identity, T& total,
                                                  block_scan_storage<Block, T>& s) {
  constexpr int warps = Block / 32;
  const int warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  T inclusive = warp_inclusive_scan(x, op);
  if (lane == 31) s.warp_total[warp] = inclusive;
  __syncthreads();
  T before = identity;
  total = identity;
#pragma unroll
  for (int w = 0; w < warps; ++w) {
    T t = s.warp_total[w];
    if (w < warp) before = op(before, t);
    total = op(total, t);
  }
  T exclusive = __shfl_up_sync(full_mask, inclusive, 1);
  if (lane == 0) exclusive = identity;
  __syncthreads();
  return op(before, exclusive);
}

// Mirror image: the exclusive "suffix" of x over threads tid+1..Block-1.
template <int Block, class T, class Op>
__device__ __forceinline__ T block_exclusive_scan_backward(T x, Op op, T identity,
                                                           block_scan_storage<Block, T>& s) {
  constexpr int warps = Block / 32;
  const int warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  T inclusive = warp_inclusive_scan_backward(x, op);
  if (lane == 0) s.warp_total[warp] = inclusive;
  __syncthreads();
  T after = identity;
#pragma unroll
  for (int w = 0; w < warps; ++w)
    if (w > warp) after = op(after, s.warp_total[w]);
  T exclusive = __shfl_down_sync(full_mask, inclusive, 1);
  if (lane == 31) exclusive = identity;
  __syncthreads();
  return op(exclusive, after);
}

}  // namespace ordo::detail::cuda_rank
