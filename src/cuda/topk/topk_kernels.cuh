// Kernels of topk's segmented-sort path for rows (codes and indices for the
// sort, then the first k of each row gathered; the gather also serves the
// whole-array select). The select's kernels: topk_select_kernels.cuh.
#pragma once
#include <cstdint>

#include "common/topk_order.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::cuda_topk {

#define ORDO_TOPK_STRIDE(i, n)                                                                 \
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < (n); \
       i += std::uint64_t(gridDim.x) * blockDim.x)

template <class K, class I>
__global__ void codes_kernel(const K* keys, std::uint64_t n, bool largest, key_code_t<K>* codes, I* index) {
  ORDO_TOPK_STRIDE(i, n) {
    codes[i] = topk_code(keys[i], largest);
    index[i] = I(i);
  }
}

// out j of row r <- sorted position r * row_length + j (index relative to the row).
template <class K, class I>
__global__ void gather_rows_kernel(const K* keys, const I* sorted_index, std::uint64_t rows, std::uint64_t row_length,
                                   std::uint64_t k, K* values, std::int64_t* indices) {
  ORDO_TOPK_STRIDE(o, rows * k) {
    const std::uint64_t r = o / k, j = o % k;
    const std::uint64_t i = sorted_index[r * row_length + j];
    values[o] = keys[i];
    indices[o] = std::int64_t(i - r * row_length);
  }
}

}  // namespace ordo::detail::cuda_topk
