// A user comparator over narrow keys on the GPU (sort_idx, merge and the
// segmented sort, through the families' .cuh): the front door hands it the
// narrow keys (detail::carrier_compare); the results must equal the CPU
// backend's, which tests/cpu/narrow_keys_test.cpp checks against references.
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/primitives.cuh"
#include "ordo/cuda/segmented_sort.cuh"
#include "ordo/float16.hpp"

namespace {

// Ordered by absolute value (many ties, so stability shows); it must see the
// narrow type itself.
template <class K>
struct by_abs {
  template <class T>
  __host__ __device__ bool operator()(T a, T b) const {
    static_assert(std::is_same_v<T, K>, "a user comparator gets the narrow key type");
    const float x = float(a), y = float(b);
    return (x < 0 ? -x : x) < (y < 0 ? -y : y);
  }
};

template <class K>
std::vector<K> keys_of(std::size_t n, std::uint64_t seed) {
  ordo_test::rng r(seed);
  std::vector<K> v(n);
  for (auto& x : v) x = K(float(int(r.below(201)) - 100));  // -100..100: no NaN
  return v;
}

template <class K>
void expect_same_bits(const std::vector<K>& a, const std::vector<K>& b, const char* what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  ASSERT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(K)), 0) << what;
}

template <class K>
void check_user_comparator(std::size_t n) {
  using C = by_abs<K>;
  ordo_test::device_space sp;  // sp.get: the device's results, after waiting for it
  const auto keys = keys_of<K>(n, n + 1);
  ordo::device_buffer<K> d_keys{std::span<const K>(keys)};
  // sort_idx
  std::vector<std::uint32_t> perm(n);
  std::vector<K> sorted(n);
  ordo::sort_idx(ordo::cpu{}, std::span<const K>(keys), std::span<std::uint32_t>(perm), std::span<K>(sorted), C{});
  ordo::device_buffer<std::uint32_t> d_perm(n);
  ordo::device_buffer<K> d_sorted(n);
  ordo::sort_idx(ordo::cuda{}, std::as_const(d_keys).span(), d_perm.span(), d_sorted.span(), C{});
  EXPECT_EQ(sp.get(d_perm), perm) << "sort_idx perm n=" << n;
  expect_same_bits(sp.get(d_sorted), sorted, "sort_idx keys");
  // merge of the two sorted halves
  const std::size_t h = n / 2;
  std::vector<K> merged(n);
  std::vector<K> a(sorted.begin(), sorted.begin() + std::ptrdiff_t(h)), b(sorted.begin() + std::ptrdiff_t(h), sorted.end());
  std::stable_sort(a.begin(), a.end(), C{});
  std::stable_sort(b.begin(), b.end(), C{});
  ordo::merge(ordo::cpu{}, std::span<const K>(a), std::span<const K>(b), std::span<K>(merged), C{});
  ordo::device_buffer<K> d_a{std::span<const K>(a)}, d_b{std::span<const K>(b)}, d_m(n);
  ordo::merge(ordo::cuda{}, std::as_const(d_a).span(), std::as_const(d_b).span(), d_m.span(), C{});
  expect_same_bits(sp.get(d_m), merged, "merge");
  // segmented sort, segments of 100
  std::vector<K> seg(n);
  ordo::segmented_sort(ordo::cpu{}, std::span<const K>(keys), std::span<K>(seg), ordo::fixed_length(100), {}, C{});
  ordo::device_buffer<K> d_seg(n);
  ordo::segmented_sort(ordo::cuda{}, std::as_const(d_keys).span(), d_seg.span(), ordo::fixed_length(100), {}, C{});
  expect_same_bits(sp.get(d_seg), seg, "segmented_sort");
}

TEST(NarrowKeysUserGpu, ComparatorSeesTheNarrowKeys) {
  ORDO_REQUIRE_GPU();
  for (std::size_t n : {0, 1, 100, 5000, 100000}) {
    // One narrow type: each comparator type instantiates every user-order
    // kernel (segmented sort's bins, the merge sort): with float16 too this
    // file took 15 minutes of ptxas. float16 with user comparators is covered
    // on the CPU (narrow_keys_test.cpp), whose carrier step is the same code.
    check_user_comparator<std::int16_t>(n);
  }
}

}  // namespace
