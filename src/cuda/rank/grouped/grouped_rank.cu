// grouped_rank on the GPU (ordo/cuda/grouped_rank_cuda.hpp declares it).
//   labels, first: rank()'s msd_replay with the label as the digit source
//             (label_replay.cuh: two digit passes, a block per bucket of
//             whole groups, the passes replayed backwards), where it applies;
//   labels, else:   (order bits, index) radix-sorted by bits, the labels gathered
//             in that order and the pairs stably radix-sorted again by label:
//             the order of (label, bits, index)
//   segments: (order bits, index) pairs sorted within each segment by
//             ordo's segmented sort (stable), each position tagged with its
//             segment
// then one kernel ranks every position within its run (grouped_kernels.cuh).
// Where every group is short (at most 2048 keys), one kernel sorts and ranks
// each group in shared memory instead (segment_tile_rank.cuh): segments
// directly; labels after a radix sort of the positions by label over the
// labels' own code range, groups delimited by counting.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <type_traits>

#include "cuda/common/radix_pairs.cuh"
#include "cuda/rank/grouped/grouped_kernels.cuh"
#include "cuda/rank/grouped/label_replay.cuh"
#include "cuda/rank/grouped/segment_tile_rank.cuh"
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

// The copy of an extent on the host (a read-back: the stream waits).
inline extent read_extent(const cuda& exec, const extent* e) {
  extent h;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, e, sizeof(h), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h;
}

// The tile kernel over d's segments (of idx's positions where given), if
// the longest is at most 2048 keys and the average is not so short that a
// block sorting one segment would idle (else false: nothing was launched).
template <class K, class R>
bool launch_segment_tiles(const cuda& exec, const K* keys, const std::uint32_t* idx, const segment_desc& d,
                          std::uint64_t max_len, std::uint64_t covered, const rank_options& o, R* out) {
  const double mean = d.count ? double(covered) / double(d.count) : 0.0;
  const segment_tile_args a{o.method, o.pct, !o.ascending, o.na == na_option::top,
                            std::is_floating_point_v<K> && o.na == na_option::keep, rank_store_of<R>()};
  const unsigned blocks = unsigned(d.count < (1u << 20) ? d.count : (1u << 20));
  if (max_len <= 256 && mean >= 32)
    segment_tile_rank_kernel<K, 128, 2><<<blocks, 128, 0, exec.stream>>>(keys, idx, d, a, out);
  else if (max_len <= 512 && mean >= 64)
    segment_tile_rank_kernel<K, 128, 4><<<blocks, 128, 0, exec.stream>>>(keys, idx, d, a, out);
  else if (max_len <= 1024 && mean >= 128)
    // 64 registers (8 blocks an SM, was 96: 5) and the ranks stored as they
    // are known: 3.68 -> 3.10 ms at 2^28 (docs/benchmarks.md#tuning-grouped-segment-tiles)
    segment_tile_rank_kernel<K, 128, 8, 8, true><<<blocks, 128, 0, exec.stream>>>(keys, idx, d, a, out);
  else if (max_len <= 2048 && mean >= 256)
    segment_tile_rank_kernel<K, 256, 8><<<blocks, 256, 0, exec.stream>>>(keys, idx, d, a, out);
  else
    return false;
  ORDO_CUDA_LAUNCH_CHECK("segment_tile_rank_kernel");
  return true;
}

// Segments by offsets or fixed length, all valid and short: the tile kernel.
// Bounds (which may overlap: the segmented sort checks them), invalid
// offsets (the segmented sort reports them) and long segments: false.
template <class K, class R>
bool segment_tiles(const cuda& exec, const K* keys, const segment_desc& d, std::uint64_t n, const rank_options& o,
                   R* out) {
  if (d.kind == segment_kind::bounds || d.count == 0) return false;
  std::uint64_t max_len = d.length > d.head ? d.length : d.head;
  if (d.kind == segment_kind::offsets) {
    scratch<extent> e(exec, 1);
    ORDO_CUDA_CHECK(cudaMemsetAsync(e.data(), 0, sizeof(extent), exec.stream));
    segment_extent_kernel<<<elementwise_blocks(d.count), 256, 0, exec.stream>>>(d, e.data());
    ORDO_CUDA_LAUNCH_CHECK("segment_extent_kernel");
    const extent h = read_extent(exec, e.data());
    if (h.bad) return false;
    max_len = h.max_len;
  }
  return launch_segment_tiles<K, R>(exec, keys, nullptr, d, max_len, n, o, out);
}

// The smallest label code and the largest minus it (a read-back).
struct label_range {
  std::uint64_t lo, span;
};
inline label_range find_label_range(const cuda& exec, const label_desc& labels, std::uint64_t n) {
  scratch<extent> e(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(e.data(), 0, sizeof(extent), exec.stream));
  const unsigned blocks = elementwise_blocks(n);
  switch (labels.width) {
    case 1: label_range_kernel<std::uint8_t><<<blocks, 256, 0, exec.stream>>>(labels, n, e.data()); break;
    case 2: label_range_kernel<std::uint16_t><<<blocks, 256, 0, exec.stream>>>(labels, n, e.data()); break;
    case 4: label_range_kernel<std::uint32_t><<<blocks, 256, 0, exec.stream>>>(labels, n, e.data()); break;
    default: label_range_kernel<std::uint64_t><<<blocks, 256, 0, exec.stream>>>(labels, n, e.data()); break;
  }
  ORDO_CUDA_LAUNCH_CHECK("label_range_kernel");
  const extent r = read_extent(exec, e.data());
  return {~r.not_lo, r.hi - ~r.not_lo};
}

// Labels whose codes span at most n values (2^20 groups of 2^28 keys, not
// 64-bit hashes) and whose groups are short: the positions radix-sorted by
// label over the span's bits only, the groups' offsets by counting, then the
// tile kernel through the sorted positions. Else false.
template <class K, class R>
bool label_tiles(const cuda& exec, const K* keys, const label_desc& labels, label_range range, std::uint64_t n,
                 const rank_options& o, R* out) {
  if (n >= (std::uint64_t(1) << 31)) return false;
  const std::uint64_t lo = range.lo, span = range.span;  // codes in [lo, lo + span]
  if (span >= n || span >= (std::uint64_t(1) << 30)) return false;
  scratch<extent> e(exec, 1);
  const std::uint64_t groups = span + 1;
  scratch<std::uint32_t> lab(exec, 2 * n), idx(exec, 2 * n), offsets(exec, groups + 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(offsets.data(), 0, (groups + 1) * sizeof(std::uint32_t), exec.stream));
  label_count_kernel<<<elementwise_blocks(n), 256, 0, exec.stream>>>(labels, n, lo, lab.data(), idx.data(),
                                                                     offsets.data());
  ORDO_CUDA_LAUNCH_CHECK("label_count_kernel");
  ORDO_CUDA_CHECK(cudaMemsetAsync(e.data(), 0, sizeof(extent), exec.stream));
  max_count_kernel<<<elementwise_blocks(groups), 256, 0, exec.stream>>>(offsets.data(), groups, e.data());
  ORDO_CUDA_LAUNCH_CHECK("max_count_kernel");
  const std::uint64_t max_len = read_extent(exec, e.data()).max_len;
  if (max_len > 2048 || double(n) / double(groups) < 32) return false;
  {
    std::size_t temp_bytes = 0;
    ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, offsets.data(), offsets.data(),
                                                  int(groups + 1), exec.stream));
    scratch<unsigned char> temp(exec, temp_bytes);
    ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp.data(), temp_bytes, offsets.data(), offsets.data(),
                                                  int(groups + 1), exec.stream));
  }
  int bits = 0;
  while (bits < 32 && (span >> bits) != 0) ++bits;
  cub::DoubleBuffer<std::uint32_t> lb(lab.data(), lab.data() + n), ib(idx.data(), idx.data() + n);
  if (bits > 0) radix_sort_pairs(exec, lb, ib, n, bits);  // stable: a group's positions stay in index order
  segment_desc d;
  d.kind = segment_kind::offsets;
  d.begins = offsets.data();
  d.width = 4;
  d.count = groups;
  d.n = n;
  return launch_segment_tiles<K, R>(exec, keys, ib.Current(), d, max_len, n, o, out);
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
  const cuda_grouped::label_range range = cuda_grouped::find_label_range(exec, labels, n);
  if (cuda_grouped::rank_label_replay<K, R>(exec, keys.data(), labels, range.lo, range.span, n, o, ranks.data()))
    return;
  if (cuda_grouped::label_tiles<K, R>(exec, keys.data(), labels, range, n, o, ranks.data())) return;
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
  if (cuda_grouped::segment_tiles<K, R>(exec, keys.data(), d, n, o, ranks.data())) return;
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
