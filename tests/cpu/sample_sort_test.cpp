// sort_idx with a user comparator at sizes where the CPU's automatic variant
// is the sample sort (include/ordo/cpu/sort/sample_sort.hpp), against
// std::stable_sort: random, few distinct, all equal (one bucket takes every
// key), sorted, reversed, NaN / -0.0 under a NaN-aware comparator; also
// through segmented_sort's long segments and the adaptive sort.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "ordo/cpu/sort/sample_sort.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rough_sort.hpp"

namespace {

struct by_abs {  // a user order with many ties: |x|
  template <class T>
  bool operator()(const T& a, const T& b) const { return std::abs(double(a)) < std::abs(double(b)); }
};
struct nan_last {  // a user order on floats: NaN after everything, -0.0 ties +0.0
  bool operator()(float a, float b) const { return a < b || (b != b && a == a); }
};

template <class K, class C>
void check(const std::vector<K>& in, C comp, int threads) {
  const std::size_t n = in.size();
  std::vector<std::uint32_t> ref(n), perm(n);
  std::iota(ref.begin(), ref.end(), 0u);
  std::stable_sort(ref.begin(), ref.end(), [&](std::uint32_t a, std::uint32_t b) { return comp(in[a], in[b]); });
  std::vector<K> sk(n);
  ordo::sort_idx(ordo::cpu{threads}, std::span<const K>(in), std::span<std::uint32_t>(perm), std::span<K>(sk), comp);
  EXPECT_EQ(perm, ref) << "threads=" << threads << " n=" << n;
  bool keys_ok = true;
  for (std::size_t i = 0; i < n; ++i) keys_ok = keys_ok && std::memcmp(&sk[i], &in[ref[i]], sizeof(K)) == 0;
  EXPECT_TRUE(keys_ok);
  std::vector<std::uint64_t> perm64(n);  // perm only, 64-bit indices
  ordo::sort_idx(ordo::cpu{threads}, std::span<const K>(in), std::span<std::uint64_t>(perm64), std::span<K>{}, comp);
  EXPECT_TRUE(std::equal(perm64.begin(), perm64.end(), ref.begin()));
}

TEST(SampleSortCpu, UserComparators) {
  const std::size_t t = ordo::detail::sample_sort_min_bucket;
  for (std::size_t n : {2 * t - 1, 2 * t, 2 * t + 1, std::size_t(300007)}) {
    std::mt19937_64 g(n);
    std::vector<int> r(n), few(n), eq(n, -4), up(n), down(n);
    for (auto& x : r) x = int(g());
    for (auto& x : few) x = int(g() % 7) - 3;
    for (std::size_t i = 0; i < n; ++i) up[i] = int(i / 3), down[i] = int(n - i);
    std::vector<float> f(n);
    for (auto& x : f) {
      const auto c = g() % 10;
      x = c == 0   ? std::numeric_limits<float>::quiet_NaN()
          : c == 1 ? -0.0f
          : c == 2 ? 0.0f
                   : float(int(g() % 100) - 50);
    }
    for (int threads : {2, 4}) {
      for (const auto* v : {&r, &few, &eq, &up, &down}) check(*v, by_abs{}, threads);
      check(f, nan_last{}, threads);
    }
  }
}

TEST(SampleSortCpu, AdaptiveSortWithUserComparatorAndValues) {
  const std::size_t n = 200003;
  std::mt19937_64 g(3);
  std::vector<std::int64_t> keys(n);
  for (auto& k : keys) k = std::int64_t(g() % 1000) - 500;
  std::vector<std::uint32_t> vals(n);
  std::iota(vals.begin(), vals.end(), 0u);
  std::vector<std::uint32_t> ref = vals;
  std::stable_sort(ref.begin(), ref.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return by_abs{}(keys[a], keys[b]); });
  std::vector<std::int64_t> k = keys;
  ordo::sort(ordo::cpu{3}, std::span<std::int64_t>(k), std::span<std::uint32_t>(vals), ordo::sort_options{}, by_abs{});
  EXPECT_EQ(vals, ref);
}

TEST(SampleSortCpu, BucketIdsFitSixteenBitsAtAnyThreadCount) {
  // sample_sort_idx keeps bucket ids in 16 bits: the bucket count must stay <= 2^16 however many workers.
  for (int w : {2, 16, 4096, 8192, 8193, 1 << 20})
    EXPECT_LE(ordo::detail::sample_sort_buckets(std::size_t(1) << 40, w), std::size_t(1) << 16) << w << " workers";
}

}  // namespace
