// The small-size subset that scripts/gpu-check runs under compute-sanitizer
// memcheck and racecheck (name pattern *Small*): every variant and method,
// sizes around warp and tile boundaries, one deep search, NaN groups.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"
#include "gpu/gpu_cases.hpp"

namespace ordo_test {
namespace {

template <class K, class R>
void small_rank_sorted() {
  for (std::size_t n : {0, 1, 33, 2049, 9000}) {
    for (double p : {0.0, 0.9, 1.0}) {
      const std::vector<K> keys = sorted_with_ties<K>(n, p, n + 5);
      for (auto method : methods_for<R>()) {
        const std::vector<double> want = reference_rank_sorted(keys, method);
        for (auto variant : gpu_variants_for(method)) {
          ordo::rank_sorted_options o{method, ordo::sort_order::ascending, variant, n % 2 == 1};
          ASSERT_TRUE(ranks_match(gpu_rank_sorted<R>(keys, o), want, keys))
              << "n=" << n << " p=" << p << " " << ordo::to_string(method) << "/" << ordo::to_string(variant);
        }
      }
    }
  }
}

template <class K, class R>
void small_rank() {
  std::vector<K> keys = random_keys<K>(5000, 300, 3);
  if constexpr (std::is_floating_point_v<K>) keys = with_nans<K>(5000, 400, 300, 4);
  for (auto method : methods_for<R>()) {
    for (auto na : {ordo::na_option::keep, ordo::na_option::top}) {
      for (bool pct : {false, true}) {
        if (pct && std::is_integral_v<R>) continue;
        ordo::rank_options o{method, !pct, na, pct};
        ASSERT_TRUE(ranks_match(gpu_rank<R>(keys, o), reference_rank(keys, o), keys, 1))
            << ordo::to_string(method) << " na=" << ordo::to_string(na) << " pct=" << pct;
      }
    }
  }
}

// msd_replay's kernels: counting (300 values), sorting (40 values, ~125
// ties each) and equal buckets (values below 8: window shift 0); floats
// spread over +-1e30 are bunched by exponent and take the skewed map, 64-bit
// keys the wide bucket kernels.
template <class K, class R>
void small_rank_msd() {
  std::vector<std::vector<K>> inputs{random_keys<K>(5000, 300, 5), random_keys<K>(5000, 40, 6)};
  if constexpr (std::is_floating_point_v<K>) inputs.push_back(with_nans<K>(5000, 400, 300, 7));
  else inputs.push_back(random_keys<K>(5000, 8, 8));
  if constexpr (std::is_integral_v<K>)
    for (auto& k : inputs.back()) k = K(std::uint64_t(k) % 8);
  for (const auto& keys : inputs) {
    for (auto method : methods_for<R>()) {
      ordo::rank_options o{method, true, ordo::na_option::keep, false, ordo::rank_unsorted_variant::msd_replay};
      ASSERT_TRUE(ranks_match(gpu_rank<R>(keys, o), reference_rank(keys, o), keys)) << ordo::to_string(method);
    }
  }
}

TEST(RankSortedGpuSmall, Int32Uint32) { ORDO_REQUIRE_GPU(); small_rank_sorted<std::int32_t, std::uint32_t>(); }
TEST(RankSortedGpuSmall, DoubleDouble) { ORDO_REQUIRE_GPU(); small_rank_sorted<double, double>(); }
TEST(RankSortedGpuSmall, Uint64Uint64) { ORDO_REQUIRE_GPU(); small_rank_sorted<std::uint64_t, std::uint64_t>(); }
TEST(RankGpuSmall, FloatDouble) { ORDO_REQUIRE_GPU(); small_rank<float, double>(); }
TEST(RankGpuSmall, Int64Uint32) { ORDO_REQUIRE_GPU(); small_rank<std::int64_t, std::uint32_t>(); }
TEST(RankGpuSmall, MsdReplayFloatDouble) { ORDO_REQUIRE_GPU(); small_rank_msd<float, double>(); }
TEST(RankGpuSmall, MsdReplayInt32Uint32) { ORDO_REQUIRE_GPU(); small_rank_msd<std::int32_t, std::uint32_t>(); }
TEST(RankGpuSmall, MsdReplayInt64Double) { ORDO_REQUIRE_GPU(); small_rank_msd<std::int64_t, double>(); }
TEST(RankGpuSmall, MsdReplayDoubleDouble) { ORDO_REQUIRE_GPU(); small_rank_msd<double, double>(); }

}  // namespace
}  // namespace ordo_test
