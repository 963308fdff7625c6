// rank()'s msd_replay variant for 32-bit keys (see rank_unsorted_variant):
//
//   1. pass 1: count and scatter the order bits by the window's top 8 bits
//      (kernel/msd_pass_kernels.cuh). The window is the 16 bits from the
//      highest bit where keys differ (bits [16, 32) for random 32-bit keys),
//      found by the OR and AND of all keys while pass 1 counts with a guess.
//   2. pass 2: count and scatter each pass-1 bucket by the window's low 8 bits
//   3. rank each of the 2^16 buckets in one block on the bits below the
//      window (kernel/msd_bucket_kernels.cuh); with none below, every key
//      of a bucket is equal and its ranks follow from its bounds
//   4. replay pass 2, then pass 1, backwards: each tile ranks its keys by
//      digit exactly as its forward pass did and reads the rank from where
//      that pass put the key (msd_gather_kernel)
//
// No index travels with the keys: the forward scatters keep only what is
// needed to recompute themselves (the keys and one offset per tile and
// digit). Traffic: about 56 bytes per key against about 130 for sort_back.
#pragma once
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <limits>
#include <type_traits>

#include "common/rank_value.hpp"
#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/device_props.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/rank/kernel/msd_bucket_kernels.cuh"
#include "cuda/rank/kernel/msd_pass_kernels.cuh"

namespace ordo::detail::cuda_rank::msd {

// Pass 2's replay writes the rank values back over pass 1's output, adding
// the distinct keys of earlier buckets for dense.
struct level2_sink {
  std::uint32_t* out;
  const unsigned* dense_before;  // [buckets + 1] or null
  __device__ __forceinline__ void operator()(const tile_span& s, std::uint64_t pos, std::uint32_t key,
                                             std::uint32_t v) const {
    if (dense_before && v != unranked) v += dense_before[s.bucket * digits + digit_of<2>{s.shift}.Digit(key)];
    out[pos] = v;
  }
};

// Pass 1's replay writes the final ranks, with the semantics of
// unsorted_ranker (NaN or 0 for unranked keys, pct in double).
template <class R>
struct final_rank_sink {
  R* out;
  std::uint64_t n;
  rank_method method;
  bool pct;
  const unsigned long long* nan_count;
  const unsigned* groups;  // dense: distinct ranked keys in all
  __device__ __forceinline__ void operator()(const tile_span&, std::uint64_t pos, std::uint32_t,
                                             std::uint32_t v) const {
    out[pos] = convert(v);
  }
  __device__ __forceinline__ R convert(std::uint32_t v) const {
    if (v == unranked) return unranked_value<R>();
    if constexpr (std::is_floating_point_v<R>) {
      double x = method == rank_method::average ? double(v) * 0.5 + 1.0 : double(v) + 1.0;
      if (pct) x /= double(method == rank_method::dense ? *groups : n - *nan_count);
      return R(x);
    } else {
      return R(std::uint64_t(v) + 1);
    }
  }
};

// count: digits x tiles, below 2^27 for the n < 2^31 this variant takes, so
// CUB gets an int (its 32-bit offset path).
inline void exclusive_sum_in_place(const cuda& exec, unsigned* data, std::uint64_t count) {
  if (count > std::uint64_t(INT32_MAX)) throw error(errc::not_supported, "msd_replay: too many tile counters");
  std::size_t bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, data, int(count), exec.stream));
  scratch<unsigned char> temp(exec, bytes);
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp.data(), bytes, data, int(count), exec.stream));
}

// Pass 2's count over pass 1's output: offsets per (tile, digit) within each
// pass-1 bucket, the 2^16 bucket starts, and the largest bucket in
// counters[0]. Shared by rank's and grouped rank's replays.
template <class Src>
void count_level2(const cuda& exec, const Src& pass1_out, const msd_layout& layout, unsigned tiles2,
                  unsigned* offsets2, unsigned* starts2, unsigned* counters) {
  const cudaStream_t st = exec.stream;
  ORDO_CUDA_CHECK(cudaMemsetAsync(offsets2, 0, std::size_t(digits) * tiles2 * sizeof(unsigned), st));
  msd_count_kernel<2, false><<<tiles2, tile_threads, 0, st>>>(pass1_out, layout, offsets2, nullptr);
  ORDO_CUDA_LAUNCH_CHECK("msd_count_kernel<2>");
  exclusive_sum_in_place(exec, offsets2, std::uint64_t(digits) * tiles2);
  msd_level2_starts_kernel<<<digits, digits, 0, st>>>(offsets2, layout, starts2, counters);
  ORDO_CUDA_LAUNCH_CHECK("msd_level2_starts_kernel");
}

inline bool msd_replay_fits(std::uint64_t n) { return n > 0 && n < (std::uint64_t(1) << 31); }
// Its bucket blocks hold bucket_capacity keys in shared memory (104 KiB):
// a GPU that cannot give that ranks by sort_back (arch_policy.cuh).
inline bool msd_replay_smem_fits() { return smem_optin_fits(bucket_count_smem_bytes); }

// False when a bucket holds more than bucket_capacity keys that are not all
// equal (the caller then uses sort_back); `out` is untouched then.
template <class K, class R>
bool rank_msd_replay(const cuda& exec, const K* keys, std::uint64_t n, const rank_options& o, R* out) {
  static_assert(sizeof(K) == 4, "msd_replay ranks 32-bit keys");
  const cudaStream_t st = exec.stream;
  const unsigned tiles1 = unsigned((n + tile_size - 1) / tile_size);
  const unsigned tiles2 = tiles1 + digits;  // each pass-1 bucket adds at most one partial tile
  scratch<std::uint32_t> bits1(exec, n), bits2(exec, n);
  scratch<unsigned> offsets1(exec, std::size_t(digits) * tiles1), offsets2(exec, std::size_t(digits) * tiles2);
  scratch<unsigned> starts1(exec, digits + 1), first_tile2(exec, digits + 1), starts2(exec, buckets + 1);
  scratch<unsigned> counters(exec, 5);  // largest bucket, keys' OR and AND, buckets left to sort, largest pass-1 bucket
  scratch<unsigned> distinct(exec, buckets + 1), sort_list(exec, buckets);
  scratch<unsigned long long> nan_count(exec, 1);

  const order_bits_source<K> keys_in{keys, !o.ascending, o.na == na_option::top};
  const msd_layout layout{n, counters.data() + 1, tiles1, starts1.data(), first_tile2.data()};

  const std::uint32_t init[5] = {0, 0, ~0u, 0, 0};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(counters.data(), init, sizeof init, cudaMemcpyHostToDevice, st));
  msd_layout guessing = layout;
  guessing.or_and = nullptr;
  msd_count_kernel<1, true><<<tiles1, tile_threads, 0, st>>>(keys_in, guessing, offsets1.data(), counters.data() + 1);
  ORDO_CUDA_LAUNCH_CHECK("msd_count_kernel<1>");
  msd_recount_kernel<<<unsigned(2 * device_sm_count()), tile_threads, 0, st>>>(keys_in, layout, offsets1.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_recount_kernel");
  exclusive_sum_in_place(exec, offsets1.data(), std::uint64_t(digits) * tiles1);
  msd_level1_starts_kernel<<<1, digits, 0, st>>>(offsets1.data(), n, tiles1, starts1.data(), first_tile2.data(),
                                                  counters.data() + 4);
  ORDO_CUDA_LAUNCH_CHECK("msd_level1_starts_kernel");
  {
    // A pass-1 bucket of more than `digits` buckets' capacity leaves some
    // pass-2 bucket over capacity whatever its digits: skewed keys (floats,
    // by their exponent) give up here, before pass 1's scatter and pass 2's
    // count (about 2 ms of 2^28 keys), instead of after them.
    std::uint32_t early[4] = {};  // OR, AND, (unused), largest pass-1 bucket
    ORDO_CUDA_CHECK(cudaMemcpyAsync(early, counters.data() + 1, sizeof early, cudaMemcpyDeviceToHost, st));
    ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
    if (window_shift(early[0], early[1]) > 0 && std::uint64_t(early[3]) > std::uint64_t(digits) * bucket_capacity)
      return false;
  }
  msd_scatter_kernel<1><<<tiles1, tile_threads, 0, st>>>(keys_in, layout, offsets1.data(), bits1.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_scatter_kernel<1>");

  const bits_source pass1_out{bits1.data()};
  count_level2(exec, pass1_out, layout, tiles2, offsets2.data(), starts2.data(), counters.data());
  std::uint32_t seen[3] = {};  // largest bucket, OR, AND: the call's one device-to-host copy
  ORDO_CUDA_CHECK(cudaMemcpyAsync(seen, counters.data(), sizeof seen, cudaMemcpyDeviceToHost, st));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  const unsigned shift = window_shift(seen[1], seen[2]);
  if (shift > 0 && seen[0] > bucket_capacity) return false;

  msd_scatter_kernel<2><<<tiles2, tile_threads, 0, st>>>(pass1_out, layout, offsets2.data(), bits2.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_scatter_kernel<2>");

  const bool dense = o.method == rank_method::dense;
  ORDO_CUDA_CHECK(cudaMemsetAsync(nan_count.data(), 0, sizeof(unsigned long long), st));
  if (dense) ORDO_CUDA_CHECK(cudaMemsetAsync(distinct.data(), 0, (buckets + 1) * sizeof(unsigned), st));
  // NaN kept unranked has all-ones bits (for other keys all ones is a key).
  // They sit in the last bucket if the bits above the window are all ones.
  const bool keep_nan = std::is_floating_point_v<K> && o.na == na_option::keep;
  const std::uint32_t above = shift + window_bits < 32 ? ~0u << (shift + window_bits) : 0u;
  const unsigned nan_bucket = keep_nan && (seen[2] & above) == above ? buckets - 1 : buckets;
  const bucket_args args{bits2.data(),    starts2.data(),   o.method,        shift,           nan_bucket,
                         distinct.data(), nan_count.data(), sort_list.data(), counters.data() + 3};
  static once_per_device smem_set;  // the opt-in is each device's own
  smem_set([] {
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(msd_bucket_count_kernel<>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(bucket_count_smem_bytes)));
  });
  if (shift == 0) {
    msd_equal_buckets_kernel<><<<unsigned(8 * device_sm_count()), 256, 0, st>>>(args, n);
    ORDO_CUDA_LAUNCH_CHECK("msd_equal_buckets_kernel");
  } else {
    msd_bucket_count_kernel<><<<buckets, bucket_threads, bucket_count_smem_bytes, st>>>(args);
    ORDO_CUDA_LAUNCH_CHECK("msd_bucket_count_kernel");
    msd_bucket_sort_kernel<><<<unsigned(2 * device_sm_count()), sort_threads, 0, st>>>(args);
    ORDO_CUDA_LAUNCH_CHECK("msd_bucket_sort_kernel");
  }
  if (dense) exclusive_sum_in_place(exec, distinct.data(), buckets + 1);

  msd_gather_kernel<2><<<tiles2, tile_threads, 0, st>>>(pass1_out, layout, offsets2.data(), bits2.data(),
                                                        level2_sink{bits1.data(), dense ? distinct.data() : nullptr});
  ORDO_CUDA_LAUNCH_CHECK("msd_gather_kernel<2>");
  const final_rank_sink<R> sink{out, n, o.method, o.pct, nan_count.data(), distinct.data() + buckets};
  msd_gather_kernel<1><<<tiles1, tile_threads, 0, st>>>(keys_in, layout, offsets1.data(), bits1.data(), sink);
  ORDO_CUDA_LAUNCH_CHECK("msd_gather_kernel<1>");
  return true;
}

}  // namespace ordo::detail::cuda_rank::msd
