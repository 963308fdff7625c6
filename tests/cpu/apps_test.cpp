// The seed-004 applications on the CPU backend (examples/apps): suffix arrays
// by prefix doubling over segmented sort, and ESSC SpGEMM.
#include <algorithm>
#include <numeric>

#include "common/apps_cases.hpp"

namespace {

using namespace ordo_test;

TEST(SuffixArrayReference, MatchesSortingTheSuffixes) {
  for (const auto& named_text : suffix_array_texts()) {
    const auto& name = named_text.first;
    const auto& text = named_text.second;  // (not a structured binding: the lambda captures it, clang 14)
    if (text.size() > 2000) continue;
    SCOPED_TRACE(name);
    std::vector<std::uint32_t> naive(text.size());
    std::iota(naive.begin(), naive.end(), 0u);
    std::sort(naive.begin(), naive.end(), [&](std::uint32_t a, std::uint32_t b) {
      return std::lexicographical_compare(text.begin() + a, text.end(), text.begin() + b, text.end());
    });
    EXPECT_EQ(ordo_apps::suffix_array_reference(text), naive);
  }
}

TEST(SuffixArrayCpu, MatchesTheReference) {
  check_suffix_arrays(ordo::cpu{});
  check_suffix_arrays(ordo::cpu{1});
}
TEST(SuffixArrayCpu, Errors) { check_suffix_array_errors(ordo::cpu{}); }

TEST(SpgemmReference, MatchesDenseProduct) {
  auto a = ordo_apps::power_law_matrix<double>(60, 50, 1.0, 20, 11);
  auto b = ordo_apps::power_law_matrix<double>(50, 40, 1.0, 20, 12);
  auto c = ordo_apps::spgemm_reference(a.view(), b.view());
  std::vector<double> da(60 * 50, 0), db(50 * 40, 0), dc(60 * 40, 0);
  for (std::uint32_t i = 0; i < 60; ++i)
    for (auto e = a.row_ptr[i]; e < a.row_ptr[i + 1]; ++e) da[i * 50 + a.col[e]] = a.val[e];
  for (std::uint32_t i = 0; i < 50; ++i)
    for (auto e = b.row_ptr[i]; e < b.row_ptr[i + 1]; ++e) db[i * 40 + b.col[e]] = b.val[e];
  for (int i = 0; i < 60; ++i)
    for (int k = 0; k < 50; ++k)
      for (int j = 0; j < 40; ++j) dc[i * 40 + j] += da[i * 50 + k] * db[k * 40 + j];
  std::size_t nonzero = 0;
  for (std::uint32_t i = 0; i < 60; ++i)
    for (auto e = c.row_ptr[i]; e < c.row_ptr[i + 1]; ++e) {
      EXPECT_NEAR(c.val[e], dc[i * 40 + c.col[e]], 1e-12);
      if (e > c.row_ptr[i]) {
        EXPECT_LT(c.col[e - 1], c.col[e]);
      }
    }
  for (double x : dc) nonzero += x != 0;
  EXPECT_EQ(nonzero, c.col.size());  // values are positive: no cancellation
}

TEST(SpgemmCpu, MatchesTheReference) {
  check_spgemm<ordo::cpu, double>(ordo::cpu{});
  check_spgemm<ordo::cpu, float>(ordo::cpu{});
  check_spgemm<ordo::cpu, double>(ordo::cpu{1});
}
TEST(SpgemmCpu, Errors) { check_spgemm_errors(ordo::cpu{}); }

}  // namespace
