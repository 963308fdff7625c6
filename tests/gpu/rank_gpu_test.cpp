// rank() over unsorted keys on the GPU against the pandas-semantics
// reference: every method, ascending/descending, na_option, pct.
#include <cstddef>
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

template <class T>
class RankGpu : public ::testing::Test {};
TYPED_TEST_SUITE(RankGpu, key_rank_types, type_names);

template <class K, class R>
void check_options_grid(const std::vector<K>& keys, const char* what) {
  for (auto method : methods_for<R>()) {
    for (bool ascending : {true, false}) {
      for (auto na : {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom}) {
        for (bool pct : {false, true}) {
          if (pct && std::is_integral_v<R>) continue;
          ordo::rank_options o{method, ascending, na, pct};
          const std::vector<double> want = reference_rank(keys, o);
          // pct divides in double on both sides; floats round once
          ASSERT_TRUE(ranks_match(gpu_rank<R>(keys, o), want, keys, pct ? 1 : 0))
              << what << " n=" << keys.size() << " method=" << ordo::to_string(method)
              << " ascending=" << ascending << " na=" << ordo::to_string(na) << " pct=" << pct;
        }
      }
    }
  }
}

TYPED_TEST(RankGpu, RandomWithTies) {
  ORDO_REQUIRE_GPU();
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for (std::size_t n : {0, 1, 2, 33, 2049, 100003})
    for (std::uint64_t distinct : {1ull, 7ull, 1000ull, 1ull << 40})
      check_options_grid<K, R>(random_keys<K>(n, distinct, n * 31 + distinct), "random_keys");
}

TYPED_TEST(RankGpu, SpecialValues) {
  ORDO_REQUIRE_GPU();
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  check_options_grid<K, R>(with_specials<K>(30000, 0.3, 200, 11), "with_specials");
  if constexpr (std::is_floating_point_v<K>) {
    check_options_grid<K, R>(with_nans<K>(30000, 3000, 100, 12), "with_nans");
    check_options_grid<K, R>(signed_zeros<K>(20000, 13), "signed_zeros");
    check_options_grid<K, R>(nan_values<K>(), "nan_values");
  }
}

}  // namespace
}  // namespace ordo_test

namespace ordo_test {
namespace {

// Past 2^22 keys the ranks go back to input order by a second radix sort on
// the original index; below, by a direct scatter.
TEST(RankGpuLarge, SortBackPath) {
  ORDO_REQUIRE_GPU();
  const std::size_t n = (std::size_t(1) << 22) + 12345;
  const std::vector<std::int32_t> ints = random_keys<std::int32_t>(n, 100000, 21);
  const std::vector<double> nans = with_nans<double>(n, 50000, 100000, 22);
  for (auto method : {ordo::rank_method::min, ordo::rank_method::average, ordo::rank_method::dense}) {
    ordo::rank_options o{method, true, ordo::na_option::keep, false};
    ASSERT_TRUE(ranks_match(gpu_rank<double>(ints, o), reference_rank(ints, o), ints)) << ordo::to_string(method);
    o.ascending = false;
    ASSERT_TRUE(ranks_match(gpu_rank<double>(nans, o), reference_rank(nans, o), nans)) << ordo::to_string(method);
  }
  ordo::rank_options o{ordo::rank_method::ordinal, true, ordo::na_option::bottom, false};
  ASSERT_TRUE(ranks_match(gpu_rank<std::uint32_t>(nans, o), reference_rank(nans, o), nans));
}

}  // namespace
}  // namespace ordo_test
