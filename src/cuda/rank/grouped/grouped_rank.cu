// grouped_rank on the GPU (ordo/cuda/grouped_rank_cuda.hpp declares it).
//   labels:   (order bits, index) radix-sorted by bits, the labels gathered
//             in that order and the pairs stably radix-sorted again by label:
//             the order of (label, bits, index)
//   segments: (order bits, index) pairs sorted within each segment by
//             ordo's segmented sort (stable), each position tagged with its
//             segment
// then one kernel ranks every position within its run (grouped_kernels.cuh).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <type_traits>

#include "cuda/common/radix_pairs.cuh"
#include "cuda/rank/grouped/grouped_kernels.cuh"
#include "cuda/rank/kernel/unsorted_kernels.cuh"  // order_bits_kernel
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/detail/key_types.hpp"
#include "ordo/grouped_rank.hpp"
#include "ordo/segmented_sort.hpp"

namespace ordo::detail {
namespace cuda_grouped {

// The ranking pass over the sorted positions: dense ranks first count the
// tie groups before each position (inclusive sum of tie heads).
template <class U, class I, class R>
void rank_runs(const cuda& exec, const U* sb, const std::uint64_t* sg, const I* idx, std::uint64_t n,
               const rank_options& o, bool keep_nan, bool skip_uncovered, R* out) {
  scratch<I> cum(exec, o.method == rank_method::dense ? n : 0);
  if (o.method == rank_method::dense) {
    tie_heads_kernel<U, I><<<elementwise_blocks(n), 256, 0, exec.stream>>>(sb, sg, n, cum.data());
    ORDO_CUDA_LAUNCH_CHECK("tie_heads_kernel");
    using NumItems = std::conditional_t<std::is_same_v<I, std::uint32_t>, int, std::int64_t>;
    std::size_t temp_bytes = 0;
    ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, cum.data(), cum.data(), NumItems(n), exec.stream));
    scratch<unsigned char> temp(exec, temp_bytes);
    ORDO_CUDA_CHECK(
        cub::DeviceScan::InclusiveSum(temp.data(), temp_bytes, cum.data(), cum.data(), NumItems(n), exec.stream));
  }
  const grouped_rank_args a{n, o.method, o.pct, keep_nan, skip_uncovered};
  grouped_rank_kernel<U, I, R><<<elementwise_blocks(n), 256, 0, exec.stream>>>(
      sb, sg, idx, o.method == rank_method::dense ? cum.data() : nullptr, a, out);
  ORDO_CUDA_LAUNCH_CHECK("grouped_rank_kernel");
}

template <class K, class I, class R>
void by_labels(const cuda& exec, const K* keys, const label_desc& labels, std::uint64_t n, const rank_options& o,
               R* out) {
  using U = key_code_t<K>;
  const bool desc = !o.ascending, top = o.na == na_option::top;
  scratch<U> bits(exec, 2 * n);
  scratch<I> index(exec, 2 * n);
  cuda_rank::order_bits_kernel<K, I><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, n, desc, top, bits.data(), index.data());
  ORDO_CUDA_LAUNCH_CHECK("order_bits_kernel (grouped)");
  cub::DoubleBuffer<U> kb(bits.data(), bits.data() + n);
  cub::DoubleBuffer<I> ib(index.data(), index.data() + n);
  radix_sort_pairs(exec, kb, ib, n);
  scratch<std::uint64_t> lab(exec, 2 * n);
  gather_labels_kernel<I><<<elementwise_blocks(n), 256, 0, exec.stream>>>(labels, ib.Current(), n, lab.data());
  ORDO_CUDA_LAUNCH_CHECK("gather_labels_kernel");
  cub::DoubleBuffer<std::uint64_t> lb(lab.data(), lab.data() + n);
  radix_sort_pairs(exec, lb, ib, n, labels.bits());  // stable: ties of a label keep the bits' order
  gather_bits_kernel<K, I><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, ib.Current(), n, desc, top,
                                                                          kb.Current());
  ORDO_CUDA_LAUNCH_CHECK("gather_bits_kernel");
  const bool keep_nan = std::is_floating_point_v<K> && o.na == na_option::keep;
  rank_runs<U, I, R>(exec, kb.Current(), lb.Current(), ib.Current(), n, o, keep_nan, false, out);
}

template <class K, class I, class R>
void by_segments(const cuda& exec, const K* keys, const segment_desc& d, std::uint64_t n, const rank_options& o,
                 R* out) {
  using U = key_code_t<K>;
  scratch<U> bits(exec, 2 * n);
  scratch<I> index(exec, 2 * n);
  cuda_rank::order_bits_kernel<K, I><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, n, !o.ascending,
                                                                            o.na == na_option::top, bits.data(), index.data());
  ORDO_CUDA_LAUNCH_CHECK("order_bits_kernel (segments)");
  segmented_sort_options so;
  so.stable = true;
  so.validate = true;
  segmented_sort_cuda<U, less>(exec, bits.data(), bits.data() + n, index.data(), index.data() + n, unsigned(sizeof(I)),
                               d, so, less{});
  scratch<std::uint64_t> sg(exec, n);
  ORDO_CUDA_CHECK(cudaMemsetAsync(sg.data(), 0xff, n * sizeof(std::uint64_t), exec.stream));
  if (d.count > 0) {
    const unsigned blocks = unsigned(d.count < 65535 * 16 ? d.count : 65535 * 16);
    segment_ids_kernel<<<blocks, 128, 0, exec.stream>>>(d, sg.data());
    ORDO_CUDA_LAUNCH_CHECK("segment_ids_kernel");
  }
  const bool keep_nan = std::is_floating_point_v<K> && o.na == na_option::keep;
  rank_runs<U, I, R>(exec, bits.data() + n, sg.data(), index.data() + n, n, o, keep_nan, true, out);
}

}  // namespace cuda_grouped

template <class K, class R>
void grouped_rank_cuda(const cuda& exec, std::span<const K> keys, const label_desc& labels, std::span<R> ranks,
                       const rank_options& o) {
  const std::uint64_t n = keys.size();
  if (n == 0) return;
  if (n < (std::uint64_t(1) << 31))
    cuda_grouped::by_labels<K, std::uint32_t, R>(exec, keys.data(), labels, n, o, ranks.data());
  else
    cuda_grouped::by_labels<K, std::uint64_t, R>(exec, keys.data(), labels, n, o, ranks.data());
}

template <class K, class R>
void segmented_rank_cuda(const cuda& exec, std::span<const K> keys, const segment_desc& d, std::span<R> ranks,
                         const rank_options& o) {
  const std::uint64_t n = keys.size();
  if (n == 0) return;
  if (n < (std::uint64_t(1) << 31))
    cuda_grouped::by_segments<K, std::uint32_t, R>(exec, keys.data(), d, n, o, ranks.data());
  else
    cuda_grouped::by_segments<K, std::uint64_t, R>(exec, keys.data(), d, n, o, ranks.data());
}

#define ORDO_INSTANTIATE_CUDA_GROUPED_RANK(K, R)                                                                  \
  template void grouped_rank_cuda<K, R>(const cuda&, std::span<const K>, const label_desc&, std::span<R>,       \
                                        const rank_options&);                                                     \
  template void segmented_rank_cuda<K, R>(const cuda&, std::span<const K>, const segment_desc&, std::span<R>,   \
                                          const rank_options&);
#define ORDO_INSTANTIATE_CUDA_GROUPED_RANK_ALL(K)                                                 \
  ORDO_INSTANTIATE_CUDA_GROUPED_RANK(K, std::uint32_t) ORDO_INSTANTIATE_CUDA_GROUPED_RANK(K, std::uint64_t) \
  ORDO_INSTANTIATE_CUDA_GROUPED_RANK(K, float) ORDO_INSTANTIATE_CUDA_GROUPED_RANK(K, double)
ORDO_FOR_EACH_KEY(ORDO_INSTANTIATE_CUDA_GROUPED_RANK_ALL)

}  // namespace ordo::detail
