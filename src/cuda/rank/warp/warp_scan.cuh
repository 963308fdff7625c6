// Warp-wide inclusive scans by shuffle (Kogge-Stone over 32 lanes), forward
// (shfl_up, lane 0 first) and backward (shfl_down, lane 31 first). The
// operator must be associative; ordo's are also commutative (max, min, +).
#pragma once
#include <cuda_runtime.h>

namespace ordo::detail::cuda_rank {

constexpr unsigned full_mask = 0xffffffffu;

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x & 31u; }

// Backward is the mirror image (the suffix scan): lane 31 first, shfl_down.
template <bool Backward = false, class T, class Op>
__device__ __forceinline__ T warp_inclusive_scan(T x, Op op) {
  const unsigned lane = lane_id();
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    if constexpr (Backward) {
      const T y = __shfl_down_sync(full_mask, x, d);
      if (lane + d < 32u) x = op(x, y);
    } else {
      const T y = __shfl_up_sync(full_mask, x, d);
      if (lane >= unsigned(d)) x = op(y, x);
    }
  }
  return x;
}

template <class T, class Op>
__device__ __forceinline__ T warp_reduce(T x, Op op) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) x = op(x, __shfl_xor_sync(full_mask, x, d));
  return x;
}

struct max_op {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a > b ? a : b; }
};
struct min_op {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? a : b; }
};
struct sum_op {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};

}  // namespace ordo::detail::cuda_rank
