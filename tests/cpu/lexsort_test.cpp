// lexsort_idx on the CPU against the stable-sort reference: up to 8 columns
// of different types, directions and NaN placements; argument errors.
#include <cstdint>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/lexsort_cases.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/error_expect.hpp"

namespace ordo_test {
namespace {

template <class Index>
void check_all() {
  for (std::size_t n : {1, 2, 17, 1000, 100003}) {
    const lexsort_case k = make_lexsort_case(n, n);
    for (const lexsort_spec& s : lexsort_specs()) {
      const auto cols = lexsort_keys(s, std::span<const std::int32_t>(k.a), std::span<const double>(k.b),
                                     std::span<const std::uint64_t>(k.c), std::span<const float>(k.d));
      const auto want = lexsort_want(k, s);
      for (const ordo::cpu& exec : rank_execs()) {
        std::vector<Index> perm(n);
        ordo::lexsort_idx(exec, std::span<const ordo::sort_key>(cols), std::span<Index>(perm));
        ASSERT_EQ(std::vector<std::uint64_t>(perm.begin(), perm.end()), want)
            << "n=" << n << " columns=" << s.which.size() << " " << exec_name(exec);
      }
    }
  }
}

TEST(Lexsort, MatchesReference32) { check_all<std::uint32_t>(); }
TEST(Lexsort, MatchesReference64) { check_all<std::uint64_t>(); }

TEST(Lexsort, HeaderExample) {
  std::vector<int> team = {2, 1, 2, 1};
  std::vector<double> score = {0.5, 0.7, 0.9, 0.1};
  std::vector<std::uint32_t> perm(4);
  const ordo::sort_key cols[] = {ordo::make_sort_key(std::span<const int>(team)),
                                 ordo::make_sort_key(std::span<const double>(score), true)};
  ordo::lexsort_idx(ordo::cpu{}, std::span<const ordo::sort_key>(cols), std::span<std::uint32_t>(perm));
  EXPECT_EQ(perm, (std::vector<std::uint32_t>{1, 3, 2, 0}));
}

TEST(Lexsort, Errors) {
  std::vector<int> a(5), b(4);
  std::vector<std::uint32_t> perm(5);
  const ordo::sort_key two[] = {ordo::make_sort_key(std::span<const int>(a)), ordo::make_sort_key(std::span<const int>(b))};
  EXPECT_ORDO_ERROR(ordo::lexsort_idx(ordo::cpu{}, std::span<const ordo::sort_key>(two), std::span<std::uint32_t>(perm)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::lexsort_idx(ordo::cpu{}, std::span<const ordo::sort_key>(), std::span<std::uint32_t>(perm)),
                    ordo::errc::invalid_argument);
  std::vector<ordo::sort_key> nine(9, ordo::make_sort_key(std::span<const int>(a)));
  EXPECT_ORDO_ERROR(ordo::lexsort_idx(ordo::cpu{}, std::span<const ordo::sort_key>(nine), std::span<std::uint32_t>(perm)),
                    ordo::errc::invalid_argument);
  // A sort_key made by hand: a type outside the key list, or no data, is refused (not read as double).
  ordo::sort_key bad_type = ordo::make_sort_key(std::span<const int>(a));
  bad_type.type = 200;
  EXPECT_ORDO_ERROR(ordo::lexsort_idx(ordo::cpu{}, std::span<const ordo::sort_key>(&bad_type, 1),
                                      std::span<std::uint32_t>(perm)),
                    ordo::errc::invalid_argument);
  const ordo::sort_key no_data{nullptr, 5};
  EXPECT_ORDO_ERROR(ordo::lexsort_idx(ordo::cpu{}, std::span<const ordo::sort_key>(&no_data, 1),
                                      std::span<std::uint32_t>(perm)),
                    ordo::errc::invalid_argument);
}

}  // namespace
}  // namespace ordo_test
