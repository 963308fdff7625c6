// rank_sorted on the benchmark protocol's inputs: every key and rank type,
// every method, ascending and descending, many sizes and tie probabilities,
// on every CPU execution place and variant, against reference_rank_sorted.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"
#include "cpu/cpu_cases.hpp"

namespace ordo_test {
namespace {

ORDO_TYPED_SUITE(RankSortedGrid, key_rank_types);

// Runs every method x order on sorted_with_ties(n, p): at grid point g, the
// cases cases_for(g).
template <class K, class R, class CasesFor>
void check_protocol_inputs(const std::vector<std::size_t>& sizes, const std::vector<double>& ps,
                           CasesFor cases_for) {
  std::size_t g = 0;
  for (std::size_t n : sizes) {
    for (double p : ps) {
      const std::vector<K> asc = sorted_with_ties<K>(n, p, 1000 + n);
      const std::vector<K> desc(asc.rbegin(), asc.rend());
      for (auto order : {ordo::sort_order::ascending, ordo::sort_order::descending}) {
        const std::vector<K>& keys = order == ordo::sort_order::ascending ? asc : desc;
        for (auto method : methods_for<R>()) {
          const std::vector<double> want = reference_rank_sorted(keys, method);
          for (const cpu_case& c : cases_for(g++)) {
            ordo::rank_sorted_options o{method, order, c.variant, false};
            ASSERT_TRUE(ranks_match(run_rank_sorted<R>(c.exec, keys, o), want, keys))
                << c.name << " n=" << n << " p=" << p << " " << describe(o);
          }
        }
      }
    }
  }
}

TYPED_TEST(RankSortedGrid, LiteralExample) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  using m = ordo::rank_method;
  const std::vector<K> asc{10, 20, 20, 30}, desc{30, 20, 20, 10};
  struct expect { m method; std::vector<double> ranks; };
  std::vector<expect> table{{m::min, {1, 2, 2, 4}}, {m::max, {1, 3, 3, 4}}, {m::dense, {1, 2, 2, 3}},
                            {m::ordinal, {1, 2, 3, 4}}};
  if constexpr (std::is_floating_point_v<R>) table.push_back({m::average, {1, 2.5, 2.5, 4}});
  for (const auto& e : table) {
    for (const cpu_case& c : all_cpu_cases()) {
      ordo::rank_sorted_options o{e.method, ordo::sort_order::ascending, c.variant, true};
      EXPECT_TRUE(ranks_match(run_rank_sorted<R>(c.exec, asc, o), e.ranks, asc)) << c.name << " " << describe(o);
      o.order = ordo::sort_order::descending;
      EXPECT_TRUE(ranks_match(run_rank_sorted<R>(c.exec, desc, o), e.ranks, desc)) << c.name << " " << describe(o);
    }
  }
}

TYPED_TEST(RankSortedGrid, SmallSizes) {
  check_protocol_inputs<typename TypeParam::key, typename TypeParam::rank>(
      {0, 1, 2, 31, 32, 33, 1023, 1024, 1025, 4097}, {0, 0.5, 0.9, 0.99, 0.999999, 1}, cases_at);
}

// 100000 keys, for each key type, threaded, with an integer and a floating
// rank; and one input past 2^20.
ORDO_TYPED_SUITE(RankSortedLarge, key_types);

const auto one_large_case = [](std::size_t g) { return std::vector<cpu_case>{large_cpu_cases()[rotate(g, 2)]}; };

TYPED_TEST(RankSortedLarge, Size100000) {
  using K = TypeParam;
  check_protocol_inputs<K, std::uint64_t>({100000}, {0.9, 0.999999}, one_large_case);
  check_protocol_inputs<K, float>({100000}, {0}, one_large_case);
}

TYPED_TEST(RankSortedLarge, OverTwoToTheTwenty) {
  using K = TypeParam;
  const std::size_t n = (std::size_t(1) << 20) + 7;
  check_protocol_inputs<K, std::uint32_t>({n}, {0.99}, one_large_case);
}

}  // namespace
}  // namespace ordo_test
