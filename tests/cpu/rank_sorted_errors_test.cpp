// rank_sorted's argument checks and validation: sizes, method/rank type
// mismatches, unsorted input (the message names the index), GPU-only variants
// on the CPU, and the ordo::cuda overload in a build without CUDA.
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/type_lists.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/error_expect.hpp"
#include "ordo/rank.hpp"

namespace ordo_test {
namespace {

using ordo::errc;
using ordo::rank_method;
using ordo::sort_order;

ORDO_TYPED_SUITE(RankSortedErrors, key_types);

template <class R, class K>
void rank_sorted_into(const ordo::cpu& exec, const std::vector<K>& keys, std::vector<R>& out,
                      const ordo::rank_sorted_options& o) {
  ordo::rank_sorted(exec, std::span<const K>(keys), std::span<R>(out), o);
}

TYPED_TEST(RankSortedErrors, SizeMismatch) {
  using K = TypeParam;
  const std::vector<K> keys{1, 2, 3};
  for (std::size_t m : {0u, 2u, 4u}) {
    std::vector<std::uint32_t> ru(m);
    std::vector<double> rd(m);
    EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{1}, keys, ru, {}), errc::invalid_argument);
    EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{}, keys, rd, {}), errc::invalid_argument);
  }
}

TYPED_TEST(RankSortedErrors, AverageNeedsFloatingRanks) {
  using K = TypeParam;
  const std::vector<K> keys{1, 2, 2};
  std::vector<std::uint32_t> r32(3);
  std::vector<std::uint64_t> r64(3);
  ordo::rank_sorted_options o;
  o.method = rank_method::average;
  EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{1}, keys, r32, o), errc::invalid_argument);
  EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{}, keys, r64, o), errc::invalid_argument);
}

TYPED_TEST(RankSortedErrors, UnsortedInputNamesTheIndex) {
  using K = TypeParam;
  const std::vector<K> keys{1, 2, 3, 3, 5, 4, 6, 7};  // keys[4] > keys[5]
  std::vector<double> out(keys.size());
  for (const cpu_case& c : all_cpu_cases()) {
    ordo::rank_sorted_options o{rank_method::min, sort_order::ascending, c.variant, true};
    std::string msg;
    EXPECT_TRUE(throws_ordo_error([&] { rank_sorted_into(c.exec, keys, out, o); }, errc::unsorted_input, &msg))
        << c.name;
    EXPECT_NE(msg.find("keys[4]"), std::string::npos) << c.name << ": " << msg;
    o.validate = false;  // unspecified ranks, but no error and no crash
    EXPECT_NO_THROW(rank_sorted_into(c.exec, keys, out, o)) << c.name;
  }
}

TYPED_TEST(RankSortedErrors, OrderMustMatchTheData) {
  using K = TypeParam;
  const std::vector<K> asc{1, 2, 2, 3}, desc{3, 2, 2, 1};
  std::vector<std::uint64_t> out(4);
  ordo::rank_sorted_options o;
  o.validate = true;
  o.order = sort_order::ascending;
  EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{}, desc, out, o), errc::unsorted_input);
  EXPECT_NO_THROW(rank_sorted_into(ordo::cpu{}, asc, out, o));
  o.order = sort_order::descending;
  EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{}, asc, out, o), errc::unsorted_input);
  EXPECT_NO_THROW(rank_sorted_into(ordo::cpu{}, desc, out, o));
}

TYPED_TEST(RankSortedErrors, NanMustBeLastAscendingFirstDescending) {
  using K = TypeParam;
  if constexpr (std::is_floating_point_v<K>) {
    const K nan = std::numeric_limits<K>::quiet_NaN();
    std::vector<float> out(5);
    ordo::rank_sorted_options o;
    o.validate = true;
    std::string msg;
    EXPECT_TRUE(throws_ordo_error([&] { rank_sorted_into(ordo::cpu{1}, std::vector<K>{1, 2, nan, 3, 4}, out, o); },
                                  errc::unsorted_input, &msg));
    EXPECT_NE(msg.find("keys[2]"), std::string::npos) << msg;
    EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{}, std::vector<K>{nan, 1, 2, 3, 4}, out, o), errc::unsorted_input);
    EXPECT_NO_THROW(rank_sorted_into(ordo::cpu{}, std::vector<K>{1, 2, 3, nan, nan}, out, o));
    EXPECT_NO_THROW(rank_sorted_into(ordo::cpu{}, std::vector<K>{-0.0, 0.0, -0.0, 0.0, nan}, out, o));
    o.order = sort_order::descending;
    EXPECT_ORDO_ERROR(rank_sorted_into(ordo::cpu{}, std::vector<K>{4, 3, 2, 1, nan}, out, o), errc::unsorted_input);
    EXPECT_NO_THROW(rank_sorted_into(ordo::cpu{}, std::vector<K>{nan, nan, 2, 1, 0}, out, o));
  }
}

TYPED_TEST(RankSortedErrors, GpuVariantsOnCpu) {
  using K = TypeParam;
  const std::vector<K> keys{1, 2, 2, 3};
  std::vector<std::uint32_t> out(4);
  using v = ordo::gpu_rank_variant;
  for (auto variant : {v::naive, v::shuffle, v::hybrid, v::block_search, v::lookback, v::scan}) {
    for (const ordo::cpu& exec : rank_execs()) {
      ordo::rank_sorted_options o;
      o.variant = variant;
      EXPECT_ORDO_ERROR(rank_sorted_into(exec, keys, out, o), errc::not_supported)
          << ordo::to_string(variant) << " on " << exec_name(exec);
    }
  }
}

#ifndef ORDO_HAS_CUDA
TYPED_TEST(RankSortedErrors, CudaOverloadWithoutCuda) {
  using K = TypeParam;
  const std::vector<K> keys{1, 2, 2, 3};
  std::vector<double> out(4);
  EXPECT_FALSE(ordo::cuda_available());
  EXPECT_ORDO_ERROR(ordo::rank_sorted(ordo::cuda{}, std::span<const K>(keys), std::span<double>(out)),
                    errc::not_supported);
}
#endif

}  // namespace
}  // namespace ordo_test
