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

// The exclusive scan of x over threads 0..tid-1 (forward) or, mirrored, over
// threads tid+1..Block-1 (Backward); `total` gets the whole block's
// reduction. Ends with a barrier so the storage can be reused.
template <int Block, bool Backward, class T, class Op>
__device__ __forceinline__ T block_exclusive_scan_dir(T x, Op op, T identity, T& total,
                                                      block_scan_storage<Block, T>& s) {
  constexpr int warps = Block / 32;
  const int warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  const T inclusive = warp_inclusive_scan<Backward>(x, op);
  if (lane == (Backward ? 0u : 31u)) s.warp_total[warp] = inclusive;
  __syncthreads();
  T outside = identity;  // the warps before this one (after it, backward)
  total = identity;
#pragma unroll
  for (int w = 0; w < warps; ++w) {
    const T t = s.warp_total[w];
    if (Backward ? w > warp : w < warp) outside = op(outside, t);
    total = op(total, t);
  }
  T exclusive = Backward ? __shfl_down_sync(full_mask, inclusive, 1) : __shfl_up_sync(full_mask, inclusive, 1);
  if (lane == (Backward ? 31u : 0u)) exclusive = identity;
  __syncthreads();
  return Backward ? op(exclusive, outside) : op(outside, exclusive);
}

template <int Block, class T, class Op>
__device__ __forceinline__ T block_exclusive_scan(T x, Op op, T identity, T& total, block_scan_storage<Block, T>& s) {
  return block_exclusive_scan_dir<Block, false>(x, op, identity, total, s);
}
template <int Block, class T, class Op>
__device__ __forceinline__ T block_exclusive_scan_backward(T x, Op op, T identity, block_scan_storage<Block, T>& s) {
  T total;
  return block_exclusive_scan_dir<Block, true>(x, op, identity, total, s);
}

}  // namespace ordo::detail::cuda_rank
