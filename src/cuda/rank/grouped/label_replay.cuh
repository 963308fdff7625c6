// grouped_rank over unsorted labels by rank()'s msd_replay, with the label
// as the digit source and the key riding along (grouped_rank.cu tries it
// first; false sends the call to the general paths, `out` untouched):
//
//   1. pass 1: count and scatter (label code, key order bits) by the top 8
//      of the label's bits [shift, shift + 16), shift = bits of the labels'
//      code range above 16 (msd_pass_kernels.cuh, with a payload); it
//      keeps the labels' low 16 bits, all that pass 2 and step 3 read
//   2. pass 2: the same by the low 8 of them, within each pass-1 bucket: a
//      bucket now holds the groups of 2^shift consecutive codes, in input
//      order (pass 2 keeps only the labels' low byte: shift <= 8)
//   3. rank each bucket in one block (label_bucket_kernel.cuh)
//   4. replay pass 2, then pass 1, backwards (msd_gather_kernel): each tile
//      ranks its labels as its forward pass did and reads the rank value from
//      where that pass put its key
//
// No index travels and nothing is gathered or scattered at random: about 62
// bytes per key in coalesced runs, where the sort-based paths gather the
// keys and scatter the ranks through a permutation. Taken for 4-byte keys,
// n < 2^31, methods other than dense and without pct (their divisor is per
// group), labels whose codes span at most 2^(16 + label_replay_max_shift)
// values, and buckets of at most bucket_capacity keys whose sub-buckets
// stay short (the bucket kernel's overflow).
#pragma once
#include <cstdint>
#include <type_traits>

#include "cuda/rank/dispatch/msd_replay.cuh"  // count_level2, exclusive_sum_in_place, the sinks
#include "cuda/rank/grouped/label_bucket_kernel.cuh"
#include "ordo/detail/group_labels.hpp"

namespace ordo::detail::cuda_grouped {

// The label's code above the smallest, as the digit passes read it. Width
// 4 (int32 / uint32 labels, the usual case) reads them typed; 0 reads any
// width through label_desc's switch (pass 1's count: 1.03 ms at 2^28 where
// rank()'s takes 0.62).
template <int Width>
struct label_code_source {
  label_desc labels;
  std::uint64_t lo;
  __device__ __forceinline__ std::uint32_t operator()(std::uint64_t i) const {
    if constexpr (Width == 4) {
      const std::uint32_t flip = labels.is_signed ? 0x80000000u : 0u;
      return (static_cast<const std::uint32_t*>(labels.data)[i] ^ flip) - std::uint32_t(lo);
    } else {
      return std::uint32_t(labels.code(i) - lo);
    }
  }
};

// The passes, the bucket kernel and the replay with the labels read by
// `labels_in` (rank_label_replay has checked that they apply).
template <class K, class R, class LabelSrc>
bool replay_labels(const cuda& exec, const K* keys, LabelSrc labels_in, std::uint64_t span, unsigned shift,
                   std::uint64_t n, const rank_options& o, R* out) {
  using namespace cuda_rank::msd;
  const cudaStream_t st = exec.stream;
  const unsigned tiles1 = unsigned((n + tile_size - 1) / tile_size);
  const unsigned tiles2 = tiles1 + digits;
  // Pass 2's digit is label bits [shift, shift + 8) and the bucket kernel
  // reads bits [0, shift): with shift <= 8 pass 1 keeps 16 of them, pass 2 8.
  scratch<std::uint16_t> labels1(exec, n);
  scratch<std::uint32_t> codes1(exec, n), codes2(exec, n);
  scratch<std::uint8_t> labels2(exec, n);
  scratch<unsigned> offsets1(exec, std::size_t(digits) * tiles1), offsets2(exec, std::size_t(digits) * tiles2);
  scratch<unsigned> starts1(exec, digits + 1), first_tile2(exec, digits + 1), starts2(exec, buckets + 1);
  scratch<unsigned> counters(exec, 4);  // largest bucket over capacity, the codes' OR and AND, overflow
  // The window is the labels' range, known: OR = span, AND = 0 put it at [shift, shift + 16).
  const std::uint32_t init[4] = {0, std::uint32_t(span), 0, 0};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(counters.data(), init, sizeof init, cudaMemcpyHostToDevice, st));

  const order_bits_source<K> keys_in{keys, !o.ascending, o.na == na_option::top};
  const msd_layout layout{n, counters.data() + 1, tiles1, starts1.data(), first_tile2.data()};
  msd_count_kernel<1, false><<<tiles1, tile_threads, 0, st>>>(labels_in, layout, offsets1.data(), nullptr);
  ORDO_CUDA_LAUNCH_CHECK("msd_count_kernel<1> (labels)");
  exclusive_sum_in_place(exec, offsets1.data(), std::uint64_t(digits) * tiles1);
  msd_level1_starts_kernel<<<1, digits, 0, st>>>(offsets1.data(), n, tiles1, starts1.data(), first_tile2.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_level1_starts_kernel (labels)");
  msd_scatter_kernel<1><<<tiles1, tile_threads, 0, st>>>(labels_in, layout, offsets1.data(), labels1.data(),
                                                         keys_in, codes1.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_scatter_kernel<1> (labels)");

  const bits16_source pass1_labels{labels1.data()};
  count_level2(exec, pass1_labels, layout, tiles2, offsets2.data(), starts2.data(), counters.data());
  std::uint32_t largest = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&largest, counters.data(), sizeof largest, cudaMemcpyDeviceToHost, st));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  if (largest > bucket_capacity) return false;

  msd_scatter_kernel<2><<<tiles2, tile_threads, 0, st>>>(pass1_labels, layout, offsets2.data(), labels2.data(),
                                                         bits_source<>{codes1.data()}, codes2.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_scatter_kernel<2> (labels)");

  static once_per_device smem_set;  // the opt-in is each device's own
  smem_set([] {
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(label_bucket_kernel<>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(label_bucket_smem_bytes)));
  });
  const bool keep_nan = std::is_floating_point_v<K> && o.na == na_option::keep;
  const label_bucket_args args{labels2.data(), codes2.data(), starts2.data(), o.method,
                               shift,          keep_nan,      counters.data() + 3};
  label_bucket_kernel<><<<buckets, bucket_threads, label_bucket_smem_bytes, st>>>(args);
  ORDO_CUDA_LAUNCH_CHECK("label_bucket_kernel");
  std::uint32_t overflow = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&overflow, counters.data() + 3, sizeof overflow, cudaMemcpyDeviceToHost, st));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  if (overflow) return false;

  // Pass 2's replay leaves each key's rank value at its pass-1 position (codes1 is free).
  msd_gather_kernel<2><<<tiles2, tile_threads, 0, st>>>(pass1_labels, layout, offsets2.data(), codes2.data(),
                                                        level2_sink{codes1.data(), nullptr});
  ORDO_CUDA_LAUNCH_CHECK("msd_gather_kernel<2> (labels)");
  const final_rank_sink<R> sink{out, n, o.method, false, nullptr, nullptr};
  msd_gather_kernel<1><<<tiles1, tile_threads, 0, st>>>(labels_in, layout, offsets1.data(), codes1.data(), sink);
  ORDO_CUDA_LAUNCH_CHECK("msd_gather_kernel<1> (labels)");
  return true;
}

// span: the labels' largest code minus the smallest (lo).
template <class K, class R>
bool rank_label_replay(const cuda& exec, const K* keys, const label_desc& labels, std::uint64_t lo,
                       std::uint64_t span, std::uint64_t n, const rank_options& o, R* out) {
  using namespace cuda_rank::msd;
  if constexpr (sizeof(key_code_t<K>) != 4) {
    return false;
  } else {
    if (!msd_replay_fits(n) || o.method == rank_method::dense || o.pct) return false;
    int label_bits = 0;
    while (label_bits < 64 && (span >> label_bits) != 0) ++label_bits;
    const unsigned shift = label_bits > window_bits ? unsigned(label_bits - window_bits) : 0u;
    if (shift > label_replay_max_shift) return false;
    // Buckets (2^shift codes each) of about half the capacity or less on average.
    if ((n >> (unsigned(label_bits) - shift)) > bucket_capacity / 2) return false;
    if (!msd_replay_smem_fits() || !smem_optin_fits(label_bucket_smem_bytes)) return false;
    if (labels.width == 4)
      return replay_labels<K, R>(exec, keys, label_code_source<4>{labels, lo}, span, shift, n, o, out);
    return replay_labels<K, R>(exec, keys, label_code_source<0>{labels, lo}, span, shift, n, o, out);
  }
}

}  // namespace ordo::detail::cuda_grouped
