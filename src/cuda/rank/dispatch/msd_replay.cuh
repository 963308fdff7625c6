// rank()'s msd_replay variant for 32- and 64-bit keys (see rank_unsorted_variant):
//
//   1. pass 1: count and scatter the order bits by the window's top 8 bits
//      (kernel/msd_pass_kernels.cuh). The window is the 16 bits from the
//      highest bit where keys differ (bits [16, 32) for random 32-bit keys),
//      found by the OR and AND of all keys while pass 1 counts with a guess.
//      Skewed keys (a pass-1 bucket of more than 1.5 times its share) count
//      again by a map of the window's bits built from a sample, storing each
//      key's pass-1 digit (a byte) for pass 1's scatter and replay, and pass 2
//      cuts each pass-1 bucket's range (kernel/msd_skew_kernels.cuh)
//   2. pass 2: count and scatter each pass-1 bucket by the window's low 8 bits
//   3. rank each of the 2^16 buckets in one block on the bits below the
//      window (kernel/msd_bucket_kernels.cuh; 64-bit and skewed keys by
//      their offset from the bucket's smallest, msd_wide_bucket_kernels.cuh);
//      with none below, every key of a bucket is equal and its ranks follow
//      from its bounds
//   4. replay pass 2, then pass 1, backwards: each tile ranks its keys by
//      digit exactly as its forward pass did and reads the rank from where
//      that pass put the key (msd_gather_kernel)
//
// No index travels with the keys: the forward scatters keep only what is
// needed to recompute themselves (the keys and one offset per tile and
// digit). Traffic: about 56 bytes per 32-bit key against about 130 for
// sort_back, about 100 per 64-bit key against about 230.
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
#include "cuda/rank/kernel/msd_skew_kernels.cuh"
#include "cuda/rank/kernel/msd_wide_bucket_kernels.cuh"

namespace ordo::detail::cuda_rank::msd {

// Pass 2's replay writes the rank values back over pass 1's output, adding
// the distinct keys of earlier buckets for dense.
struct level2_sink {
  std::uint32_t* out;
  const unsigned* dense_before;  // [buckets + 1] or null
  __device__ __forceinline__ void operator()(const tile_span& s, std::uint64_t pos, std::uint32_t digit,
                                             std::uint32_t v) const {
    if (dense_before && v != unranked) v += dense_before[s.bucket * digits + digit];
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
// counters[0]; with digits2, each key's pass-2 digit for the replay. Shared
// by rank's and grouped rank's replays.
template <bool Skewed = false, class Src, class Bits>
void count_level2(const cuda& exec, const Src& pass1_out, const msd_layout<Bits>& layout, unsigned tiles2,
                  unsigned* offsets2, unsigned* starts2, unsigned* counters, std::uint8_t* digits2 = nullptr) {
  const cudaStream_t st = exec.stream;
  ORDO_CUDA_CHECK(cudaMemsetAsync(offsets2, 0, std::size_t(digits) * tiles2 * sizeof(unsigned), st));
  msd_count_kernel<2, false, Skewed><<<tiles2, tile_threads, 0, st>>>(pass1_out, layout, offsets2, nullptr, digits2);
  ORDO_CUDA_LAUNCH_CHECK("msd_count_kernel<2>");
  exclusive_sum_in_place(exec, offsets2, std::uint64_t(digits) * tiles2);
  msd_level2_starts_kernel<<<digits, digits, 0, st>>>(offsets2, layout, starts2, counters);
  ORDO_CUDA_LAUNCH_CHECK("msd_level2_starts_kernel");
}

inline bool msd_replay_fits(std::uint64_t n) { return n > 0 && n < (std::uint64_t(1) << 31); }
// Its bucket blocks hold bucket_capacity keys in shared memory (up to 88 KiB
// for 32-bit keys, 104 KiB for 64-bit ones, with dense's counters): a GPU
// that cannot give that ranks by sort_back (arch_policy.cuh).
template <class Bits = std::uint32_t>
bool msd_replay_smem_fits() {
  return smem_optin_fits(bucket_count_smem_bytes(true)) && smem_optin_fits(wide_count_smem_bytes<Bits>(true)) &&
         smem_optin_fits(sizeof(wide_sort_shared<Bits>));
}

// Pass 1 of skewed keys: a histogram of a sample, the map and the cuts
// (kernel/msd_skew_kernels.cuh). False when the keys cannot be cut (the
// caller then uses sort_back or the plain passes).
template <class Src, class Bits>
bool build_skew_map(const cuda& exec, const Src& keys_in, std::uint64_t n, const Bits* or_and, unsigned* state,
                    pass2_cut* cuts, unsigned* status) {
  const cudaStream_t st = exec.stream;
  // 2^20 samples put about 2^11 in each dense bin of 2^16; 64-bit keys' 2^20
  // bins take 2^22, or the densest bin of each run is noisy enough to
  // cost runs (about 0.5 ms of random reads and atomics at 2^22).
  constexpr std::uint64_t max_samples = std::uint64_t(1) << (sizeof(Bits) == 4 ? 20 : 22);
  const std::uint64_t stride = n > max_samples ? (n + max_samples - 1) / max_samples : 1;
  const std::uint64_t samples = n / stride;
  // Each pass-2 bucket is to hold at most 3/4 of a bucket block's keys.
  const std::uint64_t budget = std::uint64_t(digits) * (bucket_capacity * 3 / 4) * samples / n;
  scratch<unsigned> hist(exec, fine_bins<Bits>);
  ORDO_CUDA_CHECK(cudaMemsetAsync(hist.data(), 0, fine_bins<Bits> * sizeof(unsigned), st));
  msd_sample_kernel<<<unsigned(4 * device_sm_count()), 256, 0, st>>>(keys_in, n, stride, or_and, hist.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_sample_kernel");
  scratch<std::uint8_t> local(exec, fine_bins<Bits>);  // dense coarse bins' runs, numbered within the bin
  msd_coarse_kernel<Bits><<<coarse_bins, 256, 0, st>>>(hist.data(), state);
  ORDO_CUDA_LAUNCH_CHECK("msd_coarse_kernel");
  msd_runs_kernel<Bits><<<1, 1024, 0, st>>>(hist.data(), budget, local.data(), state, status);
  ORDO_CUDA_LAUNCH_CHECK("msd_runs_kernel");
  msd_run_starts_kernel<Bits><<<fine_bins<Bits> / 1024, 1024, 0, st>>>(hist.data(), local.data(), state, status);
  ORDO_CUDA_LAUNCH_CHECK("msd_run_starts_kernel");
  msd_cuts_kernel<Bits><<<1, digits, 0, st>>>(or_and, state, cuts, status);
  ORDO_CUDA_LAUNCH_CHECK("msd_cuts_kernel");
  unsigned runs = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&runs, status, sizeof runs, cudaMemcpyDeviceToHost, st));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  return runs > 0;
}

// Pass 1's count with the real window (plain: only if the guess was wrong)
// or the map (Skewed), storing each key's digit in digits1[n] as it counts,
// scanned into offsets, bucket starts and the pass-2 tile numbering; the
// largest pass-1 bucket in *largest1. Returns it.
template <bool Skewed, class Src, class Bits>
unsigned finish_level1(const cuda& exec, const Src& keys_in, const msd_layout<Bits>& layout, unsigned* offsets1,
                       unsigned* starts1, unsigned* first_tile2, unsigned* largest1,
                       std::uint8_t* digits1 = nullptr) {
  const cudaStream_t st = exec.stream;
  // The plain recount mostly returns at once (the guess was right); the
  // skewed one counts every tile, a block each.
  const unsigned grid = Skewed ? layout.tiles1 : unsigned(2 * device_sm_count());
  msd_recount_kernel<Skewed><<<grid, tile_threads, 0, st>>>(keys_in, layout, offsets1, digits1);
  ORDO_CUDA_LAUNCH_CHECK("msd_recount_kernel");
  exclusive_sum_in_place(exec, offsets1, std::uint64_t(digits) * layout.tiles1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(largest1, 0, sizeof(unsigned), st));
  msd_level1_starts_kernel<<<1, digits, 0, st>>>(offsets1, layout.n, layout.tiles1, starts1, first_tile2, largest1);
  ORDO_CUDA_LAUNCH_CHECK("msd_level1_starts_kernel");
  unsigned largest = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&largest, largest1, sizeof largest, cudaMemcpyDeviceToHost, st));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  return largest;
}

template <class Bits>
void set_wide_smem() {
  static once_per_device smem_set;  // the opt-in is each device's own
  smem_set([] {
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(msd_wide_count_kernel<Bits>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(wide_count_smem_bytes<Bits>(true))));
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(msd_wide_sort_kernel<Bits>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(sizeof(wide_sort_shared<Bits>))));
  });
}

// Steps 2 to 4 once pass 1 is counted: plain (the window's bits) or Skewed
// (the map and the cuts in `layout`). layout.digits1 holds pass 1's digits;
// pass 2's count stores its own in digits2, and both replays rank those
// bytes instead of reading keys (4 or 8 bytes a key).
template <bool Skewed, class K, class R, class Bits>
bool msd_after_level1(const cuda& exec, const order_bits_source<K>& keys_in, std::uint64_t n, const rank_options& o,
                      msd_layout<Bits> layout, unsigned shift, Bits and_bits, const unsigned* offsets1, R* out) {
  const cudaStream_t st = exec.stream;
  constexpr bool narrow = sizeof(Bits) == 4;
  const unsigned tiles1 = layout.tiles1, tiles2 = tiles1 + digits;  // each pass-1 bucket adds at most one partial tile
  scratch<Bits> bits1(exec, n), bits2(exec, n);
  scratch<std::uint32_t> vals_store(exec, narrow ? 0 : n);
  // Rank values of pass 2's output, then of pass 1's: in place of the keys
  // where they are 32-bit; 64-bit keys put the first apart and the second
  // over pass 2's keys (free by then).
  std::uint32_t* vals2 = narrow ? reinterpret_cast<std::uint32_t*>(bits2.data()) : vals_store.data();
  std::uint32_t* vals1 = reinterpret_cast<std::uint32_t*>(narrow ? bits1.data() : bits2.data());
  scratch<unsigned> offsets2(exec, std::size_t(digits) * tiles2), starts2(exec, buckets + 1);
  scratch<unsigned> counters(exec, 2);  // largest bucket, buckets left to sort
  scratch<unsigned> distinct(exec, buckets + 1), sort_list(exec, buckets);
  scratch<unsigned long long> nan_count(exec, 1);
  scratch<std::uint8_t> digits2(exec, n);
  layout.digits2 = digits2.data();
  ORDO_CUDA_CHECK(cudaMemsetAsync(counters.data(), 0, 2 * sizeof(unsigned), st));

  msd_scatter_kernel<1, Skewed><<<tiles1, tile_threads, 0, st>>>(keys_in, layout, offsets1, bits1.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_scatter_kernel<1>");
  const bits_source<Bits> pass1_out{bits1.data()};
  count_level2<Skewed>(exec, pass1_out, layout, tiles2, offsets2.data(), starts2.data(), counters.data(),
                       digits2.data());
  unsigned largest = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&largest, counters.data(), sizeof largest, cudaMemcpyDeviceToHost, st));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  if (shift > 0 && largest > bucket_capacity) return false;

  msd_scatter_kernel<2, Skewed><<<tiles2, tile_threads, 0, st>>>(pass1_out, layout, offsets2.data(), bits2.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_scatter_kernel<2>");

  const bool dense = o.method == rank_method::dense;
  ORDO_CUDA_CHECK(cudaMemsetAsync(nan_count.data(), 0, sizeof(unsigned long long), st));
  if (dense) ORDO_CUDA_CHECK(cudaMemsetAsync(distinct.data(), 0, (buckets + 1) * sizeof(unsigned), st));
  const bool keep_nan = std::is_floating_point_v<K> && o.na == na_option::keep;
  if (narrow && !Skewed && shift > 0) {
    // NaN kept unranked has all-ones bits (for other keys all ones is a key).
    // They sit in the last bucket if the bits above the window are all ones.
    const std::uint32_t above = shift + window_bits < 32 ? ~0u << (shift + window_bits) : 0u;
    const unsigned nan_bucket = keep_nan && (std::uint32_t(and_bits) & above) == above ? buckets - 1 : buckets;
    const bucket_args args{reinterpret_cast<std::uint32_t*>(bits2.data()),
                           starts2.data(),
                           o.method,
                           shift,
                           nan_bucket,
                           distinct.data(),
                           nan_count.data(),
                           sort_list.data(),
                           counters.data() + 1};
    static once_per_device smem_set;  // the opt-in is each device's own
    smem_set([] {
      ORDO_CUDA_CHECK(cudaFuncSetAttribute(msd_bucket_count_kernel<>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           int(bucket_count_smem_bytes(true))));
    });
    msd_bucket_count_kernel<><<<buckets, bucket_threads, bucket_count_smem_bytes(dense), st>>>(args);
    ORDO_CUDA_LAUNCH_CHECK("msd_bucket_count_kernel");
    msd_bucket_sort_kernel<><<<unsigned(2 * device_sm_count()), sort_threads, 0, st>>>(args);
    ORDO_CUDA_LAUNCH_CHECK("msd_bucket_sort_kernel");
  } else {
    const wide_bucket_args<Bits> args{bits2.data(),     vals2,           starts2.data(),   o.method,
                                      keep_nan,         distinct.data(), nan_count.data(), sort_list.data(),
                                      counters.data() + 1};
    if (shift == 0) {
      msd_wide_equal_kernel<Bits><<<unsigned(8 * device_sm_count()), 256, 0, st>>>(args, n);
      ORDO_CUDA_LAUNCH_CHECK("msd_wide_equal_kernel");
    } else {
      set_wide_smem<Bits>();
      msd_wide_count_kernel<Bits><<<buckets, bucket_threads, wide_count_smem_bytes<Bits>(dense), st>>>(args);
      ORDO_CUDA_LAUNCH_CHECK("msd_wide_count_kernel");
      msd_wide_sort_kernel<Bits>
          <<<unsigned(2 * device_sm_count()), bucket_threads, sizeof(wide_sort_shared<Bits>), st>>>(args);
      ORDO_CUDA_LAUNCH_CHECK("msd_wide_sort_kernel");
    }
  }
  if (dense) exclusive_sum_in_place(exec, distinct.data(), buckets + 1);

  msd_gather_kernel<2, Skewed, true><<<tiles2, tile_threads, 0, st>>>(
      pass1_out, layout, offsets2.data(), vals2, level2_sink{vals1, dense ? distinct.data() : nullptr});
  ORDO_CUDA_LAUNCH_CHECK("msd_gather_kernel<2>");
  const final_rank_sink<R> sink{out, n, o.method, o.pct, nan_count.data(), distinct.data() + buckets};
  msd_gather_kernel<1, Skewed, true><<<tiles1, tile_threads, 0, st>>>(keys_in, layout, offsets1, vals1, sink);
  ORDO_CUDA_LAUNCH_CHECK("msd_gather_kernel<1>");
  return true;
}

// False when a bucket holds more than bucket_capacity keys that are not all
// equal (the caller then uses sort_back); `out` is untouched then.
template <class K, class R>
bool rank_msd_replay(const cuda& exec, const K* keys, std::uint64_t n, const rank_options& o, R* out) {
  using Bits = key_code_t<K>;
  static_assert(sizeof(Bits) == 4 || sizeof(Bits) == 8, "msd_replay ranks 32- and 64-bit keys");
  const cudaStream_t st = exec.stream;
  const unsigned tiles1 = unsigned((n + tile_size - 1) / tile_size);
  scratch<unsigned> offsets1(exec, std::size_t(digits) * tiles1);
  scratch<unsigned> starts1(exec, digits + 1), first_tile2(exec, digits + 1), counters(exec, 2);  // largest pass-1 bucket, map status
  scratch<Bits> or_and(exec, 2);
  scratch<std::uint8_t> digits1(exec, n);  // each key's pass-1 digit, for pass 1's replay

  const order_bits_source<K> keys_in{keys, !o.ascending, o.na == na_option::top};
  msd_layout<Bits> layout{n, or_and.data(), tiles1, starts1.data(), first_tile2.data()};
  layout.digits1 = digits1.data();

  const Bits init[2] = {Bits(0), Bits(~Bits(0))};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(or_and.data(), init, sizeof init, cudaMemcpyHostToDevice, st));
  msd_layout<Bits> guessing = layout;
  guessing.or_and = nullptr;
  msd_count_kernel<1, true><<<tiles1, tile_threads, 0, st>>>(keys_in, guessing, offsets1.data(), or_and.data(),
                                                             digits1.data());
  ORDO_CUDA_LAUNCH_CHECK("msd_count_kernel<1>");
  const unsigned largest1 = finish_level1<false>(exec, keys_in, layout, offsets1.data(), starts1.data(),
                                                 first_tile2.data(), counters.data(), digits1.data());
  Bits seen[2] = {};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(seen, or_and.data(), sizeof seen, cudaMemcpyDeviceToHost, st));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  const unsigned shift = window_shift(seen[0], seen[1]);
  // A pass-1 bucket of more than 1.5 times its share: skewed keys (floats,
  // by their exponent), cut by a map. Over `digits` buckets' capacity, the
  // plain passes cannot work at all and give up here, before pass 1's
  // scatter and pass 2's count (about 2 ms of 2^28 keys).
  if (shift > 0 && std::uint64_t(largest1) * digits * 2 > 3 * n) {
    scratch<unsigned> state(exec, coarse_state_words);  // ends with the runs' starts
    scratch<pass2_cut> cuts(exec, digits);
    if (build_skew_map(exec, keys_in, n, or_and.data(), state.data(), cuts.data(), counters.data() + 1)) {
      layout.run_starts = state.data() + coarse_state_words - digits;  // digits1 becomes the map's runs
      layout.cuts = cuts.data();
      const unsigned skewed1 = finish_level1<true>(exec, keys_in, layout, offsets1.data(), starts1.data(),
                                                   first_tile2.data(), counters.data(), digits1.data());
      if (std::uint64_t(skewed1) > std::uint64_t(digits) * bucket_capacity) return false;
      return msd_after_level1<true, K, R>(exec, keys_in, n, o, layout, shift, seen[1], offsets1.data(), out);
    }
    // The map could not cut them: the plain passes (pass 1's counts are
    // untouched), if they can work.
  }
  if (shift > 0 && std::uint64_t(largest1) > std::uint64_t(digits) * bucket_capacity) return false;
  return msd_after_level1<false, K, R>(exec, keys_in, n, o, layout, shift, seen[1], offsets1.data(), out);
}

}  // namespace ordo::detail::cuda_rank::msd
