// rank()'s counting variant on the GPU (rank_unsorted_variant::counting; the
// CPU's is src/cpu/rank/rank_counting_cpu.hpp): keys whose order codes span
// at most 2^16 values are ranked with no sort:
//   1. the codes' range and the NaN count (one read; the range comes back
//      to the host, which sizes the histogram: one small copy and a wait);
//   2. a histogram of the values, counted in shared memory 2^15 values at a
//      time (a second pass over the keys past 2^15 values);
//   3. one block scans it into each value's rank (table_kernel);
//   4. one read of the keys writes each rank from the table.
// Two reads of the keys and one write of the ranks. first (ordinal) needs a
// stable order among equal keys and is not done here.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/error.hpp"
#include "cuda/rank/kernel/counting_kernels.cuh"

namespace ordo::detail::cuda_rank::counting {

inline constexpr std::uint64_t max_values = std::uint64_t(1) << 16;
inline constexpr int threads = 256;
inline constexpr int hist_threads = 1024;
inline constexpr unsigned max_window = 1u << 15;  // 128 KiB of counters

template <class K, class R>
void rank_counting(const cuda& exec, const K* keys, std::uint64_t n, const rank_options& o, R* out) {
  using U = key_code_t<K>;
  if (o.method == rank_method::ordinal)
    throw error(errc::not_supported, "rank: on the GPU counting ranks every method but first (ordinal); use automatic");
  cudaStream_t s = exec.stream;
  const bool desc = !o.ascending, nan_top = o.na == na_option::top;
  scratch<code_facts<U>> facts(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(&facts.data()->lo, 0xff, sizeof(facts.data()->lo), s));
  ORDO_CUDA_CHECK(cudaMemsetAsync(&facts.data()->hi, 0, sizeof(facts.data()->hi), s));
  ORDO_CUDA_CHECK(cudaMemsetAsync(&facts.data()->nans, 0, sizeof(unsigned long long), s));
  facts_kernel<K, threads><<<elementwise_blocks(n, threads), threads, 0, s>>>(keys, n, desc, nan_top, facts.data());
  ORDO_CUDA_LAUNCH_CHECK("counting facts_kernel");
  code_facts<U> f{};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&f, facts.data(), sizeof(f), cudaMemcpyDeviceToHost, s));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(s));
  const U span = U(f.hi - f.lo);
  const std::uint64_t values =
      f.nans == n ? 0 : (sizeof(U) == 8 && span == U(~U(0)) ? ~std::uint64_t(0) : std::uint64_t(span) + 1);
  if (values > max_values)
    throw error(errc::not_supported, "rank: counting takes keys that span at most " + std::to_string(max_values) +
                                         " values; these span " + std::to_string(values) + " (use automatic)");
  const unsigned V = unsigned(values);
  const U lo = f.nans == n ? U(0) : U(f.lo);
  scratch<unsigned long long> counts(exec, V + 1);
  scratch<R> table(exec, V + 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(counts.data(), 0, (V + 1) * sizeof(unsigned long long), s));
  // Bins in shared memory, 2^15 at most at a time (two passes over the keys
  // for 2^16 values); a grid of the blocks that fit at once.
  const unsigned window = V + 1 < max_window ? V + 1 : max_window;
  auto hist = histogram_kernel<K, hist_threads>;
  const std::size_t smem = std::size_t(window) * sizeof(unsigned);
  allow_smem(hist, smem, "rank's counting histogram");
  const unsigned blocks = unsigned(std::min<std::uint64_t>(resident_blocks(hist, hist_threads, smem),
                                                           (n + hist_threads - 1) / hist_threads));
  hist<<<blocks, hist_threads, smem, s>>>(keys, n, lo, V, desc, nan_top, window, counts.data());
  ORDO_CUDA_LAUNCH_CHECK("counting histogram_kernel");
  table_kernel<R, 1024><<<1, 1024, 0, s>>>(counts.data(), V, n, o.method, o.na, o.pct, table.data());
  ORDO_CUDA_LAUNCH_CHECK("counting table_kernel");
  lookup_kernel<K, R, threads>
      <<<elementwise_blocks(n, threads), threads, 0, s>>>(keys, n, lo, V, desc, nan_top, table.data(), out);
  ORDO_CUDA_LAUNCH_CHECK("counting lookup_kernel");
}

}  // namespace ordo::detail::cuda_rank::counting
