// rank over unsorted keys: ordo against CUB's radix sort of (key, index),
// which any GPU rank must at least do, and against the full composition a
// CUB user would write (sort pairs, max-scan, scatter).
#include <cub/device/device_radix_sort.cuh>
#include <thrust/execution_policy.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "baselines/cub_rank_scan.cuh"
#include "common/generators.hpp"
#include "common/gpu_timer.cuh"
#include "common/options.hpp"
#include "common/first_output.cuh"
#include "common/results.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/rank.hpp"

namespace ordo_bench {
namespace {

using K = std::int32_t;

// CUB DeviceRadixSort::SortPairs on (key, index): the protocol's yardstick.
class cub_sort_pairs {
 public:
  explicit cub_sort_pairs(std::uint64_t n) : n_(n), keys_out_(n), idx_in_(n), idx_out_(n) {
    thrust::sequence(thrust::device, idx_in_.data(), idx_in_.data() + n);
    cub::DeviceRadixSort::SortPairs(nullptr, bytes_, (const K*)nullptr, (K*)nullptr, (const std::uint32_t*)nullptr,
                                    (std::uint32_t*)nullptr, int(n));
    ORDO_CUDA_CHECK(cudaMalloc(&temp_, bytes_));
  }
  ~cub_sort_pairs() { cudaFree(temp_); }
  void operator()(const K* keys) {
    ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp_, bytes_, keys, keys_out_.data(), idx_in_.data(),
                                                    idx_out_.data(), int(n_)));
  }
  const K* sorted_keys() const { return keys_out_.data(); }
  const std::uint32_t* sorted_index() const { return idx_out_.data(); }

 private:
  std::uint64_t n_;
  ordo::device_buffer<K> keys_out_;
  ordo::device_buffer<std::uint32_t> idx_in_, idx_out_;
  void* temp_ = nullptr;
  std::size_t bytes_ = 0;
};

// Equal element for element, a NaN matching a NaN.
template <class R>
bool same(const std::vector<R>& a, const std::vector<R>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](R x, R y) { return x == y || (x != x && y != y); });
}

template <class R>
void bench_method(results& res, const std::vector<K>& host, const ordo::device_buffer<K>& keys, ordo::rank_method method,
                  const options& opt, double sort_ms, std::vector<std::uint32_t>* min_ranks) {
  const std::uint64_t n = host.size();
  std::vector<R> want(n);
  ordo::rank(ordo::cpu{}, std::span<const K>(host), std::span<R>(want), ordo::rank_options{method});
  ordo::device_buffer<R> ranks(n);
  nlohmann::json params{{"method", ordo::to_string(method)}, {"distinct", "uniform int32"}};
  // floor: keys read, ranks written
  const double floor_ms = copy_floor_ms(n * (sizeof(K) + sizeof(R)), opt.reps);
  // msd_replay is what automatic picks for int32 keys above 2^25, to 3 * 2^27.
  const bool msd_default = n > (std::uint64_t(1) << 25) && n <= (std::uint64_t(3) << 27);
  for (auto variant : {ordo::rank_unsorted_variant::msd_replay, ordo::rank_unsorted_variant::sort_back}) {
    ordo::rank_options o{method, true, ordo::na_option::keep, false, variant};
    auto run = [&] { ordo::rank(ordo::cuda{}, keys.span(), ranks.span(), o); };
    const bool verified = same(first_output(ranks, run), want);
    const bool is_default = (variant == ordo::rank_unsorted_variant::msd_replay) == msd_default;
    row r = timed_row("rank", "ordo", ordo::to_string(variant), "int32", n, params, median_ms(run, opt.reps),
                      floor_ms, verified, is_default);
    r.value = ordo::type_name<R>();
    res.add(r);
    std::printf("rank %s %s: %.3f ms (%s)\n", ordo::to_string(method), r.variant.c_str(), r.ms,
                r.verified ? "verified" : "WRONG");
  }
  // verified = false: it sorts; it does not rank.
  row b = timed_row("rank", "cub_radix_pairs", "SortPairs(key, index) only", "int32", n, params, sort_ms, floor_ms,
                    false, false);
  b.value = ordo::type_name<R>();
  res.add(b);
  if (min_ranks) {
    if constexpr (std::is_same_v<R, std::uint32_t>) *min_ranks = want;
  }
}

}  // namespace

void run_rank(const options& opt) {
  results res("rank");
  const std::uint64_t n = opt.n;
  const std::vector<K> host = ordo_test::random_keys<K>(n, 1ull << 32, 7);
  ordo::device_buffer<K> keys(std::span<const K>(host.data(), n));
  cub_sort_pairs sorter(n);
  const double sort_ms = median_ms([&] { sorter(keys.data()); }, opt.reps);
  std::printf("rank: n=%llu, CUB SortPairs %.3f ms\n", (unsigned long long)n, sort_ms);

  std::vector<std::uint32_t> want_min;
  bench_method<std::uint32_t>(res, host, keys, ordo::rank_method::min, opt, sort_ms, &want_min);
  bench_method<double>(res, host, keys, ordo::rank_method::average, opt, sort_ms, nullptr);
  bench_method<double>(res, host, keys, ordo::rank_method::dense, opt, sort_ms, nullptr);
  bench_method<std::uint32_t>(res, host, keys, ordo::rank_method::ordinal, opt, sort_ms, nullptr);

  // The whole CUB composition for min ranks: sort pairs, max-scan, scatter.
  ordo::device_buffer<std::uint32_t> sorted_ranks(n), out(n);
  cub_rank_scan<K, std::uint32_t> scan(sorter.sorted_keys(), sorted_ranks.data(), std::uint32_t(n), false);
  auto compose = [&] {
    sorter(keys.data());
    scan();
    thrust::scatter(thrust::device, sorted_ranks.data(), sorted_ranks.data() + n, sorter.sorted_index(), out.data());
  };
  const bool verified = first_output(out, compose) == want_min;
  row c = timed_row("rank", "cub_composition", "SortPairs+max-scan+scatter", "int32", n,
                    {{"method", "min"}, {"distinct", "uniform int32"}}, median_ms(compose, opt.reps),
                    copy_floor_ms(n * 8, opt.reps), verified, false);
  c.value = "uint32";
  res.add(c);
  res.write(opt.out);
}

}  // namespace ordo_bench
