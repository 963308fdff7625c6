// grouped_rank (pandas groupby().rank()) on the CPU: by labels of several
// integer types and by segments (offsets, bounds with gaps, fixed length),
// every key and rank type, every option, against the sequential reference;
// argument errors.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/grouped_reference.hpp"
#include "common/type_lists.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/error_expect.hpp"
#include "cpu/rank_options_grid.hpp"
#include "ordo/grouped_rank.hpp"

namespace ordo_test {
namespace {

ORDO_TYPED_SUITE(GroupedRank, key_rank_types);

template <class R, class K, class L>
std::vector<R> run_grouped(const ordo::cpu& exec, const std::vector<K>& keys, const std::vector<L>& labels,
                           const ordo::rank_options& o) {
  std::vector<R> out(keys.size());
  ordo::grouped_rank(exec, std::span<const K>(keys), std::span<const L>(labels), std::span<R>(out), o);
  return out;
}

template <class R, class K, class L>
void check_labels(const std::vector<K>& keys, const std::vector<L>& labels, std::size_t n, std::uint64_t label_distinct) {
  std::size_t g = 0;
  for (const ordo::rank_options& o : all_rank_options<K, R>()) {
    const auto want = reference_grouped_rank(keys, labels, o);
    for (const ordo::cpu& exec : rank_execs_at(g++))
      ASSERT_TRUE(ranks_match(run_grouped<R>(exec, keys, labels, o), want, keys))
          << "n=" << n << " labels=" << label_distinct << " " << ordo::type_name<L>() << " " << exec_name(exec)
          << " " << describe(o);
  }
}

TYPED_TEST(GroupedRank, LabelsMatchReference) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for_each_label_case<K>({0, 1, 2, 7, 100, 1000, 3000},
                         [](const auto& keys, const auto& labels, std::size_t n, std::uint64_t label_distinct) {
                           check_labels<R>(keys, labels, n, label_distinct);
                         });
}

TYPED_TEST(GroupedRank, EveryKeyItsOwnGroupAndOneGroup) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  const std::size_t n = 500;
  const auto keys = group_keys<K>(n, 20, 3);
  std::vector<std::int64_t> own(n), one(n, -7);
  std::iota(own.begin(), own.end(), std::int64_t(-250));
  for (const ordo::rank_options& o : all_rank_options<K, R>()) {
    for (const ordo::cpu& exec : rank_execs()) {
      EXPECT_TRUE(ranks_match(run_grouped<R>(exec, keys, own, o), reference_grouped_rank(keys, own, o), keys))
          << describe(o);
      // one group: the same as rank()
      EXPECT_TRUE(ranks_match(run_grouped<R>(exec, keys, one, o), reference_rank(keys, o), keys)) << describe(o);
    }
  }
}

// Segments: offsets with empty segments, bounds with gaps and out of order,
// fixed length; uncovered elements keep their value.
TYPED_TEST(GroupedRank, SegmentsMatchReference) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  const std::size_t n = 2000;
  const auto keys = group_keys<K>(n, 30, 5);
  const std::vector<std::uint32_t> offsets{0, 0, 1, 100, 100, 1000, 1700, 2000};
  const std::vector<std::int64_t> begins{1500, 10, 0, 300, 1999}, ends{1990, 300, 5, 1200, 1999};
  const segment_pairs off_segs = offset_pairs(offsets), bound_segs = bound_pairs(begins, ends),
                      fixed_segs = fixed_pairs(n, 64);
  const double uncovered = 77;
  std::size_t g = 0;
  for (const ordo::rank_options& o : all_rank_options<K, R>()) {
    for (const ordo::cpu& exec : rank_execs_at(g++)) {
      const auto run = [&](const auto& segs) {
        std::vector<R> out(n, R(uncovered));
        ordo::grouped_rank(exec, std::span<const K>(keys), segs, std::span<R>(out), o);
        return out;
      };
      EXPECT_TRUE(ranks_match(run(ordo::by_offsets(std::span<const std::uint32_t>(offsets))),
                              reference_segmented_rank(keys, off_segs, o, uncovered), keys))
          << "offsets " << exec_name(exec) << " " << describe(o);
      EXPECT_TRUE(ranks_match(run(ordo::by_bounds(std::span<const std::int64_t>(begins), std::span<const std::int64_t>(ends))),
                              reference_segmented_rank(keys, bound_segs, o, uncovered), keys))
          << "bounds " << exec_name(exec) << " " << describe(o);
      EXPECT_TRUE(ranks_match(run(ordo::fixed_length(64)), reference_segmented_rank(keys, fixed_segs, o, uncovered), keys))
          << "fixed " << exec_name(exec) << " " << describe(o);
    }
  }
}

// One segment long enough for rank()'s threaded path.
TEST(GroupedRankLong, LongSegmentIsRank) {
  const std::size_t n = (std::size_t(1) << 17) + 3;
  const auto keys = with_nans<double>(n, n / 10, 1000, 9);
  const std::vector<std::uint64_t> offsets{0, 5, n - 2, n};
  std::vector<std::pair<std::size_t, std::size_t>> segs{{0, 5}, {5, n - 2}, {n - 2, n}};
  for (auto m : {ordo::rank_method::average, ordo::rank_method::dense}) {
    const ordo::rank_options o{m, false, ordo::na_option::keep, true};
    std::vector<double> out(n);
    ordo::grouped_rank(ordo::cpu{4}, std::span<const double>(keys), ordo::by_offsets(std::span<const std::uint64_t>(offsets)),
                       std::span<double>(out), o);
    EXPECT_TRUE(ranks_match(out, reference_segmented_rank(keys, segs, o, 0), keys));
  }
}

// Labels over inputs long enough for the threaded radix sorts of the labels
// path (both sorts split on every worker): int64 labels over their whole
// range (every byte of the label code varies), int32 labels, NaN keys.
TEST(GroupedRankLong, LabelsThreaded) {
  const std::size_t n = (std::size_t(1) << 17) + 5;
  const auto keys = with_nans<double>(n, n / 10, 3000, 21);
  const auto wide = random_labels<std::int64_t>(n, 5000, 22);
  const auto narrow = random_labels<std::int32_t>(n, 3, 23);
  for (auto m : {ordo::rank_method::average, ordo::rank_method::ordinal, ordo::rank_method::dense}) {
    const ordo::rank_options o{m, m != ordo::rank_method::ordinal, ordo::na_option::keep, m == ordo::rank_method::dense};
    for (int threads : {2, 4}) {
      EXPECT_TRUE(ranks_match(run_grouped<double>(ordo::cpu{threads}, keys, wide, o), reference_grouped_rank(keys, wide, o), keys))
          << "int64 labels, threads=" << threads << " " << describe(o);
      EXPECT_TRUE(ranks_match(run_grouped<double>(ordo::cpu{threads}, keys, narrow, o),
                              reference_grouped_rank(keys, narrow, o), keys))
          << "int32 labels, threads=" << threads << " " << describe(o);
    }
  }
}

TEST(GroupedRankExample, HeaderExample) {
  const std::vector<double> x = {3, 1, 2, 9, 1};
  const std::vector<int> g = {7, 7, -1, -1, 7};
  std::vector<double> r(x.size());
  ordo::grouped_rank(ordo::cpu{}, std::span<const double>(x), std::span<const int>(g), std::span<double>(r));
  EXPECT_EQ(r, (std::vector<double>{3, 1.5, 1, 2, 1.5}));
}

TEST(GroupedRankErrors, BadArguments) {
  const std::vector<float> keys(10, 1.0f);
  std::vector<double> out(10);
  std::vector<std::uint32_t> out_u(10);
  const std::vector<int> labels9(9, 0), labels(10, 0);
  const ordo::cpu exec{2};
  std::string msg;
  EXPECT_TRUE(throws_ordo_error(
      [&] { ordo::grouped_rank(exec, std::span<const float>(keys), std::span<const int>(labels9), std::span<double>(out)); },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("labels has 9 elements but keys has 10"), std::string::npos) << msg;
  EXPECT_ORDO_ERROR(ordo::grouped_rank(exec, std::span<const float>(keys), std::span<const int>(labels),
                                       std::span<double>(out.data(), 9)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::grouped_rank(exec, std::span<const float>(keys), std::span<const int>(labels),
                                       std::span<std::uint32_t>(out_u)),  // average needs a floating rank
                    ordo::errc::invalid_argument);
  const std::vector<std::int32_t> past_end{0, 4, 11}, decreasing{0, 6, 3, 10}, b{0, 3}, e{5, 8};
  EXPECT_ORDO_ERROR(ordo::grouped_rank(exec, std::span<const float>(keys), ordo::by_offsets(std::span<const std::int32_t>(past_end)),
                                       std::span<double>(out)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::grouped_rank(exec, std::span<const float>(keys), ordo::by_offsets(std::span<const std::int32_t>(decreasing)),
                                       std::span<double>(out)),
                    ordo::errc::invalid_argument);
  EXPECT_TRUE(throws_ordo_error(
      [&] {
        ordo::grouped_rank(exec, std::span<const float>(keys),
                           ordo::by_bounds(std::span<const std::int32_t>(b), std::span<const std::int32_t>(e)),
                           std::span<double>(out));
      },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("overlap"), std::string::npos) << msg;
  EXPECT_ORDO_ERROR(ordo::grouped_rank(exec, std::span<const float>(keys), ordo::fixed_length(0), std::span<double>(out)),
                    ordo::errc::invalid_argument);
}

// Narrow keys go through their carrier.
TEST(GroupedRankNarrow, Int8KeysAndBoolLabels) {
  const std::vector<std::int8_t> keys{5, -3, 5, 127, -128, 0};
  const std::vector<std::int8_t> labels{1, 1, 2, 2, 1, 2};
  std::vector<double> out(keys.size());
  ordo::grouped_rank(ordo::cpu{}, std::span<const std::int8_t>(keys), std::span<const std::int8_t>(labels),
                     std::span<double>(out));
  EXPECT_EQ(out, (std::vector<double>{3, 2, 2, 3, 1, 1}));
}

}  // namespace
}  // namespace ordo_test
