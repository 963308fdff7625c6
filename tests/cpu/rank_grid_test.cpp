// rank (pandas semantics) on unsorted random keys: every key and rank type,
// every option, many sizes and tie densities (floating keys with NaN), on
// cpu{1}, cpu{4} and cpu{}, against reference_rank.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
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
class RankGrid : public ::testing::Test {};
TYPED_TEST_SUITE(RankGrid, key_rank_types, type_names);

// Random keys with `distinct` values; a tenth of floating keys are NaN.
template <class K>
std::vector<K> grid_keys(std::size_t n, std::uint64_t distinct, std::uint64_t seed) {
  if constexpr (std::is_floating_point_v<K>) return with_nans<K>(n, n / 10, distinct, seed);
  else return random_keys<K>(n, distinct, seed);
}

template <class K, class R>
void check_all_options(const std::vector<K>& keys, const std::vector<ordo::cpu>& execs, const char* what) {
  for (const ordo::rank_options& o : all_rank_options<K, R>()) {
    const std::vector<double> want = reference_rank(keys, o);
    for (const ordo::cpu& exec : execs)
      ASSERT_TRUE(ranks_match(run_rank<R>(exec, keys, o), want, keys))
          << what << " n=" << keys.size() << " " << exec_name(exec) << " " << describe(o);
  }
}

TYPED_TEST(RankGrid, LiteralExample) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  using m = ordo::rank_method;
  const std::vector<K> keys{20, 10, 30, 20};
  struct expect { m method; bool ascending; std::vector<double> ranks; };
  std::vector<expect> table{{m::min, true, {2, 1, 4, 2}},     {m::max, true, {3, 1, 4, 3}},
                            {m::dense, true, {2, 1, 3, 2}},   {m::ordinal, true, {2, 1, 4, 3}},
                            {m::min, false, {2, 4, 1, 2}},    {m::ordinal, false, {2, 4, 1, 3}}};
  if constexpr (std::is_floating_point_v<R>) table.push_back({m::average, true, {2.5, 1, 4, 2.5}});
  for (const auto& e : table) {
    for (const ordo::cpu& exec : rank_execs()) {
      ordo::rank_options o{e.method, e.ascending, ordo::na_option::keep, false};
      EXPECT_TRUE(ranks_match(run_rank<R>(exec, keys, o), e.ranks, keys)) << exec_name(exec) << " " << describe(o);
    }
  }
}

TYPED_TEST(RankGrid, LiteralNaN) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  if constexpr (std::is_floating_point_v<K> && std::is_floating_point_v<R>) {
    const K nan = std::numeric_limits<K>::quiet_NaN();
    const double dnan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<K> keys{3, nan, 1, 3};
    using na = ordo::na_option;
    struct expect { na option; bool pct; std::vector<double> ranks; };
    const std::vector<expect> table{{na::keep, false, {2.5, dnan, 1, 2.5}}, {na::top, false, {3.5, 1, 2, 3.5}},
                                    {na::bottom, false, {2.5, 4, 1, 2.5}}, {na::keep, true, {2.5 / 3, dnan, 1.0 / 3, 2.5 / 3}},
                                    {na::bottom, true, {2.5 / 4, 1, 0.25, 2.5 / 4}}};
    for (const auto& e : table) {
      for (const ordo::cpu& exec : rank_execs()) {
        ordo::rank_options o{ordo::rank_method::average, true, e.option, e.pct};
        EXPECT_TRUE(ranks_match(run_rank<R>(exec, keys, o), e.ranks, keys)) << exec_name(exec) << " " << describe(o);
      }
    }
  }
}

TYPED_TEST(RankGrid, SmallSizes) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for (std::size_t n : {0u, 1u, 2u, 31u, 32u, 33u, 1023u, 1024u, 1025u, 4097u})
    for (std::uint64_t distinct : {std::uint64_t(1), std::uint64_t(7), std::uint64_t(n / 8 + 1), std::uint64_t(16 * n + 1)})
      check_all_options<K, R>(grid_keys<K>(n, distinct, 77 + n + distinct), rank_execs(), "random_keys");
}

// 100000 keys and one input past 2^20, per key type, with an integer and a
// floating rank and the threaded paths only.
template <class T>
class RankLarge : public ::testing::Test {};
TYPED_TEST_SUITE(RankLarge, key_types, type_names);

TYPED_TEST(RankLarge, Size100000) {
  using K = TypeParam;
  const std::vector<K> keys = grid_keys<K>(100000, 5000, 5);
  check_all_options<K, std::uint64_t>(keys, {ordo::cpu{4}}, "random_keys");
  check_all_options<K, float>(keys, {ordo::cpu{}}, "random_keys");
}

TYPED_TEST(RankLarge, OverTwoToTheTwenty) {
  using K = TypeParam;
  const std::vector<K> keys = grid_keys<K>((std::size_t(1) << 20) + 3, 1u << 18, 6);
  for (auto method : {ordo::rank_method::average, ordo::rank_method::dense}) {
    ordo::rank_options o{method, false, ordo::na_option::keep, method == ordo::rank_method::dense};
    const std::vector<double> want = reference_rank(keys, o);
    ASSERT_TRUE(ranks_match(run_rank<double>(ordo::cpu{}, keys, o), want, keys)) << describe(o);
  }
  ordo::rank_options o{ordo::rank_method::ordinal, true, ordo::na_option::bottom, false};
  ASSERT_TRUE(ranks_match(run_rank<std::uint32_t>(ordo::cpu{4}, keys, o), reference_rank(keys, o), keys))
      << describe(o);
}

}  // namespace
}  // namespace ordo_test
