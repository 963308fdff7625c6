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

// Per key type, with a 64-bit integer and a double rank (the grid covers the
// other rank types).
ORDO_TYPED_SUITE(RankEdgeValues, key_types);

// Every option on cpu{1}, and on cpu{4} or cpu{} in turn.
template <class K, class R>
void check_keys_as(const std::string& what, const std::vector<K>& keys) {
  std::size_t g = 0;
  for (const ordo::rank_options& o : all_rank_options<K, R>()) {
    const std::vector<double> want = reference_rank(keys, o);
    for (const ordo::cpu& exec : rank_execs_at(g++))
      ASSERT_TRUE(ranks_match(run_rank<R>(exec, keys, o), want, keys))
          << describe_rank_case<R>(what, keys.size(), exec_name(exec), o);
  }
}

template <class K>
void check_keys(const std::string& what, const std::vector<K>& keys) {
  for_each_rank_type<std::uint64_t, double>([&]<class R>() { check_keys_as<K, R>(what, keys); });
}

TYPED_TEST(RankEdgeValues, SpecialValues) {
  using K = TypeParam;
  std::vector<K> sp = special_values<K>();
  check_keys<K>("special_values", sp);
  shuffle_keys(sp, 3);
  check_keys<K>("special_values shuffled", sp);
  check_keys<K>("with_specials", with_specials<K>(3000, 0.5, 20, 4));
}

TYPED_TEST(RankEdgeValues, EqualAndDistinct) {
  using K = TypeParam;
  check_keys<K>("all_equal", all_equal<K>(1500));
  std::vector<K> d = all_distinct<K>(1500);
  shuffle_keys(d, 5);
  check_keys<K>("all_distinct", d);
}

TYPED_TEST(RankEdgeValues, FloatingOnly) {
  using K = TypeParam;
  if constexpr (std::is_floating_point_v<K>) {
    check_keys<K>("signed_zeros", signed_zeros<K>(1000, 6));
    check_keys<K>("denormals", denormals<K>(1000, 7));
    check_keys<K>("all_nan", with_nans<K>(50, 50, 1, 8));
    check_keys<K>("mostly_nan", with_nans<K>(1000, 990, 3, 9));
    check_keys<K>("one_key_rest_nan", with_nans<K>(3, 2, 1, 10));
  }
}

}  // namespace
}  // namespace ordo_test
