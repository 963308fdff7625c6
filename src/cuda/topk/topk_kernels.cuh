// Kernels of topk on the GPU. Whole array: a radix select over the keys'
// top-k codes (common/topk_order.hpp), 8 bits per pass from the top, with
// the running prefix kept on the device (no read-back); then one scan of
// (below, equal) flags places the keys below the k-th code and the first
// equal ones (index order) as k candidates. Rows: codes and indices for the
// segmented sort, then the first k of each row gathered.
#pragma once
#include <cstdint>

#include "common/topk_order.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::cuda_topk {

#define ORDO_TOPK_STRIDE(i, n)                                                                 \
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < (n); \
       i += std::uint64_t(gridDim.x) * blockDim.x)

// The select's state: the code bits fixed so far and how many keys of that
// prefix are still to take.
template <class U>
struct select_state {
  U prefix, mask;
  unsigned long long need;
};

template <class K>
__global__ void digit_histogram_kernel(const K* keys, std::uint64_t n, bool largest, int shift,
                                       const select_state<key_code_t<K>>* st, unsigned long long* hist) {
  __shared__ unsigned counts[256];
  for (int d = threadIdx.x; d < 256; d += blockDim.x) counts[d] = 0;
  __syncthreads();
  const auto prefix = st->prefix, mask = st->mask;
  ORDO_TOPK_STRIDE(i, n) {
    const auto c = topk_code(keys[i], largest);
    if ((c & mask) == prefix) atomicAdd(&counts[unsigned(c >> shift) & 255u], 1u);
  }
  __syncthreads();
  for (int d = threadIdx.x; d < 256; d += blockDim.x)
    if (counts[d]) atomicAdd(&hist[d], (unsigned long long)counts[d]);
}

// One thread: the digit where the prefix's k-th key lies; clears hist.
template <class U>
__global__ void choose_digit_kernel(int shift, select_state<U>* st, unsigned long long* hist) {
  unsigned long long before = 0;
  int d = 0;
  for (; d < 255 && before + hist[d] < st->need; ++d) before += hist[d];
  st->need -= before;
  st->prefix |= U(d) << shift;
  st->mask |= U(255) << shift;
  for (int j = 0; j < 256; ++j) hist[j] = 0;
}

// (below the k-th code) << 32 | (equal to it): one 64-bit sum counts both.
template <class K>
__global__ void select_flags_kernel(const K* keys, std::uint64_t n, bool largest,
                                    const select_state<key_code_t<K>>* st, unsigned long long* flags) {
  const auto t = st->prefix;
  ORDO_TOPK_STRIDE(i, n) {
    const auto c = topk_code(keys[i], largest);
    flags[i] = c < t ? (1ull << 32) : (c == t ? 1ull : 0ull);
  }
}

// Places the candidates: below ones at their count, then the first `need`
// equal ones. `scan` is the exclusive sum of the flags.
template <class K>
__global__ void place_candidates_kernel(const K* keys, std::uint64_t n, std::uint64_t k, bool largest,
                                        const select_state<key_code_t<K>>* st, const unsigned long long* scan,
                                        key_code_t<K>* codes, std::uint32_t* index) {
  const auto t = st->prefix;
  const unsigned long long need = st->need;
  ORDO_TOPK_STRIDE(i, n) {
    const auto c = topk_code(keys[i], largest);
    const unsigned long long s = scan[i];
    std::uint64_t pos = ~std::uint64_t(0);
    if (c < t) pos = s >> 32;
    else if (c == t && (s & 0xffffffffull) < need) pos = (k - need) + (s & 0xffffffffull);
    if (pos < k) {
      codes[pos] = c;
      index[pos] = std::uint32_t(i);
    }
  }
}

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
