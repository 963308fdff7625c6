// topk on the GPU (backend<cuda, op::topk>, declared in ordo/topk.hpp; kernels in
// topk_kernels.cuh). Whole array: radix select (one histogram pass per 8 bits
// of the code, the k-th code chosen on the device), one scan to place the k
// candidates, a radix sort of the k (code, index) pairs (stable: ties stay in
// index order), gather. Rows: (code, index) pairs through ordo's stable
// segmented sort, then the first k of each row.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <type_traits>

#include "cuda/common/radix_pairs.cuh"
#include "cuda/topk/topk_kernels.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/detail/key_types.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/topk.hpp"

namespace ordo::detail {
namespace cuda_topk {

template <class K>
void topk_select(const cuda& exec, const K* keys, std::uint64_t n, std::uint64_t k, bool largest, K* values,
                 std::int64_t* indices) {
  using U = key_code_t<K>;
  if (n >= (std::uint64_t(1) << 32) || k >= (std::uint64_t(1) << 31))
    throw error(errc::not_supported, "topk on the GPU: n >= 2^32 or k >= 2^31 is not supported yet");
  const select_state<U> init{U(0), U(0), k};
  scratch<select_state<U>> st(exec, 1);
  ORDO_CUDA_CHECK(cudaMemcpyAsync(st.data(), &init, sizeof(init), cudaMemcpyHostToDevice, exec.stream));
  scratch<unsigned long long> hist(exec, 256);
  ORDO_CUDA_CHECK(cudaMemsetAsync(hist.data(), 0, 256 * sizeof(unsigned long long), exec.stream));
  const unsigned blocks = elementwise_blocks(n);
  for (int shift = int(sizeof(U) * 8) - 8; shift >= 0; shift -= 8) {
    digit_histogram_kernel<K><<<blocks, 256, 0, exec.stream>>>(keys, n, largest, shift, st.data(), hist.data());
    ORDO_CUDA_LAUNCH_CHECK("digit_histogram_kernel");
    choose_digit_kernel<U><<<1, 1, 0, exec.stream>>>(shift, st.data(), hist.data());
    ORDO_CUDA_LAUNCH_CHECK("choose_digit_kernel");
  }
  scratch<unsigned long long> flags(exec, n);
  select_flags_kernel<K><<<blocks, 256, 0, exec.stream>>>(keys, n, largest, st.data(), flags.data());
  ORDO_CUDA_LAUNCH_CHECK("select_flags_kernel");
  std::size_t temp_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, flags.data(), flags.data(), std::int64_t(n), exec.stream));
  {
    scratch<unsigned char> temp(exec, temp_bytes);
    ORDO_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(temp.data(), temp_bytes, flags.data(), flags.data(), std::int64_t(n), exec.stream));
  }
  scratch<U> codes(exec, 2 * k);
  scratch<std::uint32_t> index(exec, 2 * k);
  place_candidates_kernel<K><<<blocks, 256, 0, exec.stream>>>(keys, n, k, largest, st.data(), flags.data(),
                                                              codes.data(), index.data());
  ORDO_CUDA_LAUNCH_CHECK("place_candidates_kernel");
  cub::DoubleBuffer<U> cb(codes.data(), codes.data() + k);
  cub::DoubleBuffer<std::uint32_t> ib(index.data(), index.data() + k);
  radix_sort_pairs(exec, cb, ib, k);
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

}  // namespace cuda_topk

template <> template <class K>
void backend<cuda, op::topk>::run(const cuda& exec, std::span<const K> keys, std::uint64_t row_length, std::uint64_t k,
                                  std::span<K> values, std::span<std::int64_t> indices, const topk_options& o) {
  const std::uint64_t n = keys.size();
  if (row_length == n)
    return cuda_topk::topk_select(exec, keys.data(), n, k, o.largest, values.data(), indices.data());
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
