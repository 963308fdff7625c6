// The seed-004 applications on the GPU backend (examples/apps), against the
// same sequential references as the CPU suite.
#include "common/apps_cases.hpp"
#include "gpu/gpu_cases.hpp"

namespace {

using namespace ordo_test;

TEST(SuffixArrayGpu, MatchesTheReference) {
  ORDO_REQUIRE_GPU();
  check_suffix_arrays(ordo::cuda{});
}
TEST(SpgemmGpu, MatchesTheReference) {
  ORDO_REQUIRE_GPU();
  check_spgemm<ordo::cuda, double>(ordo::cuda{});
  check_spgemm<ordo::cuda, float>(ordo::cuda{});
}
TEST(SpgemmGpu, Errors) {
  ORDO_REQUIRE_GPU();
  check_spgemm_errors(ordo::cuda{});
}

}  // namespace

// A small subset for compute-sanitizer (scripts/gpu-check).
namespace {
TEST(AppsGpuSmall, SuffixArrayAndSpgemm) {
  ORDO_REQUIRE_GPU();
  for (const char* s : {"", "a", "banana", "mississippi", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}) {
    const auto t = ordo_test::text_of(s);
    EXPECT_EQ(ordo_test::suffix_array_on(ordo::cuda{}, t), ordo_apps::suffix_array_reference(t)) << s;
  }
  const auto dna = ordo_apps::dna_like_text(5000, 9);
  EXPECT_EQ(ordo_test::suffix_array_on(ordo::cuda{}, dna), ordo_apps::suffix_array_reference(dna));
  const auto a = ordo_apps::power_law_matrix<double>(300, 300, 1.0, 40, 3);
  EXPECT_TRUE(ordo_test::same_csr(ordo_test::spgemm_on(ordo::cuda{}, a, a), ordo_apps::spgemm_reference(a.view(), a.view())));
}
}  // namespace
