// Radius, roughsort and the adaptive sort on the CPU: the shared cases
// (tests/common/rough_sort_cases.hpp) on cpu{1} and with threads; the
// radius against its definition; the generators' radius; every variant.
#include <gtest/gtest.h>

#include "common/host_space.hpp"
#include "common/rough_sort_cases.hpp"
#include "common/type_lists.hpp"
#include "cpu/error_expect.hpp"

using namespace ordo_test;

ORDO_TYPED_SUITE(RoughCpu, key_types);

TYPED_TEST(RoughCpu, RadiusMatchesTheDefinition) {
  using K = TypeParam;
  on_host_spaces({1, 3}, [](host_space& sp) {
    for (std::size_t n : {0, 1, 2, 3, 31, 32, 33, 257, 1500}) check_radius<host_space, K>(sp, n, 7 + n, true);
  });
}

TYPED_TEST(RoughCpu, ParallelRadiusMatchesSequential) {
  using K = TypeParam;
  host_space sp{ordo::cpu{4}};
  for (std::size_t n : {40000, 100003}) check_radius<host_space, K>(sp, n, 3, false);
}

TYPED_TEST(RoughCpu, GeneratorsHaveTheRadiusAsked) {
  using K = TypeParam;
  for (auto how : {ordo::gen::ksorted_shuffle::paper, ordo::gen::ksorted_shuffle::blocks})
    for (std::size_t n : {64, 1000, 4099})
      for (std::uint64_t k : {0ull, 1ull, 2ull, 3ull, 7ull, 16ull, 100ull, 1000ull, 5000ull}) {
        const auto v = ordo::gen::ksorted<K>(n, k, 11 * k + n, how);
        EXPECT_EQ(radius_by_definition(v, ordo::less{}), std::min<std::uint64_t>(k, n - 1))
            << "n=" << n << " k=" << k << (how == ordo::gen::ksorted_shuffle::paper ? " paper" : " blocks");
        EXPECT_TRUE(keys_sorted_as(ordo::gen::sorted_values<K>(n, 11 * k + n), v, false)) << "not a permutation";
      }
}

TYPED_TEST(RoughCpu, RoughSortEveryVariant) {
  using K = TypeParam;
  host_space seq{ordo::cpu{1}}, par{ordo::cpu{3}};
  for (std::size_t n : {0, 1, 2, 33, 1000, 50001}) {
    check_rough_sort<host_space, K>(par, n, ordo::rough_sort_variant::runs, 5, {1, 2, 3, 16, 100});
    check_rough_sort<host_space, K>(seq, n, ordo::rough_sort_variant::runs, 6, {1, 7});
    check_rough_sort<host_space, K>(seq, n, ordo::rough_sort_variant::halving, 7, {1, 2, 3, 5, 16, 100});
    if (n <= 1000) check_rough_sort<host_space, K>(seq, n, ordo::rough_sort_variant::bubble, 8, {1, 9});
  }
}

TEST(RoughCpu, HalvingMovesPairsTogether) {
  host_space sp{ordo::cpu{1}};
  const auto h = ordo::gen::ksorted<std::uint32_t>(5000, 37, 1, ordo::gen::ksorted_shuffle::paper);
  std::vector<std::uint32_t> k = h, v(h.size());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::uint32_t(i);
  ordo::rough_sort(sp.exec, std::span<std::uint32_t>(k), std::span<std::uint32_t>(v), 37,
                   {ordo::sort_order::ascending, ordo::rough_sort_variant::halving});
  EXPECT_TRUE(std::is_sorted(k.begin(), k.end()));
  for (std::size_t i = 0; i < k.size(); ++i) ASSERT_EQ(k[i], h[v[i]]) << i;
}

// The case: halving was documented stable but nth_element is not
// (values came back [3, 1, 2, 0]).
TEST(RoughCpu, HalvingIsStable) {
  for (int threads : {1, 2}) {
    std::vector<int> k = {1, 0, 0, 0};
    std::vector<std::uint32_t> v = {0, 1, 2, 3};
    ordo::rough_sort(ordo::cpu{threads}, std::span<int>(k), std::span<std::uint32_t>(v), 3,
                     {ordo::sort_order::ascending, ordo::rough_sort_variant::halving});
    EXPECT_EQ(k, (std::vector<int>{0, 0, 0, 1}));
    EXPECT_EQ(v, (std::vector<std::uint32_t>{1, 2, 3, 0}));
  }
  // Many ties over every halving step, both orders, keys and pairs.
  host_space sp{ordo::cpu{1}};
  for (std::size_t n : {5, 17, 100, 1000, 4099})
    for (std::uint64_t k : {1ull, 2ull, 3ull, 7ull, 64ull})
      for (bool desc : {false, true}) {
        rng r(n + k);
        std::vector<std::int32_t> h(n);
        for (std::size_t i = 0; i < n; ++i) h[i] = std::int32_t(i / 8);  // runs of 8 equal keys
        for (std::size_t b = 0; b < n; b += k + 1)                     // then radius <= k
          for (std::size_t i = std::min(n, b + k + 1); i > b + 1; --i) std::swap(h[i - 1], h[b + r.below(i - b)]);
        if (desc) std::reverse(h.begin(), h.end());
        check_sort_pairs<host_space, std::int32_t>(sp, h, desc, {false, k, ordo::rough_sort_variant::halving},
                                                   "halving ties n=" + std::to_string(n) + " k=" + std::to_string(k));
      }
}

// Keys-only float sorts keep the order of equal keys (-0.0 / +0.0, NaN
// payloads): std::sort broke it from n = 17 on.
TEST(RoughCpu, FloatTiesKeepTheirOrder) {
  std::vector<float> k = {0.0f, -0.0f, 0.0f, -0.0f};
  for (std::size_t i = 0; i < 16; ++i) k.push_back(float(i % 2 ? 0.0 : -0.0));
  std::vector<float> out(k.size());
  ordo::sort_copy(ordo::cpu{1}, std::span<const float>(k), std::span<float>(out));
  EXPECT_TRUE(same_bits(out, k, "zeros alone, n = 20"));
  const std::vector<ordo::sort_variant> sorts = {ordo::sort_variant::automatic, ordo::sort_variant::rough_sort,
                                                 ordo::sort_variant::merge_sort};
  const std::vector<ordo::rough_sort_variant> roughs = {ordo::rough_sort_variant::automatic, ordo::rough_sort_variant::runs,
                                                        ordo::rough_sort_variant::halving, ordo::rough_sort_variant::bubble};
  on_host_spaces({1, 3}, [&](host_space& sp) {
    check_float_ties<host_space, float>(sp, sorts, roughs);
    check_float_ties<host_space, double>(sp, sorts, roughs, 5000);
  });
}

TYPED_TEST(RoughCpu, WrongHint) {
  using K = TypeParam;
  host_space seq{ordo::cpu{1}}, par{ordo::cpu{4}};
  check_wrong_hint<host_space, K>(seq, 3000, 2);
  check_wrong_hint<host_space, K>(par, 70000, 3);
}

TYPED_TEST(RoughCpu, AdaptiveSort) {
  using K = TypeParam;
  host_space seq{ordo::cpu{1}}, par{ordo::cpu{4}};
  for (std::size_t n : {0, 1, 2, 100, 5000}) check_adaptive_sort<host_space, K>(seq, n, 4, ordo::sort_variant::automatic);
  for (auto v : {ordo::sort_variant::automatic, ordo::sort_variant::rough_sort, ordo::sort_variant::merge_sort})
    check_adaptive_sort<host_space, K>(par, 60000, 5, v);
}

TYPED_TEST(RoughCpu, CopyIntoItself) {
  using K = TypeParam;
  on_host_spaces({1, 3}, [](host_space& sp) { check_copy_into_itself<host_space, K>(sp, 30000, 21); });
}

TEST(RoughCpu, InPlaceAndErrors) {
  host_space sp{ordo::cpu{2}};
  const auto h = ordo::gen::ksorted<std::int64_t>(40000, 20, 9, ordo::gen::ksorted_shuffle::blocks);
  check_sort_keys<host_space, std::int64_t>(sp, h, false, {false, 20}, "rough_sort in place", true);
  check_sort_pairs<host_space, std::int64_t>(sp, h, false, {false, 20}, "rough_sort in place", true);
  check_sort_keys<host_space, std::int64_t>(sp, h, false, {true}, "sort in place", true);
  check_sort_pairs<host_space, std::int64_t>(sp, h, false, {true}, "sort in place", true);
  std::vector<int> k(10), out(9);
  std::vector<float> v(9);
  EXPECT_ORDO_ERROR(ordo::rough_sort_copy(sp.exec, std::span<const int>(k), std::span<int>(out), 2),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::sort(sp.exec, std::span<int>(k), std::span<float>(v)), ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::sort(sp.exec, std::span<int>(k), ordo::sort_options{ordo::sort_order::ascending,
                                                                              ordo::sort_variant::radix_sort}),
                    ordo::errc::not_supported);
  EXPECT_ORDO_ERROR(ordo::parse_sort_variant("quick"), ordo::errc::invalid_argument);
  EXPECT_EQ(ordo::parse_rough_sort_variant("halving"), ordo::rough_sort_variant::halving);
  EXPECT_EQ(ordo::parse_rough_sort_variant("radix_runs"), ordo::rough_sort_variant::radix_runs);
  EXPECT_ORDO_ERROR(ordo::rough_sort(sp.exec, std::span<int>(k), 2,
                                     {ordo::sort_order::ascending, ordo::rough_sort_variant::radix_runs}),
                    ordo::errc::not_supported);
}

TEST(RoughCpu, UserComparator) {
  struct by_abs {
    bool operator()(int a, int b) const { return std::abs(a) < std::abs(b); }
  };
  std::vector<int> v = {1, -3, 2, 4, -6, 5, 7, -8};
  EXPECT_EQ(ordo::radius(ordo::cpu{}, std::span<const int>(v), {}, by_abs{}), 1u);
  ordo::rough_sort(ordo::cpu{}, std::span<int>(v), 1, {}, by_abs{});
  EXPECT_EQ(v, (std::vector<int>{1, 2, -3, 4, 5, -6, 7, -8}));
}

TEST(RoughCpu, ReadmeExample) {
  std::vector<std::uint32_t> v = {1, 3, 2, 4, 6, 5, 7};
  EXPECT_EQ(ordo::radius(ordo::cpu{}, std::span<const std::uint32_t>(v)), 1u);
  ordo::rough_sort(ordo::cpu{}, std::span<std::uint32_t>(v), 1);
  EXPECT_EQ(v, (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6, 7}));
}
