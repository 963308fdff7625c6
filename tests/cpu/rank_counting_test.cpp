// rank()'s counting variant on the CPU (src/cpu/rank/rank_counting_cpu.hpp)
// against reference_rank: every method, both orders, NaN kept, on top and at
// the bottom, pct; 8- and 16-bit integers and bool (their whole range), wide
// keys of a small range (negative to positive, at 2^16 values exactly),
// floats whose codes are few (denormals around signed zeros) with NaN, one
// group, all NaN, small sizes, uneven worker blocks (first numbers ties in
// input order across workers) and the streamed output; automatic on the same
// inputs; and the error for keys that span more than 2^16 values.
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/error_expect.hpp"

namespace ordo_test {
namespace {

using m = ordo::rank_method;
using na = ordo::na_option;
using variant = ordo::rank_unsorted_variant;

const std::vector<ordo::rank_options> all_options = {
    {m::min, true, na::keep, false},      {m::max, false, na::keep, false},    {m::average, true, na::bottom, true},
    {m::ordinal, false, na::top, false},  {m::dense, true, na::keep, false},   {m::average, false, na::keep, true},
    {m::ordinal, true, na::bottom, true}, {m::min, false, na::top, true},      {m::dense, false, na::top, true},
    {m::max, true, na::bottom, false},    {m::ordinal, true, na::keep, false}, {m::dense, true, na::bottom, false}};

// counting, and automatic (which counts these keys or not, as it judges),
// on 1-4 threads in turn.
template <class R, class K>
void expect_counting_matches(const std::vector<K>& keys, const char* what,
                             const std::vector<ordo::rank_options>& options = all_options) {
  std::size_t g = 0;
  for (ordo::rank_options o : options) {
    if (!std::is_floating_point_v<R> && (o.method == m::average || o.pct)) continue;
    const std::vector<double> want = reference_rank(keys, o);
    for (variant v : {variant::counting, variant::automatic}) {
      o.variant = v;
      const ordo::cpu exec{int(1 + g++ % 4)};
      ASSERT_TRUE(ranks_match(run_rank<R>(exec, keys, o), want, keys))
          << what << " n=" << keys.size() << " threads=" << exec.threads << " " << describe(o) << " variant "
          << ordo::to_string(v);
    }
  }
}

constexpr std::size_t big = (std::size_t(1) << 17) + 11;

TEST(RankCounting, NarrowIntegersOverTheirWholeRange) {
  expect_counting_matches<double>(every_value_of<std::int8_t>(big, 1), "int8");
  expect_counting_matches<std::uint32_t>(every_value_of<std::uint8_t>(big, 2), "uint8");
  expect_counting_matches<double>(every_value_of<std::int16_t>(big, 3), "int16");
  expect_counting_matches<std::uint64_t>(every_value_of<std::uint16_t>(big, 4), "uint16");
  // bool (no std::vector<bool> span): the ranks of the same 0s and 1s as uint8
  std::vector<std::uint8_t> bits(big);
  for (std::size_t i = 0; i < big; ++i) bits[i] = (i * 7919) % 3 == 0;
  expect_counting_matches<double>(bits, "0 and 1");
  std::unique_ptr<bool[]> b(new bool[big]);
  for (std::size_t i = 0; i < big; ++i) b[i] = bits[i] != 0;
  for (ordo::rank_options o : all_options) {
    o.variant = variant::counting;
    std::vector<double> got(big), want(big);
    ordo::rank(ordo::cpu{3}, std::span<const bool>(b.get(), big), std::span<double>(got), o);
    ordo::rank(ordo::cpu{3}, std::span<const std::uint8_t>(bits), std::span<double>(want), o);
    ASSERT_TRUE(ranks_match(got, want, bits)) << "bool " << describe(o);
  }
}

TEST(RankCounting, WideKeysOfASmallRange) {
  std::vector<std::int32_t> k32 = random_keys<std::int32_t>(big, 1000, 5);
  for (auto& k : k32) k = std::int32_t(std::uint32_t(k) % 1000u) - 500;
  expect_counting_matches<double>(k32, "int32 in [-500, 500)");
  std::vector<std::int64_t> k64(big);
  for (std::size_t i = 0; i < big; ++i) k64[i] = std::int64_t(i * 40503 % 65536) + 1234567890123ll;
  expect_counting_matches<double>(k64, "int64, 2^16 values exactly");
  std::vector<std::uint64_t> top(big);
  for (std::size_t i = 0; i < big; ++i) top[i] = ~std::uint64_t(0) - i % 77;
  expect_counting_matches<std::uint64_t>(top, "uint64 at the top of its range");
}

// Denormals k * 2^-149 for |k| < 400 with both zeros: a few hundred float
// codes across the sign (-0.0 ties +0.0), and NaN.
TEST(RankCounting, FloatsOfFewCodesWithNaN) {
  expect_counting_matches<double>(few_code_floats(big), "denormals, signed zeros, NaN");
  std::vector<double> d(big, 2.5);
  for (std::size_t i = 0; i < big; i += 3) d[i] = std::numeric_limits<double>::quiet_NaN();
  expect_counting_matches<double>(d, "one number and NaN");
  expect_counting_matches<double>(std::vector<double>(big, std::nan("")), "all NaN");
}

TEST(RankCounting, OneGroupAndSmallSizes) {
  expect_counting_matches<double>(std::vector<std::int32_t>(big, -3), "all equal");
  for (std::size_t n : {1u, 2u, 3u, 64u, 65u, 1000u, 40000u}) {
    std::vector<std::int16_t> k = every_value_of<std::int16_t>(n, 8 + n);
    for (auto& x : k) x = std::int16_t(x % 50);
    expect_counting_matches<double>(k, "small");
  }
}

// Past streaming_store's large_output (32 MiB of double ranks): streamed.
TEST(RankCounting, StreamedOutput) {
  const std::size_t s = (std::size_t(1) << 22) + (std::size_t(1) << 18) + 5;
  expect_counting_matches<double>(every_value_of<std::uint8_t>(s, 11), "streamed",
                                  {{m::ordinal, true, na::keep, false}, {m::average, false, na::keep, true}});
}

TEST(RankCounting, MoreThan65536ValuesIsAnError) {
  std::vector<std::int32_t> keys(1000);
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = std::int32_t(i * 100);  // span 99901 values
  ordo::rank_options o;
  o.variant = variant::counting;
  std::vector<double> out(keys.size());
  std::string msg;
  EXPECT_TRUE(throws_ordo_error(
      [&] { ordo::rank(ordo::cpu{2}, std::span<const std::int32_t>(keys), std::span<double>(out), o); },
      ordo::errc::not_supported, &msg));
  EXPECT_NE(msg.find("span at most 65536 values; these span 99901"), std::string::npos) << msg;
  keys.resize(655);  // 65401 values: counted
  out.resize(keys.size());
  ordo::rank(ordo::cpu{2}, std::span<const std::int32_t>(keys), std::span<double>(out), o);
  EXPECT_EQ(out[654], 655.0);
}

}  // namespace
}  // namespace ordo_test
