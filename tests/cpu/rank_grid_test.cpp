// rank (pandas semantics) on unsorted random keys: every key and rank type,
// every option, many sizes and tie densities (floating keys with NaN), on
// cpu{1}, cpu{4} and cpu{}, against reference_rank; both variants.
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

ORDO_TYPED_SUITE(RankGrid, key_rank_types);

// Random keys with `distinct` values; a tenth of floating keys are NaN.
template <class K>
std::vector<K> grid_keys(std::size_t n, std::uint64_t distinct, std::uint64_t seed) {
  if constexpr (std::is_floating_point_v<K>) return with_nans<K>(n, n / 10, distinct, seed);
  else return random_keys<K>(n, distinct, seed);
}

// Every option on cpu{1}, and on cpu{4} or cpu{} in turn.
template <class K, class R>
void check_options(const std::vector<K>& keys, const std::vector<ordo::rank_options>& options, const char* what) {
  std::size_t g = 0;
  for (const ordo::rank_options& o : options) {
    const std::vector<double> want = reference_rank(keys, o);
    for (const ordo::cpu& exec : rank_execs_at(g++))
      ASSERT_TRUE(ranks_match(run_rank<R>(exec, keys, o), want, keys))
          << what << " n=" << keys.size() << " " << exec_name(exec) << " " << describe(o);
    ordo::rank_options replay = o;  // automatic takes it only for large n
    replay.variant = ordo::rank_unsorted_variant::msd_replay;
    ASSERT_TRUE(ranks_match(run_rank<R>(ordo::cpu{1}, keys, replay), want, keys))
        << what << " n=" << keys.size() << " msd_replay " << describe(o);
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

// Few distinct values (long tie groups), some, and nearly all distinct; the
// middle one only where it differs from the first. (rank has no warp or tile
// sizes on the CPU, so fewer sizes than rank_sorted.)
TYPED_TEST(RankGrid, SmallSizes) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for (std::size_t n : {0u, 1u, 2u, 31u, 33u, 1025u, 4097u}) {
    std::vector<std::uint64_t> distinct{7, 16 * n + 1};
    if (n < 1000) distinct.push_back(n / 8 + 1);
    for (std::uint64_t d : distinct)
      check_options<K, R>(grid_keys<K>(n, d, 77 + n + d), all_rank_options<K, R>(), "random_keys");
  }
}

// 100000 keys per key type, with float ranks (rounded once) and one option
// per method.
ORDO_TYPED_SUITE(RankLarge, key_types);

TYPED_TEST(RankLarge, Size100000) {
  using K = TypeParam;
  check_options<K, float>(grid_keys<K>(100000, 5000, 5), some_rank_options<K, float>(), "random_keys");
}

// Past 2^20: floating keys with NaN and 64-bit integer keys.
TEST(RankHuge, OverTwoToTheTwenty) {
  const std::size_t n = (std::size_t(1) << 20) + 3;
  const std::vector<float> f = grid_keys<float>(n, 1u << 18, 6);
  ordo::rank_options o{ordo::rank_method::average, false, ordo::na_option::keep, true};
  ASSERT_TRUE(ranks_match(run_rank<double>(ordo::cpu{}, f, o), reference_rank(f, o), f)) << describe(o);
  const std::vector<std::int64_t> i = grid_keys<std::int64_t>(n, 1u << 16, 7);
  o = {ordo::rank_method::ordinal, true, ordo::na_option::keep, false};
  ASSERT_TRUE(ranks_match(run_rank<std::uint32_t>(ordo::cpu{4}, i, o), reference_rank(i, o), i)) << describe(o);
}

// One tie group over the whole input, and a few groups each larger than a
// worker's share: the radix sort reports a single group in blocks (the
// fused rank of methods other than dense, rank_unsorted_cpu.hpp).
TEST(RankHuge, AllEqualAndFewGroups) {
  const std::size_t n = (std::size_t(1) << 18) + 5;
  const std::vector<std::int32_t> same(n, 7);
  const std::vector<std::int32_t> few = grid_keys<std::int32_t>(n, 3, 8);
  for (auto m : {ordo::rank_method::min, ordo::rank_method::max, ordo::rank_method::average,
                 ordo::rank_method::ordinal, ordo::rank_method::dense})
    for (bool pct : {false, true}) {
      const ordo::rank_options o{m, true, ordo::na_option::keep, pct};
      for (const auto* keys : {&same, &few})
        ASSERT_TRUE(ranks_match(run_rank<double>(ordo::cpu{4}, *keys, o), reference_rank(*keys, o), *keys))
            << describe(o) << (keys == &same ? " all equal" : " three groups");
    }
}

}  // namespace
}  // namespace ordo_test
