// topk on the GPU (backend<cuda, op::topk>, declared in ordo/topk.hpp).
// Whole array: a radix select over (code, index), 11 bits per round, over the
// array or, once few keys are in play, a list of them (topk_select_kernels.cuh); the k taken
// sorted by (code, index) with two radix sorts of k pairs, and gathered.
// Rows: one warp per row where rows hold at most 1024 keys and k <= 32
// (topk_rows_warp.cuh); otherwise (code, index) pairs through ordo's stable
// segmented sort, then the first k of each row.
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "cuda/common/radix_pairs.cuh"
#include "cuda/topk/topk_kernels.cuh"
#include "cuda/topk/topk_rows_warp.cuh"
#include "cuda/topk/topk_select_kernels.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/detail/key_types.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/topk.hpp"

namespace ordo::detail {
namespace cuda_topk {

// The bits an index below n can have set (at least 1).
inline int index_bits_below(std::uint64_t n) {
  int bits = 1;
  while (bits < 32 && ((n - 1) >> bits) != 0) ++bits;
  return bits;
}

// The rounds' digits, from the top: the code's bits, then the index's.
inline std::vector<select_digit> select_digits(int code_bits, std::uint64_t n) {
  const int index_bits = index_bits_below(n);
  std::vector<select_digit> digits;
  for (int field = 0; field < 2; ++field)
    for (int left = field ? index_bits : code_bits; left > 0;) {
      const int width = left < select_bits ? left : select_bits;
      left -= width;
      digits.push_back({field == 1, left, (1u << width) - 1u});
    }
  return digits;
}

// The rounds: histogram, choice, filter for each digit (16 keys per thread
// and tile for 4-byte keys, 8 for 8-byte ones).
template <class K, int VW>
void select_rounds(const cuda& exec, const K* keys, std::uint64_t n, bool largest,
                   const std::vector<select_digit>& digits, std::uint64_t capacity, select_state* st,
                   unsigned long long* hist, key_code_t<K>* const (&codes)[2], std::uint32_t* const (&list)[2],
                   std::uint32_t* taken) {
  constexpr int threads = 256, items = 4;
  const unsigned blocks = unsigned(std::min<std::uint64_t>(ceil_blocks(n, std::uint64_t(threads) * items * VW),
                                                           std::uint64_t(device_sm_count()) * 8));
  for (int r = 0; r < int(digits.size()); ++r) {
    const select_digit d = digits[r];
    const int now = r % 2, next = (r + 1) % 2;
    select_histogram_kernel<K, threads, items, VW><<<blocks, threads, 0, exec.stream>>>(
        keys, std::uint32_t(n), largest, codes[now], list[now], r, d, st, hist);
    ORDO_CUDA_LAUNCH_CHECK("select_histogram_kernel");
    select_choose_kernel<<<1, choose_threads, 0, exec.stream>>>(r, d, capacity, st, hist);
    ORDO_CUDA_LAUNCH_CHECK("select_choose_kernel");
    select_filter_kernel<K, threads, items, VW><<<blocks, threads, 0, exec.stream>>>(
        keys, std::uint32_t(n), largest, codes[now], list[now], codes[next], list[next], taken, r, d, st);
    ORDO_CUDA_LAUNCH_CHECK("select_filter_kernel");
  }
}

template <class K>
void topk_select(const cuda& exec, const K* keys, std::uint64_t n, std::uint64_t k, bool largest, K* values,
                 std::int64_t* indices) {
  using U = key_code_t<K>;
  if (n >= (std::uint64_t(1) << 32) || k >= (std::uint64_t(1) << 31))
    throw error(errc::not_supported, "topk on the GPU: n >= 2^32 or k >= 2^31 is not supported yet");
  select_state init{};
  init.need = k;
  init.active = 1;
  scratch<select_state> st(exec, 1);
  ORDO_CUDA_CHECK(cudaMemcpyAsync(st.data(), &init, sizeof(init), cudaMemcpyHostToDevice, exec.stream));
  scratch<unsigned long long> hist(exec, select_bins);
  ORDO_CUDA_CHECK(cudaMemsetAsync(hist.data(), 0, select_bins * sizeof(unsigned long long), exec.stream));
  scratch<std::uint32_t> taken(exec, 2 * k);  // the k taken indices, and the sort's second buffer
  const auto digits = select_digits(int(sizeof(U) * 8), n);
  // Lists of the keys in play once they are at most 1/16 of the array (all
  // of a small one): below that an array round costs more than the list.
  const std::uint64_t capacity = std::min<std::uint64_t>(n, std::max<std::uint64_t>(n / 16, 1u << 16));
  scratch<U> list_codes(exec, 2 * capacity);
  scratch<std::uint32_t> list_index(exec, 2 * capacity);
  U* const codes[2] = {list_codes.data(), list_codes.data() + capacity};
  std::uint32_t* const list[2] = {list_index.data(), list_index.data() + capacity};
  // 16-byte loads of the keys where they are 16-byte aligned.
  if (reinterpret_cast<std::uintptr_t>(keys) % 16 == 0)
    select_rounds<K, 16 / sizeof(K)>(exec, keys, n, largest, digits, capacity, st.data(), hist.data(), codes, list,
                                     taken.data());
  else
    select_rounds<K, 1>(exec, keys, n, largest, digits, capacity, st.data(), hist.data(), codes, list, taken.data());
  // The k taken keys in output order: by index, then stably by code.
  cub::DoubleBuffer<std::uint32_t> ib(taken.data(), taken.data() + k);
  if (k > 1) {
    scratch<U> codes(exec, 2 * k);
    taken_codes_kernel<K><<<elementwise_blocks(k), 256, 0, exec.stream>>>(keys, taken.data(), k, largest, codes.data());
    ORDO_CUDA_LAUNCH_CHECK("taken_codes_kernel");
    cub::DoubleBuffer<U> cb(codes.data(), codes.data() + k);
    radix_sort_pairs(exec, ib, cb, k, index_bits_below(n));
    radix_sort_pairs(exec, cb, ib, k);
  }
  gather_rows_kernel<K, std::uint32_t><<<elementwise_blocks(k), 256, 0, exec.stream>>>(keys, ib.Current(), 1, k, k,
                                                                                      values, indices);
  ORDO_CUDA_LAUNCH_CHECK("gather_rows_kernel (topk)");
}

template <class K, class I>
void topk_rows_sort(const cuda& exec, const K* keys, std::uint64_t n, std::uint64_t row_length, std::uint64_t k,
                    bool largest, K* values, std::int64_t* indices) {
  using U = key_code_t<K>;
  scratch<U> codes(exec, 2 * n);
  scratch<I> index(exec, 2 * n);
  codes_kernel<K, I><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, n, largest, codes.data(), index.data());
  ORDO_CUDA_LAUNCH_CHECK("codes_kernel (topk rows)");
  segmented_sort_options so;
  so.stable = true;
  so.validate = false;  // fixed rows are valid by construction
  const segment_desc d = make_segment_desc("topk", fixed_length(row_length), n);
  segmented_sort_cuda<U, less>(exec, codes.data(), codes.data() + n, index.data(), index.data() + n,
                               unsigned(sizeof(I)), d, so, less{});
  const std::uint64_t rows = n / row_length;
  gather_rows_kernel<K, I><<<elementwise_blocks(rows * k), 256, 0, exec.stream>>>(keys, index.data() + n, rows,
                                                                                  row_length, k, values, indices);
  ORDO_CUDA_LAUNCH_CHECK("gather_rows_kernel");
}

// One warp per row, the lane's item count the smallest power of two that
// covers the row (4 .. 32 keys per lane).
template <class K>
void topk_rows_warp(const cuda& exec, const K* keys, std::uint64_t rows, std::uint64_t row_length, std::uint64_t k,
                    bool largest, K* values, std::int64_t* indices) {
  const unsigned blocks = unsigned((rows * 32 + rows_warp_threads - 1) / rows_warp_threads);
  const auto launch = [&](auto kernel) {
    kernel<<<blocks, rows_warp_threads, 0, exec.stream>>>(keys, rows, std::uint32_t(row_length), std::uint32_t(k),
                                                          largest, values, indices);
    ORDO_CUDA_LAUNCH_CHECK("topk_rows_warp_kernel");
  };
  if (row_length <= 128) launch(topk_rows_warp_kernel<K, 4>);
  else if (row_length <= 256) launch(topk_rows_warp_kernel<K, 8>);
  else if (row_length <= 512) launch(topk_rows_warp_kernel<K, 16>);
  else launch(topk_rows_warp_kernel<K, 32>);
}

}  // namespace cuda_topk

template <> template <class K>
void backend<cuda, op::topk>::run(const cuda& exec, std::span<const K> keys, std::uint64_t row_length, std::uint64_t k,
                                  std::span<K> values, std::span<std::int64_t> indices, const topk_options& o) {
  const std::uint64_t n = keys.size();
  if (row_length == n)
    return cuda_topk::topk_select(exec, keys.data(), n, k, o.largest, values.data(), indices.data());
  if (k <= cuda_topk::rows_warp_max_k && row_length <= 32 * 32)
    return cuda_topk::topk_rows_warp(exec, keys.data(), n / row_length, row_length, k, o.largest, values.data(),
                                     indices.data());
  if (n < (std::uint64_t(1) << 31))
    cuda_topk::topk_rows_sort<K, std::uint32_t>(exec, keys.data(), n, row_length, k, o.largest, values.data(),
                                                indices.data());
  else
    cuda_topk::topk_rows_sort<K, std::uint64_t>(exec, keys.data(), n, row_length, k, o.largest, values.data(),
                                                indices.data());
}

#define ORDO_INSTANTIATE_CUDA_TOPK(K)                                                                        \
  template void backend<cuda, op::topk>::run<K>(const cuda&, std::span<const K>, std::uint64_t, std::uint64_t, \
                                                std::span<K>, std::span<std::int64_t>, const topk_options&);
ORDO_FOR_EACH_KEY(ORDO_INSTANTIATE_CUDA_TOPK)

}  // namespace ordo::detail
