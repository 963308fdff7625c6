// lexsort_idx on the GPU against the stable-sort reference, element by element.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "common/lexsort_cases.hpp"
#include "gpu/gpu_cases.hpp"

namespace ordo_test {
namespace {

template <class Index>
void check_all() {
  for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(17), std::size_t(1000), std::size_t(100003), (std::size_t(1) << 21) + 1}) {
    const lexsort_case k = make_lexsort_case(n, n);
    ordo::device_buffer<std::int32_t> a{std::span<const std::int32_t>(k.a)};
    ordo::device_buffer<double> b{std::span<const double>(k.b)};
    ordo::device_buffer<std::uint64_t> c{std::span<const std::uint64_t>(k.c)};
    ordo::device_buffer<float> d{std::span<const float>(k.d)};
    for (const lexsort_spec& s : lexsort_specs()) {
      const auto cols = lexsort_keys(s, std::as_const(a).span(), std::as_const(b).span(), std::as_const(c).span(),
                                     std::as_const(d).span());
      ordo::device_buffer<Index> perm(n);
      ordo::lexsort_idx(ordo::cuda{}, std::span<const ordo::sort_key>(cols), perm.span());
      ordo::detail::device_synchronize();
      std::vector<Index> got(n);
      perm.download(got);
      ASSERT_EQ(std::vector<std::uint64_t>(got.begin(), got.end()), lexsort_want(k, s))
          << "n=" << n << " columns=" << s.which.size();
    }
  }
}

TEST(LexsortGpu, MatchesReference32) {
  ORDO_REQUIRE_GPU();
  check_all<std::uint32_t>();
}
TEST(LexsortGpu, MatchesReference64) {
  ORDO_REQUIRE_GPU();
  check_all<std::uint64_t>();
}

}  // namespace
}  // namespace ordo_test
