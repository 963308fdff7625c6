// The two references agree with each other where their domains meet: on
// sorted keys, reference_rank with the matching direction (and NaN where the
// sort put it) equals reference_rank_sorted. Plus literal cases of both.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"

namespace ordo_test {
namespace {

ORDO_TYPED_SUITE(ReferenceSelfTest, key_types);

std::vector<ordo::rank_method> all_methods() { return methods_for<double>(); }

TYPED_TEST(ReferenceSelfTest, Literal) {
  using K = TypeParam;
  using m = ordo::rank_method;
  const std::vector<K> keys{10, 20, 20, 30};
  EXPECT_TRUE(ranks_match(reference_rank_sorted(keys, m::min), {1, 2, 2, 4}, keys));
  EXPECT_TRUE(ranks_match(reference_rank_sorted(keys, m::max), {1, 3, 3, 4}, keys));
  EXPECT_TRUE(ranks_match(reference_rank_sorted(keys, m::dense), {1, 2, 2, 3}, keys));
  EXPECT_TRUE(ranks_match(reference_rank_sorted(keys, m::ordinal), {1, 2, 3, 4}, keys));
  EXPECT_TRUE(ranks_match(reference_rank_sorted(keys, m::average), {1, 2.5, 2.5, 4}, keys));
  const std::vector<K> shuffled{30, 20, 10, 20};
  ordo::rank_options o;
  EXPECT_TRUE(ranks_match(reference_rank(shuffled, o), {4, 2.5, 1, 2.5}, shuffled));
  o.method = m::ordinal;
  EXPECT_TRUE(ranks_match(reference_rank(shuffled, o), {4, 2, 1, 3}, shuffled));
  o.ascending = false;
  EXPECT_TRUE(ranks_match(reference_rank(shuffled, o), {1, 2, 4, 3}, shuffled));
  o.method = m::dense;
  o.pct = true;
  EXPECT_TRUE(ranks_match(reference_rank(shuffled, o), {1.0 / 3, 2.0 / 3, 1, 2.0 / 3}, shuffled));
}

TYPED_TEST(ReferenceSelfTest, SortedAgreesWithUnsorted) {
  using K = TypeParam;
  for (std::size_t n : {0u, 1u, 50u, 3000u}) {
    for (double p : {0.0, 0.7, 1.0}) {
      std::vector<K> asc = sorted_with_ties<K>(n, p, 9 + n);
      if constexpr (std::is_floating_point_v<K>) {  // NaN last, as rank_sorted wants it
        for (std::size_t i = n - n / 5; i < n; ++i) asc[i] = std::numeric_limits<K>::quiet_NaN();
      }
      const std::vector<K> desc = sort_descending(asc);
      for (auto method : all_methods()) {
        ordo::rank_options up{method, true, ordo::na_option::bottom, false};
        ordo::rank_options down{method, false, ordo::na_option::top, false};
        EXPECT_TRUE(ranks_match(reference_rank(asc, up), reference_rank_sorted(asc, method), asc))
            << "ascending n=" << n << " p=" << p << " " << ordo::to_string(method);
        EXPECT_TRUE(ranks_match(reference_rank(desc, down), reference_rank_sorted(desc, method), desc))
            << "descending n=" << n << " p=" << p << " " << ordo::to_string(method);
      }
    }
  }
}

}  // namespace
}  // namespace ordo_test
