// rank()'s counting variant on the GPU (src/cuda/rank/dispatch/counting.cuh)
// against reference_rank: 8- and 16-bit integer keys over their whole range
// (automatic counts them; first goes to the sort), wide keys of a small
// range, floats of few codes with NaN and signed zeros, histograms of one
// window of bins (up to 2^15 - 1 values with NaN's bin) and of two, all NaN,
// one key; and the errors: first asked of counting, more than 2^16 values.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "cpu/error_expect.hpp"
#include "gpu/gpu_cases.hpp"

namespace ordo_test {
namespace {

using m = ordo::rank_method;
using na = ordo::na_option;
using variant = ordo::rank_unsorted_variant;

// Every method but first (first with automatic: the sort path), both
// orders, every na_option, pct where R is floating.
template <class R, class K>
void check_counting(const std::vector<K>& keys, const char* what, variant v = variant::counting) {
  for (m method : {m::min, m::max, m::dense, m::average, m::ordinal}) {
    if (method == m::average && !std::is_floating_point_v<R>) continue;
    if (method == m::ordinal && v == variant::counting) continue;
    for (bool ascending : {true, false})
      for (na n : {na::keep, na::top, na::bottom})
        for (bool pct : {false, true}) {
          if (pct && !std::is_floating_point_v<R>) continue;
          const ordo::rank_options o{method, ascending, n, pct, v};
          ASSERT_TRUE(ranks_match(gpu_rank<R>(keys, o), reference_rank(keys, o), keys, pct ? 1 : 0))
              << what << " n=" << keys.size() << " method=" << ordo::to_string(method)
              << " ascending=" << ascending << " na=" << ordo::to_string(n) << " pct=" << pct
              << " variant=" << ordo::to_string(v);
        }
  }
}

constexpr std::size_t n_keys = 300007;

TEST(RankCountingGpu, NarrowIntegersByAutomatic) {
  ORDO_REQUIRE_GPU();
  check_counting<double>(every_value_of<std::int8_t>(n_keys, 1), "int8", variant::automatic);
  check_counting<std::uint32_t>(every_value_of<std::uint8_t>(n_keys, 2), "uint8", variant::automatic);
  check_counting<double>(every_value_of<std::int16_t>(n_keys, 3), "int16 (two windows)", variant::automatic);
  check_counting<std::uint64_t>(every_value_of<std::uint16_t>(n_keys, 4), "uint16", variant::automatic);
  check_counting<float>(every_value_of<std::int8_t>(1000, 5), "int8, float ranks", variant::counting);
}

TEST(RankCountingGpu, WideKeysOfASmallRange) {
  ORDO_REQUIRE_GPU();
  std::vector<std::int32_t> k32(n_keys);
  for (std::size_t i = 0; i < n_keys; ++i) k32[i] = std::int32_t(i * 7919 % 1000) - 500;
  check_counting<double>(k32, "int32 in [-500, 500)");
  std::vector<std::int64_t> k64(n_keys);
  for (std::size_t i = 0; i < n_keys; ++i) k64[i] = std::int64_t(i * 40503 % 65536) + 1234567890123ll;
  check_counting<double>(k64, "int64, 2^16 values exactly");
  std::vector<std::uint64_t> top(n_keys);
  for (std::size_t i = 0; i < n_keys; ++i) top[i] = ~std::uint64_t(0) - i % 8191;
  check_counting<std::uint64_t>(top, "uint64 at the top of its range");
  std::vector<std::uint32_t> edge(n_keys);
  for (std::size_t i = 0; i < n_keys; ++i) edge[i] = 100 + std::uint32_t(i % 32768);  // bins 0..32768: two windows
  check_counting<double>(edge, "32768 values");
}

TEST(RankCountingGpu, FloatsOfFewCodesWithNaN) {
  ORDO_REQUIRE_GPU();
  check_counting<double>(few_code_floats(n_keys), "denormals, signed zeros, NaN");
  std::vector<double> d(n_keys, 2.5);
  for (std::size_t i = 0; i < n_keys; i += 3) d[i] = std::numeric_limits<double>::quiet_NaN();
  check_counting<double>(d, "one number and NaN");
  check_counting<double>(std::vector<double>(1000, std::nan("")), "all NaN");
  check_counting<double>(std::vector<std::int32_t>{7}, "one key");
}

TEST(RankCountingGpu, Errors) {
  ORDO_REQUIRE_GPU();
  std::vector<std::int32_t> keys(1000);
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = std::int32_t(i * 100);  // 99901 values
  std::string msg;
  ordo::rank_options o;
  o.variant = variant::counting;
  EXPECT_TRUE(throws_ordo_error([&] { gpu_rank<double>(keys, o); }, ordo::errc::not_supported, &msg));
  EXPECT_NE(msg.find("span at most 65536 values; these span 99901"), std::string::npos) << msg;
  keys.resize(10);
  o.method = m::ordinal;
  EXPECT_TRUE(throws_ordo_error([&] { gpu_rank<double>(keys, o); }, ordo::errc::not_supported, &msg));
  EXPECT_NE(msg.find("every method but first"), std::string::npos) << msg;
  o.method = m::min;  // and the device still works
  ASSERT_TRUE(ranks_match(gpu_rank<double>(keys, o), reference_rank(keys, o), keys));
}

}  // namespace
}  // namespace ordo_test
