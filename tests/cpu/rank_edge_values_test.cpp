// rank on edge values: integer extremes, +-inf, several kinds of NaN, -0.0
// with +0.0, denormals, all keys equal, all distinct, all NaN.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/rank_options_grid.hpp"

namespace ordo_test {
namespace {

template <class T>
class RankEdgeValues : public ::testing::Test {};
TYPED_TEST_SUITE(RankEdgeValues, key_rank_types, type_names);

template <class K, class R>
void check_keys(const std::string& what, const std::vector<K>& keys) {
  for (const ordo::rank_options& o : all_rank_options<K, R>()) {
    const std::vector<double> want = reference_rank(keys, o);
    for (const ordo::cpu& exec : rank_execs())
      ASSERT_TRUE(ranks_match(run_rank<R>(exec, keys, o), want, keys))
          << what << " n=" << keys.size() << " " << exec_name(exec) << " " << describe(o);
  }
}

TYPED_TEST(RankEdgeValues, SpecialValues) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  std::vector<K> sp = special_values<K>();
  check_keys<K, R>("special_values", sp);
  shuffle_keys(sp, 3);
  check_keys<K, R>("special_values shuffled", sp);
  check_keys<K, R>("with_specials", with_specials<K>(3000, 0.5, 20, 4));
}

TYPED_TEST(RankEdgeValues, EqualAndDistinct) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  check_keys<K, R>("all_equal", all_equal<K>(1500));
  std::vector<K> d = all_distinct<K>(1500);
  shuffle_keys(d, 5);
  check_keys<K, R>("all_distinct", d);
}

TYPED_TEST(RankEdgeValues, FloatingOnly) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  if constexpr (std::is_floating_point_v<K>) {
    check_keys<K, R>("signed_zeros", signed_zeros<K>(1000, 6));
    check_keys<K, R>("denormals", denormals<K>(1000, 7));
    check_keys<K, R>("all_nan", with_nans<K>(50, 50, 1, 8));
    check_keys<K, R>("mostly_nan", with_nans<K>(1000, 990, 3, 9));
    check_keys<K, R>("one_key_rest_nan", with_nans<K>(3, 2, 1, 10));
  }
}

}  // namespace
}  // namespace ordo_test
