// rank()'s msd_replay variant on the CPU (src/cpu/rank/rank_replay_cpu.hpp)
// on the shapes that take each of its branches, against reference_rank:
// leaves sorted in cache, buckets of one code (shift 0), a bucket too large
// for a leaf (an outlier stretches the range), one group over everything,
// NaN's own bucket in each position, 64-bit codes over the full range, the
// streamed output, and dense (which goes to sort_back). Thread counts that
// split the blocks unevenly.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "cpu/cpu_cases.hpp"

namespace ordo_test {
namespace {

using m = ordo::rank_method;
using na = ordo::na_option;

template <class R, class K>
void expect_replay_matches(const std::vector<K>& keys, const char* what, std::vector<ordo::rank_options> options = {}) {
  if (options.empty())
    options = {{m::min, true, na::keep, false},      {m::max, false, na::keep, false},
               {m::average, true, na::bottom, true}, {m::ordinal, false, na::top, false},
               {m::dense, true, na::keep, false},    {m::average, false, na::keep, true},
               {m::ordinal, true, na::bottom, true}, {m::min, false, na::top, true}};
  std::size_t g = 0;
  for (ordo::rank_options o : options) {
    if (!std::is_floating_point_v<R> && (o.method == m::average || o.pct)) continue;
    o.variant = ordo::rank_unsorted_variant::msd_replay;
    const std::vector<double> want = reference_rank(keys, o);
    const ordo::cpu exec{int(1 + g++ % 4)};  // 1, 2, 3, 4 threads in turn
    ASSERT_TRUE(ranks_match(run_rank<R>(exec, keys, o), want, keys))
        << what << " n=" << keys.size() << " threads=" << exec.threads << " " << describe(o);
  }
}

constexpr std::size_t big = (std::size_t(1) << 17) + 11;

TEST(RankReplay, LeavesOfRandomKeys) {
  expect_replay_matches<double>(random_keys<std::int32_t>(big, big / 4, 1), "int32 with ties");
  expect_replay_matches<double>(random_keys<std::uint64_t>(big, big, 2), "uint64 full range");
  expect_replay_matches<std::uint32_t>(random_keys<std::int64_t>(big, 1000, 3), "int64 1000 values");
  expect_replay_matches<float>(with_nans<float>(big, big / 10, big / 3, 4), "float with NaN");
  expect_replay_matches<double>(with_nans<double>(big, big / 2, 50, 5), "double half NaN");
}

// A range narrower than the bucket count: every bucket is one code.
TEST(RankReplay, BucketsOfOneCode) {
  std::vector<std::int32_t> keys = random_keys<std::int32_t>(big, 300, 6);
  for (auto& k : keys) k = std::int32_t(std::uint32_t(k) % 300u) - 150;
  expect_replay_matches<double>(keys, "300 consecutive values");
  std::vector<std::int32_t> two(big);
  for (std::size_t i = 0; i < big; ++i) two[i] = std::int32_t(i * 7919 % 2);
  expect_replay_matches<std::uint64_t>(two, "0 and 1");
}

// NaN has a bucket of its own: floats in [0, 1) with NaN (a column with
// missing values) keep their buckets; and NaN beside one number.
TEST(RankReplay, NaNBesideNumbers) {
  std::vector<double> unit = with_nans<double>(big, big / 20, big / 2, 9);
  for (double& x : unit)
    if (!std::isnan(x)) x = std::fabs(x) / 1e30;  // spread_value's [-1e30, 1e30] into [0, 1]
  expect_replay_matches<double>(unit, "[0, 1] with NaN");
  std::vector<float> one(big, 2.5f);
  for (std::size_t i = 0; i < big; i += 7) one[i] = std::numeric_limits<float>::quiet_NaN();
  expect_replay_matches<double>(one, "one number and NaN");
}

// One outlier widens the range so that one bucket takes nearly every key:
// sort_back's method inside that bucket, on every worker.
TEST(RankReplay, OneBucketTooLargeForALeaf) {
  const std::size_t n = (std::size_t(1) << 19) + 3;
  std::vector<std::int32_t> keys = random_keys<std::int32_t>(n, 5000, 7);
  for (auto& k : keys) k = std::int32_t(std::uint32_t(k) % 5000u);
  keys[n / 3] = std::numeric_limits<std::int32_t>::max();
  keys[n / 2] = std::numeric_limits<std::int32_t>::min();
  expect_replay_matches<double>(keys, "outliers");
  std::vector<std::int32_t> flat(n, 42);  // and inside it one code (a group over the whole bucket)
  flat[5] = std::numeric_limits<std::int32_t>::max();
  expect_replay_matches<double>(flat, "one value and an outlier");
  std::vector<double> wide = with_nans<double>(n, n / 9, 3000, 10);  // 64-bit codes, NaN, an outlier
  wide[n / 4] = 1e300;
  expect_replay_matches<double>(wide, "double outlier with NaN");
}

// A bucket over a worker's share that is one code (shift 0: each bucket one
// value), and an output past streaming_store's large_output (the replay's
// streaming stores).
TEST(RankReplay, LargeBucketsOfOneCodeAndStreamedOutput) {
  const std::size_t n = (std::size_t(1) << 20) + 1;
  std::vector<std::int32_t> two(n);
  for (std::size_t i = 0; i < n; ++i) two[i] = std::int32_t(i % 2);
  expect_replay_matches<double>(two, "0 and 1, 2^20", {{m::ordinal, true, na::keep, false}, {m::max, false, na::keep, true},
                                                           {m::ordinal, false, na::keep, false}, {m::min, true, na::keep, false}});
  const std::size_t s = (std::size_t(1) << 22) + 5;  // 32 MiB of double ranks and more
  expect_replay_matches<double>(random_keys<std::int32_t>(s, s / 3, 11), "streamed",
                                {{m::ordinal, true, na::keep, false}});
}

TEST(RankReplay, OneGroup) {
  expect_replay_matches<double>(std::vector<std::int32_t>(big, -3), "all equal");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expect_replay_matches<double>(std::vector<double>(big, nan), "all NaN");
  std::vector<float> zeros(big, 0.0f);
  for (std::size_t i = 0; i < big; i += 3) zeros[i] = -0.0f;  // -0.0 ties +0.0
  expect_replay_matches<double>(zeros, "signed zeros");
}

// Small inputs take one worker and may be a single leaf.
TEST(RankReplay, SmallSizes) {
  for (std::size_t n : {1u, 2u, 3u, 64u, 65u, 1000u, 40000u})
    expect_replay_matches<double>(with_nans<double>(n, n / 7, n / 3 + 1, 8 + n), "small");
}

}  // namespace
}  // namespace ordo_test
