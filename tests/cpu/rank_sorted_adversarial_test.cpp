// rank_sorted on shapes chosen to break chunked and tiled code: all equal,
// all distinct, runs of exactly 32/1024/4096 keys (warp and tile sizes), one
// run crossing many chunks, and sorted edge values (extremes, +-inf, NaN,
// -0.0 with +0.0, denormals). Validation is on throughout: every input here is
// sorted, so it must pass.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"
#include "cpu/cpu_cases.hpp"

namespace ordo_test {
namespace {

// Per key type, with a 32-bit integer and a double rank (the grid covers the
// other rank types).
ORDO_TYPED_SUITE(RankSortedShapes, key_types);

// Ranks `asc` (ascending) and its descending sort every way, with every
// single-thread case and two threaded ones in turn.
template <class K, class R>
void check_shape_as(const std::string& shape, const std::vector<K>& asc) {
  const std::vector<K> desc = sort_descending(asc);
  const std::vector<cpu_case> threaded = threaded_cases();
  std::size_t g = 0;
  for (auto order : {ordo::sort_order::ascending, ordo::sort_order::descending}) {
    const std::vector<K>& keys = order == ordo::sort_order::ascending ? asc : desc;
    for (auto method : methods_for<R>()) {
      const std::vector<double> want = reference_rank_sorted(keys, method);
      std::vector<cpu_case> cases = single_thread_cases();
      cases.push_back(threaded[rotate(g++, threaded.size())]);
      cases.push_back(threaded[rotate(g++, threaded.size())]);
      for (const cpu_case& c : cases) {
        ordo::rank_sorted_options o{method, order, c.variant, true};
        ASSERT_TRUE(ranks_match(run_rank_sorted<R>(c.exec, keys, o), want, keys))
            << describe_rank_case<R>(shape, keys.size(), c.name, o);
      }
    }
  }
}

template <class K>
void check_shape(const std::string& shape, const std::vector<K>& asc) {
  for_each_rank_type<std::uint32_t, double>([&]<class R>() { check_shape_as<K, R>(shape, asc); });
}

TYPED_TEST(RankSortedShapes, AllEqualAndAllDistinct) {
  using K = TypeParam;
  for (std::size_t n : {1u, 2u, 33u, 5000u}) {
    check_shape<K>("all_equal", all_equal<K>(n));
    check_shape<K>("all_distinct", all_distinct<K>(n));
  }
}

TYPED_TEST(RankSortedShapes, RunsAtWarpAndTileSizes) {
  using K = TypeParam;
  for (std::size_t len : {32u, 1024u, 4096u}) {
    check_shape<K>("runs_of " + std::to_string(len), runs_of<K>(3 * len + 5, len));
    check_shape<K>("runs_of " + std::to_string(len) + " exact", runs_of<K>(4 * len, len));
  }
}

TYPED_TEST(RankSortedShapes, LongRunAcrossChunks) {
  using K = TypeParam;
  const std::size_t n = 20000;
  check_shape<K>("long_run in the middle", long_run<K>(n, 100, 15000));
  check_shape<K>("long_run from the start", long_run<K>(n, 0, 19990));
  check_shape<K>("long_run to the end", long_run<K>(n, 7, n - 7));
}

TYPED_TEST(RankSortedShapes, EdgeValues) {
  using K = TypeParam;
  std::vector<K> sp = special_values<K>();
  check_shape<K>("special_values", sort_ascending(sp));
  std::vector<K> many;  // each edge value repeated, so every one is a tie group
  for (int rep = 0; rep < 5; ++rep) many.insert(many.end(), sp.begin(), sp.end());
  check_shape<K>("special_values x5", sort_ascending(many));
  check_shape<K>("with_specials", sort_ascending(with_specials<K>(3000, 0.3, 50, 7)));
  if constexpr (std::is_floating_point_v<K>) {
    check_shape<K>("with_nans", sort_ascending(with_nans<K>(2000, 300, 100, 8)));
    check_shape<K>("all_nan", sort_ascending(with_nans<K>(100, 100, 1, 9)));
    check_shape<K>("signed_zeros", sort_ascending(signed_zeros<K>(2000, 10)));
    check_shape<K>("denormals", sort_ascending(denormals<K>(2000, 11)));
  }
}

// Outputs past 32 MiB take streaming stores in the threaded min path, line by
// line after a head of normal stores: ranks at offsets that leave the lines
// misaligned, with 32- and 64-bit ranks, against the sequential loop.
template <class R>
void check_streamed_min(std::size_t n) {
  std::vector<std::int32_t> keys(n);
  std::uint64_t s = 12345;
  std::int32_t v = -1000000;
  for (auto& k : keys) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    v += (s >> 60) < 6 ? 0 : std::int32_t(s >> 62) + 1;  // ties about 40% of the time
    k = v;
  }
  const auto opts = [](ordo::cpu_rank_variant var) {
    return ordo::rank_sorted_options{ordo::rank_method::min, ordo::sort_order::ascending, var, false};
  };
  for (std::size_t offset : {0u, 1u, 3u}) {
    const std::size_t m = n - offset;
    const std::span<const std::int32_t> in(keys.data() + offset, m);
    std::vector<R> want(m), got(n + 5);
    ordo::rank_sorted(ordo::cpu{1}, in, std::span<R>(want), opts(ordo::cpu_rank_variant::sequential));
    for (int threads : {2, 3}) {
      std::fill(got.begin(), got.end(), R(7));
      ordo::rank_sorted(ordo::cpu{threads}, in, std::span<R>(got.data() + offset, m),
                        opts(ordo::cpu_rank_variant::parallel_search));
      const auto diff = std::mismatch(want.begin(), want.end(), got.begin() + offset);
      EXPECT_TRUE(diff.first == want.end()) << "offset " << offset << " threads " << threads
                                            << ": first wrong rank at " << (diff.first - want.begin());
      for (std::size_t i = 0; i < offset; ++i) EXPECT_EQ(got[i], R(7)) << "wrote before the output";
      for (std::size_t i = n; i < n + 5; ++i) EXPECT_EQ(got[i], R(7)) << "wrote past the output";
    }
  }
}

TEST(RankSortedStreaming, LargeOutputsMatchTheSequentialLoop) {
  check_streamed_min<std::uint32_t>((std::size_t(36) << 20) / 4 + 17);  // 36 MiB of ranks
  check_streamed_min<std::uint64_t>((std::size_t(36) << 20) / 8 + 29);
}

}  // namespace
}  // namespace ordo_test
