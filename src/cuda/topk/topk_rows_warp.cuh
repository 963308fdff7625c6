// topk_rows for short rows and small k: one warp per row, no sort of the row.
// Each lane holds Items codes of the row (lane-strided, so the loads are
// coalesced and the index order is (item, lane)). The k-th smallest code t is
// found bit by bit from the top (t grows while fewer than k codes lie below
// it: one warp sum per bit); then the codes below t and the first k - less
// codes equal to t, in index order, are gathered into shared memory, one per
// lane, and a bitonic sort over the warp's lanes puts the (code, index)
// pairs in output order. Rows longer than 32 x Items or k > 32 go through the
// segmented sort (topk.cu).
#pragma once
#include <cstdint>

#include "common/topk_order.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::cuda_topk {

inline constexpr unsigned rows_warp_max_k = 32;
inline constexpr int rows_warp_threads = 128;

__device__ __forceinline__ unsigned warp_sum(unsigned x) {
#if __CUDA_ARCH__ >= 800
  return __reduce_add_sync(0xffffffffu, x);
#else
  for (int o = 16; o > 0; o >>= 1) x += __shfl_xor_sync(0xffffffffu, x, o);
  return x;
#endif
}

template <class K, int Items>
__global__ void __launch_bounds__(rows_warp_threads)
    topk_rows_warp_kernel(const K* keys, std::uint64_t rows, std::uint32_t row_length, std::uint32_t k,
                          bool largest, K* values, std::int64_t* indices) {
  using U = key_code_t<K>;
  constexpr unsigned full = 0xffffffffu;
  __shared__ U s_code[rows_warp_threads / 32][32];
  __shared__ std::uint32_t s_index[rows_warp_threads / 32][32];
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  const std::uint64_t row = (blockIdx.x * std::uint64_t(rows_warp_threads) + threadIdx.x) >> 5;
  if (row >= rows) return;  // the whole warp
  const K* in = keys + row * row_length;
  // Past the row's end: the largest code, never counted below any t and last
  // in index order among equal codes, so never taken.
  U c[Items];
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const std::uint32_t e = std::uint32_t(j) * 32u + lane;
    c[j] = e < row_length ? topk_code(in[e], largest) : U(~U(0));
  }
  U t = 0;
  for (int bit = int(sizeof(U) * 8) - 1; bit >= 0; --bit) {
    const U candidate = t | (U(1) << bit);
    unsigned below = 0;
#pragma unroll
    for (int j = 0; j < Items; ++j) below += c[j] < candidate;
    if (warp_sum(below) < k) t = candidate;
  }
  unsigned less = 0;
#pragma unroll
  for (int j = 0; j < Items; ++j) less += c[j] < t;
  const unsigned need_equal = k - warp_sum(less);
  const unsigned lower_lanes = (1u << lane) - 1u;
  unsigned taken = 0, equal_seen = 0;
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const std::uint32_t e = std::uint32_t(j) * 32u + lane;
    const bool equal = c[j] == t && e < row_length;
    const unsigned equal_mask = __ballot_sync(full, equal);
    const bool take = c[j] < t || (equal && equal_seen + __popc(equal_mask & lower_lanes) < need_equal);
    const unsigned take_mask = __ballot_sync(full, take);
    if (take) {
      const unsigned pos = taken + __popc(take_mask & lower_lanes);
      s_code[w][pos] = c[j];
      s_index[w][pos] = e;
    }
    taken += __popc(take_mask);
    equal_seen += __popc(equal_mask);
  }
  __syncwarp();
  U code = lane < k ? s_code[w][lane] : U(~U(0));
  std::uint32_t index = lane < k ? s_index[w][lane] : ~std::uint32_t(0);
  // Bitonic sort of the 32 (code, index) pairs, ascending: the first k are the output.
  for (unsigned size = 2; size <= 32; size <<= 1)
    for (unsigned stride = size >> 1; stride > 0; stride >>= 1) {
      const U other_code = __shfl_xor_sync(full, code, stride);
      const std::uint32_t other_index = __shfl_xor_sync(full, index, stride);
      const bool other_less = other_code < code || (other_code == code && other_index < index);
      const bool other_greater = code < other_code || (code == other_code && index < other_index);
      const bool keep_min = ((lane & size) == 0) == ((lane & stride) == 0);
      if (keep_min ? other_less : other_greater) code = other_code, index = other_index;
    }
  if (lane < k) {
    values[row * k + lane] = in[index];
    indices[row * k + lane] = std::int64_t(index);
  }
}

}  // namespace ordo::detail::cuda_topk
