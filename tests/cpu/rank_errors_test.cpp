// rank's argument checks: sizes, average or pct with an integer rank, and the
// ordo::cuda overload in a build without CUDA.
#include <cstdint>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/type_lists.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/error_expect.hpp"
#include "ordo/rank.hpp"

namespace ordo_test {
namespace {

using ordo::errc;

ORDO_TYPED_SUITE(RankErrors, key_types);

template <class R, class K>
void rank_into(const ordo::cpu& exec, const std::vector<K>& keys, std::vector<R>& out, const ordo::rank_options& o) {
  ordo::rank(exec, std::span<const K>(keys), std::span<R>(out), o);
}

TYPED_TEST(RankErrors, SizeMismatch) {
  using K = TypeParam;
  const std::vector<K> keys{3, 1, 2};
  for (std::size_t m : {0u, 2u, 4u}) {
    std::vector<double> rd(m);
    std::vector<std::uint64_t> ru(m);
    ordo::rank_options o;
    EXPECT_ORDO_ERROR(rank_into(ordo::cpu{1}, keys, rd, o), errc::invalid_argument);
    o.method = ordo::rank_method::min;
    EXPECT_ORDO_ERROR(rank_into(ordo::cpu{}, keys, ru, o), errc::invalid_argument);
  }
}

TYPED_TEST(RankErrors, FractionalRanksNeedFloatingOutput) {
  using K = TypeParam;
  const std::vector<K> keys{3, 1, 2};
  std::vector<std::uint32_t> r32(3);
  std::vector<std::uint64_t> r64(3);
  ordo::rank_options avg;  // method average is the default
  EXPECT_ORDO_ERROR(rank_into(ordo::cpu{1}, keys, r32, avg), errc::invalid_argument);
  EXPECT_ORDO_ERROR(rank_into(ordo::cpu{}, keys, r64, avg), errc::invalid_argument);
  for (auto method : methods_for<std::uint32_t>()) {
    ordo::rank_options pct{method, true, ordo::na_option::keep, true};
    EXPECT_ORDO_ERROR(rank_into(ordo::cpu{1}, keys, r32, pct), errc::invalid_argument) << ordo::to_string(method);
    EXPECT_ORDO_ERROR(rank_into(ordo::cpu{}, keys, r64, pct), errc::invalid_argument) << ordo::to_string(method);
    pct.pct = false;
    EXPECT_NO_THROW(rank_into(ordo::cpu{}, keys, r64, pct)) << ordo::to_string(method);
  }
}

#ifndef ORDO_HAS_CUDA
TYPED_TEST(RankErrors, CudaOverloadWithoutCuda) {
  using K = TypeParam;
  const std::vector<K> keys{3, 1, 2};
  std::vector<double> out(3);
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cuda{}, std::span<const K>(keys), std::span<double>(out)),
                    errc::not_supported);
}
#endif

}  // namespace
}  // namespace ordo_test
