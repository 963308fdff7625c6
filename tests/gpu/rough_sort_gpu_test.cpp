// Radius, roughsort and the adaptive sort on the GPU: the CPU suite's cases
// (tests/common/rough_sort_cases.hpp) element by element, every run length of
// the fused kernel (k from 0 to 512), windows at the array's ends, the
// escalation of the adaptive sort, the radix and merge variants, wrong hints.
// The *Small* tests are the compute-sanitizer subset.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "common/rough_sort_cases.hpp"
#include "ordo/cuda/rough_sort/dispatch/policies.cuh"
#include "common/type_lists.hpp"
#include "cpu/error_expect.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"

namespace {

using namespace ordo_test;

ORDO_GPU_TYPED_SUITE(RoughGpu, key_types);

TYPED_TEST(RoughGpu, RadiusMatchesTheDefinitionSmall) {
  device_space sp;
  for (std::size_t n : {0, 1, 2, 33, 2047, 2048, 2049, 3000}) check_radius<device_space, TypeParam>(sp, n, 7 + n, true);
}

TYPED_TEST(RoughGpu, RadiusMatchesTheCpuLarge) {
  device_space sp;
  for (std::size_t n : {std::size_t(100003), std::size_t(1) << 20}) check_radius<device_space, TypeParam>(sp, n, 3, false);
}

TYPED_TEST(RoughGpu, RoughSortEveryRun) {
  using K = TypeParam;
  device_space sp;
  const std::vector<std::uint64_t> ks = sizeof(K) == 4 ? std::vector<std::uint64_t>{1, 2, 8, 9, 16, 17, 40, 64, 100, 128, 200, 256, 300, 512}
                                                       : std::vector<std::uint64_t>{1, 2, 8, 9, 16, 17, 40, 64, 100, 128};
  for (std::size_t n : {1, 2, 33, 1000, 4097, 100000})
    check_rough_sort<device_space, K>(sp, n, ordo::rough_sort_variant::runs, 5 + n, ks);
}

TYPED_TEST(RoughGpu, RoughSortSmall) {
  device_space sp;
  check_rough_sort<device_space, TypeParam>(sp, 5000, ordo::rough_sort_variant::automatic, 3, {3, 100});
}

TYPED_TEST(RoughGpu, RoughSortBeyondTheKernel) {  // k above the fused kernel's runs: checked, then radix
  device_space sp;
  check_rough_sort<device_space, TypeParam>(sp, 30000, ordo::rough_sort_variant::automatic, 4, {700, 3000});
}

TYPED_TEST(RoughGpu, WrongHint) {
  device_space sp;
  check_wrong_hint<device_space, TypeParam>(sp, 3000, 2);
  check_wrong_hint<device_space, TypeParam>(sp, 70000, 3);
}

TYPED_TEST(RoughGpu, AdaptiveSortEveryVariant) {
  using K = TypeParam;
  device_space sp;
  for (std::size_t n : {0, 1, 2, 100, 5000}) check_adaptive_sort<device_space, K>(sp, n, 4, ordo::sort_variant::automatic);
  for (auto v : {ordo::sort_variant::automatic, ordo::sort_variant::rough_sort, ordo::sort_variant::radix_sort,
                 ordo::sort_variant::merge_sort})
    check_adaptive_sort<device_space, K>(sp, 300000, 5, v);
}

TYPED_TEST(RoughGpu, AdaptiveSortEscalates) {  // radii between the guesses and past the crossover
  using K = TypeParam;
  device_space sp;
  for (std::uint64_t k : {17ull, 40ull, 129ull, 500ull, 2000ull, 70000ull})
    for (bool desc : {false, true}) {
      const auto h = ksorted_for<K>(desc, 400000, k, k, ordo::gen::ksorted_shuffle::paper);
      const std::string what = "sort k=" + std::to_string(k);
      check_sort_keys<device_space, K>(sp, h, desc, {true}, what);
      check_sort_pairs<device_space, K, std::uint64_t>(sp, h, desc, {true}, what);
    }
}

// The keys 0..n-1, with two keys `apart` apart swapped across `edge` if it
// is not 0: further apart than the radius the kernel under test sorts.
template <class K>
std::vector<K> counting_keys(std::size_t n, std::size_t edge = 0, std::size_t apart = 40) {
  std::vector<K> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = K(i);
  if (edge) std::swap(h[edge - apart / 3], h[edge - apart / 3 + apart]);
  return h;
}

constexpr int register_runs[] = {16, 32, 64, 128, 256, 512};

std::string runs_of(int run, std::size_t n) { return "runs of " + std::to_string(run) + ", n=" + std::to_string(n); }

using rough_policy = ordo::detail::rough::sm90_rough_policy;

// The keys-only register kernels (runs of 16 to 512) check the boundaries between their blocks
// in a second kernel: out-of-order pairs that only meet there (a swap across
// a block's edge), and arrays ending just around a block. Each must come out
// sorted: by the kernel, or by the fallback.
TYPED_TEST(RoughGpu, RegisterKernelBlockEdges) {
  using K = TypeParam;
  device_space sp;
  for (int run : register_runs) {
    const std::size_t span = rough_policy::keys_block_span(run, sizeof(K)), apart = std::size_t(run / 2) + 24;
    const std::uint64_t hint = std::uint64_t(run / 2);
    for (std::size_t n : {span - 1, span, span + 1, 3 * span + 17}) {
      const std::string what = runs_of(run, n);
      check_sort_keys<device_space, K>(sp, counting_keys<K>(n), false, {true}, what + " (sorted, adaptive)");
      check_sort_keys<device_space, K>(sp, counting_keys<K>(n), true, {false, hint}, what + " (sorted, descending)");
      if (n < 2 * span) continue;
      for (std::size_t edge : {span - run / 2, 2 * span - run / 2}) {
        const auto bad = counting_keys<K>(n, edge, apart);
        const std::string at = what + ", swap across the block edge at " + std::to_string(edge);
        check_sort_keys<device_space, K>(sp, bad, false, {true}, at + " (adaptive)");
        check_sort_keys<device_space, K>(sp, bad, false, {false, hint}, at + " (hint " + std::to_string(hint) + ")");
      }
    }
  }
}

// The compute-sanitizer's share of the above: one edge per kernel.
TYPED_TEST(RoughGpu, RegisterKernelEdgeSmall) {
  using K = TypeParam;
  device_space sp;
  for (int run : register_runs) {
    const std::size_t span = rough_policy::keys_block_span(run, sizeof(K)), n = 2 * span + 17;
    const ordo_test::sort_call hint{false, std::uint64_t(run / 2)};
    check_sort_keys<device_space, K>(sp, counting_keys<K>(n), false, hint, runs_of(run, n) + " (sorted)");
    check_sort_keys<device_space, K>(sp, counting_keys<K>(n, span - run / 2, std::size_t(run / 2) + 24), false, hint,
                                     runs_of(run, n) + " (swap at the block edge)");
  }
}

// The tiles pass (radix_runs: runs of 2048 to 8192 sorted by block radix
// sorts, then one merge of the halves): arrays ending inside, at and just
// past a tile, keys and stable pairs, both orders, hints above the radius.
TYPED_TEST(RoughGpu, RadixRunsEveryTile) {
  device_space sp;
  for (std::size_t n : {1, 2, 33, 2047, 2049, 5000, 8193, 40000})
    check_rough_sort<device_space, TypeParam>(sp, n, ordo::rough_sort_variant::radix_runs, 11 + n,
                                              {1, 100, 1000, 2048, 4096});
}

// Heavy ties (64 equal keys in a row), and for floats -0.0 next to +0.0 and
// NaNs last, shuffled in blocks of 1000: the sort must be the stable one.
template <class K>
std::vector<K> tied_keys(std::size_t n, std::uint64_t seed) {
  std::vector<K> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = K(i / 64);
  if constexpr (std::is_floating_point_v<K>) {
    for (std::size_t i = 0; i < n && i < 64; i += 2) h[i] = K(-0.0);
    for (std::size_t i = n > 100 ? n - 100 : 0; i < n; ++i) h[i] = std::numeric_limits<K>::quiet_NaN();
  }
  std::mt19937_64 rng(seed);
  for (std::size_t b = 0; b < n; b += 1000) std::shuffle(h.begin() + b, h.begin() + std::min(n, b + 1000), rng);
  return h;
}

TYPED_TEST(RoughGpu, RadixRunsTiesAreStableSmall) {
  using K = TypeParam;
  device_space sp;
  for (std::size_t n : {3000, 20000}) {
    const auto h = tied_keys<K>(n, n);
    for (auto v : {ordo::rough_sort_variant::radix_runs, ordo::rough_sort_variant::automatic}) {
      const std::string what = "ties " + std::string(ordo::to_string(v)) + " n=" + std::to_string(n);
      check_sort_keys<device_space, K>(sp, h, false, {false, 1000, v}, what);
      check_sort_pairs<device_space, K>(sp, h, false, {false, 1000, v}, what);
      check_sort_pairs<device_space, K, std::uint64_t>(sp, h, false, {false, 1000, v}, what + " (8-byte values)");
    }
  }
}

// Out-of-order pairs that only meet between two merge blocks (a swap further
// apart than T/2 across a block's edge) must be caught and sorted anyway;
// with wrong_radius::raise, an error.
TYPED_TEST(RoughGpu, RadixRunsMergeEdges) {
  using K = TypeParam;
  device_space sp;
  for (std::size_t T : {2048, 4096, 8192}) {
    const std::size_t n = 3 * T + 17, apart = T / 2 + 24;
    const std::uint64_t hint = T / 2;
    for (std::size_t edge : {T + T / 2, 2 * T + T / 2}) {
      const auto bad = counting_keys<K>(n, edge, apart);
      const std::string what = "tiles of " + std::to_string(T) + ", swap across " + std::to_string(edge);
      check_sort_keys<device_space, K>(sp, bad, false, {false, hint, ordo::rough_sort_variant::radix_runs}, what);
      check_sort_pairs<device_space, K>(sp, bad, false, {false, hint, ordo::rough_sort_variant::radix_runs}, what);
      auto d_in = sp.buf(bad);
      auto d_out = sp.buf(std::vector<K>(n, K(7)));
      ordo::rough_sort_options o{ordo::sort_order::ascending, ordo::rough_sort_variant::radix_runs};
      o.on_wrong_k = ordo::wrong_radius::raise;
      EXPECT_ORDO_ERROR(ordo::rough_sort_copy(sp.exec, sp.cspan(d_in), sp.span(d_out), hint, o),
                        ordo::errc::invalid_argument);
    }
  }
}

TYPED_TEST(RoughGpu, CopyIntoItself) {  // CUB's radix sort is not told in == out
  using K = TypeParam;
  device_space sp;
  for (std::size_t n : {1000, 300000}) check_copy_into_itself<device_space, K>(sp, n, 21);
}

TEST(RoughGpu, InPlaceSmall) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto h = ordo::gen::ksorted<std::int64_t>(40000, 20, 9, ordo::gen::ksorted_shuffle::blocks);
  check_sort_keys<device_space, std::int64_t>(sp, h, false, {false, 20}, "rough_sort in place", true);
  check_sort_pairs<device_space, std::int64_t>(sp, h, false, {false, 20}, "rough_sort in place", true);
  check_sort_keys<device_space, std::int64_t>(sp, h, true, {true}, "sort in place", true);
  check_sort_pairs<device_space, std::int64_t>(sp, h, false, {true}, "sort in place", true);
}

TEST(RoughGpu, CpuOnlyVariantsSayso) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  auto d = sp.buf(std::vector<int>{3, 1, 2});
  try {
    ordo::rough_sort(sp.exec, sp.span(d), 1, {ordo::sort_order::ascending, ordo::rough_sort_variant::halving});
    ADD_FAILURE() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::not_supported);
  }
}

// Keys-only float sorts keep -0.0 / +0.0 and NaN payloads in input order:
// every adaptive variant and every GPU rough_sort variant.
TEST(RoughGpu, FloatTiesKeepTheirOrder) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const std::vector<ordo::sort_variant> sorts = {ordo::sort_variant::automatic, ordo::sort_variant::rough_sort,
                                                 ordo::sort_variant::radix_sort, ordo::sort_variant::merge_sort};
  const std::vector<ordo::rough_sort_variant> roughs = {ordo::rough_sort_variant::automatic,
                                                        ordo::rough_sort_variant::runs,
                                                        ordo::rough_sort_variant::radix_runs};
  check_float_ties<device_space, float>(sp, sorts, roughs);
  check_float_ties<device_space, double>(sp, sorts, roughs);
}

TEST(RoughGpu, TilePolicyCoversTheGap) {  // every run the window kernel leaves is a tiles run
  EXPECT_LE(rough_policy::window_fastest_run, rough_policy::max_run_64);
  EXPECT_EQ(rough_policy::tiles_max_run / 2, 4096);
}

}  // namespace
