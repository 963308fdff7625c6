// segmented_sort on the CPU: the shared cases (tests/common/segsort_cases.hpp)
// on cpu{1} (the sequential reference) and cpu{} with threads, plus the
// long-segment path and a user comparator.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "common/guarded.hpp"
#include "common/host_space.hpp"
#include "common/segsort_cases.hpp"
#include "common/type_lists.hpp"

using namespace ordo_test;

ORDO_TYPED_SUITE(SegsortCpu, key_types);

TYPED_TEST(SegsortCpu, KeysEveryShape) {
  using K = TypeParam;
  host_space sp{ordo::cpu{3}};
  for (const auto& s : segsort_shapes(true, 11))
    for (const auto& kind : segsort_key_kinds<K>())
      for (bool desc : {false, true})
        for (bool stable : {false, true}) check_segsort_keys<host_space, K>(sp, s, kind, desc, stable, 5);
  // cpu{1}, the sequential reference, on a few of them.
  host_space seq{ordo::cpu{1}};
  const auto shapes = segsort_shapes(false, 13);
  for (bool stable : {false, true}) {
    check_segsort_keys<host_space, K>(seq, shapes[0], "few_distinct", false, stable, 5);
    check_segsort_keys<host_space, K>(seq, shapes[4], "random", true, stable, 5);
  }
}

TYPED_TEST(SegsortCpu, PairsAreStable) {
  using K = TypeParam;
  host_space sp{ordo::cpu{2}};
  for (const auto& s : segsort_shapes(true, 12))
    for (bool desc : {false, true}) {
      check_segsort_pairs<host_space, K, std::uint32_t>(sp, s, "few_distinct", desc, false, 6);
      check_segsort_pairs<host_space, K, double, std::uint64_t>(sp, s, "random", desc, true, 7);
    }
}

TEST(SegsortCpu, LongSegmentsSplitAcrossThreads) {
  host_space sp{ordo::cpu{4}};
  const auto s = offsets_shape("long", {300000, 5, 200000, 0, 70000});
  check_segsort_pairs<host_space, float, std::uint32_t, std::int64_t>(sp, s, "nans_zeros", false, false, 8);
  check_segsort_pairs<host_space, std::int64_t, std::uint64_t>(sp, s, "few_distinct", true, true, 9);
  check_segsort_keys<host_space, double>(sp, s, "signed_zeros", false, true, 10);
}

// A few medium segments (short of a thread's share, so not the long path):
// claimed in chunks smaller than 256 so that every worker takes some.
TEST(SegsortCpu, FewMediumSegments) {
  host_space sp{ordo::cpu{4}};
  const auto s = offsets_shape("medium", {20000, 3, 40000, 17000, 1, 16384, 16383, 30000, 0, 16385, 40000});
  check_segsort_pairs<host_space, std::int32_t, std::uint32_t>(sp, s, "few_distinct", false, true, 21);
  check_segsort_pairs<host_space, double, std::uint64_t>(sp, s, "random", true, false, 22);
  check_segsort_keys<host_space, std::uint64_t>(sp, s, "random", false, false, 23);
  // A user comparator takes the same schedule through its per-segment sort.
  auto keys = random_keys<std::int32_t>(s.n, 1000, 24);
  for (auto& k : keys) k = k % 1000;  // |INT_MIN| does not exist
  const auto by_abs = [](std::int32_t a, std::int32_t b) { return (a < 0 ? -a : a) < (b < 0 ? -b : b); };
  std::vector<std::int32_t> out(s.n, prim_poison<std::int32_t>());
  std::vector<std::uint64_t> off(s.offsets.begin(), s.offsets.end());
  ordo::segmented_sort(ordo::cpu{4}, std::span<const std::int32_t>(keys), std::span<std::int32_t>(out),
                       ordo::by_offsets(std::span<const std::uint64_t>(off)), ordo::segmented_sort_options{}, by_abs);
  ASSERT_TRUE(check_segments(out, keys, ref_segsort_perm(keys, s, by_abs), s, true, by_abs, "by_abs medium"));
}

// Short segments sort by counting (small_rank_sort.hpp): distinct keys by a
// count of the codes below, tied ones by the stable count, a hint carrying
// "the last segment had ties" from one segment to the next. Segments that
// alternate between the two, in both orders, keys with their positions.
TEST(SegsortCpu, ShortSegmentsMixTiesAndDistinct) {
  std::vector<std::uint64_t> off{0};
  std::vector<std::int32_t> keys;
  std::mt19937_64 g(31);
  for (int s = 0; s < 3000; ++s) {
    const unsigned len = 1 + unsigned(g() % 64);
    const bool tied = (s / 3) % 2 == 1;  // runs of three segments of each kind
    for (unsigned i = 0; i < len; ++i)
      keys.push_back(tied ? std::int32_t(g() % 4) - 2 : std::int32_t(g() % 2000000) - 1000000);
    off.push_back(keys.size());
  }
  const std::size_t n = keys.size();
  std::vector<std::uint32_t> pos(n), vout(n);
  for (std::size_t i = 0; i < n; ++i) pos[i] = std::uint32_t(i);
  for (bool desc : {false, true}) {
    std::vector<std::int32_t> out(n);
    ordo::segmented_sort_options o;
    o.order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
    ordo::segmented_sort(ordo::cpu{2}, std::span<const std::int32_t>(keys), std::span<std::int32_t>(out),
                         std::span<const std::uint32_t>(pos), std::span<std::uint32_t>(vout),
                         ordo::by_offsets(std::span<const std::uint64_t>(off)), o);
    for (std::size_t s = 0; s + 1 < off.size(); ++s) {
      std::vector<std::pair<std::int32_t, std::uint32_t>> want;
      for (std::size_t i = off[s]; i < off[s + 1]; ++i) want.push_back({keys[i], pos[i]});
      std::stable_sort(want.begin(), want.end(), [&](const auto& a, const auto& b) {
        return desc ? a.first > b.first : a.first < b.first;
      });
      for (std::size_t i = off[s]; i < off[s + 1]; ++i)
        ASSERT_EQ(std::make_pair(out[i], vout[i]), want[i - off[s]]) << "segment " << s << " desc " << desc;
    }
  }
}

TEST(SegsortCpu, UserComparator) {
  // By absolute value: many ties, so the stable order is visible.
  const auto by_abs = [](std::int32_t a, std::int32_t b) { return (a < 0 ? -a : a) < (b < 0 ? -b : b); };
  const auto s = offsets_shape("mixed", every_bin_lengths(true, 3));
  auto keys = random_keys<std::int32_t>(s.n, 50, 4);
  for (auto& k : keys) k = k % 40;
  for (bool desc : {false, true}) {
    std::vector<std::int32_t> out(s.n, prim_poison<std::int32_t>());
    std::vector<std::uint32_t> off(s.offsets.begin(), s.offsets.end());
    ordo::segmented_sort_options o;
    o.order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
    ordo::segmented_sort(ordo::cpu{2}, std::span<const std::int32_t>(keys), std::span<std::int32_t>(out),
                         ordo::by_offsets(std::span<const std::uint32_t>(off)), o, by_abs);
    const auto rev = [&](std::int32_t a, std::int32_t b) { return by_abs(b, a); };
    const auto perm = desc ? ref_segsort_perm(keys, s, rev) : ref_segsort_perm(keys, s, by_abs);
    if (desc) ASSERT_TRUE(check_segments(out, keys, perm, s, true, rev, "by_abs desc"));
    else ASSERT_TRUE(check_segments(out, keys, perm, s, true, by_abs, "by_abs"));
  }
}

TEST(SegsortCpu, BadSegments) {
  host_space sp{ordo::cpu{2}};
  check_segsort_errors(sp);
}

TEST(SegsortCpu, CopyIntoItself) {
  on_host_spaces({1, 2}, [](host_space& sp) { check_segsort_into_itself(sp); });
}

// The case: begins [0, 1], ends [4, 5] wrote [2, 1, 2, 3, 4, 0].
TEST(SegsortCpu, OverlapsAreRejected) {
  on_host_spaces({1, 2}, [](host_space& sp) { check_segsort_disjoint_bounds(sp); });
}

TEST(SegsortCpu, HugeFixedLength) {
  host_space sp{ordo::cpu{2}};
  check_segsort_huge_length(sp);
}

TEST(SegsortCpu, NoSegmentsAndTinyInputs) {
  on_host_spaces({1, 2}, [](host_space& sp) { check_segsort_no_segments(sp); });
}

TEST(SegsortCpu, FloatKeysAloneKeepTiesInOrder) {
  on_host_spaces({1, 3}, [](host_space& sp) {
    check_segsort_float_ties<host_space, float>(sp, {ordo::segsort_path::automatic});
    check_segsort_float_ties<host_space, double>(sp, {ordo::segsort_path::automatic});
  });
}

// No elements: with empty segments, fixed-length segments or no offsets at
// all, keys alone or with values, the call succeeds and writes nothing (the
// empty outputs point into sentinel-filled buffers).
TEST(SegsortCpu, EmptyInputs) {
  const std::vector<float> none;
  const std::vector<std::uint64_t> off = {0, 0, 0}, no_off;
  guarded<float> keys(0, -1.5f), vals(0, -2.5f);
  for (int threads : {1, 2}) {
    const ordo::cpu cpu{threads};
    const std::span<const float> in(none);
    EXPECT_NO_THROW(ordo::segmented_sort(cpu, in, keys.span(), ordo::by_offsets(std::span(off))));
    EXPECT_NO_THROW(ordo::segmented_sort(cpu, in, keys.span(), ordo::fixed_length(4)));
    EXPECT_NO_THROW(ordo::segmented_sort(cpu, in, keys.span(), ordo::by_offsets(std::span(no_off))));
    EXPECT_NO_THROW(ordo::segmented_sort(cpu, in, keys.span(), in, vals.span(), ordo::by_offsets(std::span(off))));
    EXPECT_NO_THROW(ordo::segmented_sort(cpu, in, keys.span(), in, vals.span(), ordo::fixed_length(4)));
  }
  EXPECT_TRUE(keys.intact());
  EXPECT_TRUE(vals.intact());
}

TEST(SegsortCpu, ReadmeExample) {
  std::vector<int> keys = {3, 1, 2, 9, 8, 7, 5};
  std::vector<float> vals = {0, 1, 2, 3, 4, 5, 6};
  std::vector<std::uint32_t> offsets = {0, 3, 3, 7};
  std::vector<int> k(7);
  std::vector<float> v(7);
  ordo::segmented_sort(ordo::cpu{}, std::span<const int>(keys), std::span<int>(k), std::span<const float>(vals),
                       std::span<float>(v), ordo::by_offsets(std::span<const std::uint32_t>(offsets)),
                       {.order = ordo::sort_order::descending});
  EXPECT_EQ(k, (std::vector<int>{3, 2, 1, 9, 8, 7, 5}));
  EXPECT_EQ(v, (std::vector<float>{0, 2, 1, 3, 4, 5, 6}));
  std::vector<int> asc(7);
  ordo::segmented_sort(ordo::cpu{}, std::span<const int>(keys), std::span<int>(asc),
                       ordo::by_offsets(std::span<const std::uint32_t>(offsets)));
  EXPECT_EQ(asc, (std::vector<int>{1, 2, 3, 5, 7, 8, 9}));  // the header's example
}
