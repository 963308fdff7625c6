// rank() over unsorted keys on the GPU against the pandas-semantics
// reference: every method, ascending/descending, na_option, pct.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"
#include "cpu/error_expect.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/device_buffer.hpp"

namespace ordo_test {
namespace {

// sort_back and msd_replay for every key type (8- and 16-bit keys are
// counted whatever the variant).
constexpr ordo::rank_unsorted_variant both_variants[] = {ordo::rank_unsorted_variant::sort_back,
                                                         ordo::rank_unsorted_variant::msd_replay};

ORDO_GPU_TYPED_SUITE(RankGpu, key_rank_types);

template <class K, class R>
void check_options_grid(const std::vector<K>& keys, const char* what,
                        ordo::rank_unsorted_variant variant = ordo::rank_unsorted_variant::automatic) {
  for (auto method : methods_for<R>()) {
    for (bool ascending : {true, false}) {
      for (auto na : {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom}) {
        for (bool pct : {false, true}) {
          if (pct && std::is_integral_v<R>) continue;
          ordo::rank_options o{method, ascending, na, pct, variant};
          const std::vector<double> want = reference_rank(keys, o);
          // pct divides in double on both sides; floats round once
          ASSERT_TRUE(ranks_match(gpu_rank<R>(keys, o), want, keys, pct ? 1 : 0))
              << what << " n=" << keys.size() << " method=" << ordo::to_string(method)
              << " ascending=" << ascending << " na=" << ordo::to_string(na) << " pct=" << pct
              << " variant=" << ordo::to_string(variant);
        }
      }
    }
  }
}

TYPED_TEST(RankGpu, RandomWithTies) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for (auto variant : both_variants)
    for (std::size_t n : {0, 1, 2, 33, 2049, 100003})
      for (std::uint64_t distinct : {1ull, 7ull, 1000ull, 1ull << 40})
        check_options_grid<K, R>(random_keys<K>(n, distinct, n * 31 + distinct), "random_keys", variant);
}

TYPED_TEST(RankGpu, SpecialValues) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for (auto variant : both_variants) {
    check_options_grid<K, R>(with_specials<K>(30000, 0.3, 200, 11), "with_specials", variant);
    if constexpr (std::is_floating_point_v<K>) {
      check_options_grid<K, R>(with_nans<K>(30000, 3000, 100, 12), "with_nans", variant);
      check_options_grid<K, R>(signed_zeros<K>(20000, 13), "signed_zeros", variant);
      check_options_grid<K, R>(nan_values<K>(), "nan_values", variant);
    }
  }
}

}  // namespace
}  // namespace ordo_test

namespace ordo_test {
namespace {

// Past 2^22 keys the ranks go back to input order by a second radix sort on
// the original index; below, by a direct scatter.
TEST(RankGpuLarge, SortBackPath) {
  ORDO_REQUIRE_GPU();
  const std::size_t n = (std::size_t(1) << 22) + 12345;
  const std::vector<std::int32_t> ints = random_keys<std::int32_t>(n, 100000, 21);
  const std::vector<double> nans = with_nans<double>(n, 50000, 100000, 22);
  for (auto method : {ordo::rank_method::min, ordo::rank_method::average, ordo::rank_method::dense}) {
    ordo::rank_options o{method, true, ordo::na_option::keep, false};
    ASSERT_TRUE(ranks_match(gpu_rank<double>(ints, o), reference_rank(ints, o), ints)) << ordo::to_string(method);
    o.ascending = false;
    ASSERT_TRUE(ranks_match(gpu_rank<double>(nans, o), reference_rank(nans, o), nans)) << ordo::to_string(method);
  }
  ordo::rank_options o{ordo::rank_method::ordinal, true, ordo::na_option::bottom, false};
  ASSERT_TRUE(ranks_match(gpu_rank<std::uint32_t>(nans, o), reference_rank(nans, o), nans));
}

// More than the GPU holds: a clear error that names the bytes asked for, and
// the stream and the memory pool work afterwards.
TEST(RankGpuLarge, OutOfMemoryIsClearAndRecoverable) {
  ORDO_REQUIRE_GPU();
  std::string msg;
  EXPECT_TRUE(throws_ordo_error([&] { ordo::device_buffer<std::byte> b(std::size_t(1) << 50); },
                                ordo::errc::out_of_memory, &msg));
  EXPECT_NE(msg.find("1125899906842624 bytes"), std::string::npos) << msg;
  EXPECT_NE(msg.find("free of"), std::string::npos) << msg;
  // rank of 2^36 keys asks for its first scratch (2^37 order codes) before a
  // kernel reads a key, so 16 real elements stand for the input.
  ordo::device_buffer<std::int32_t> keys(16);
  ordo::device_buffer<double> ranks(16);
  const std::size_t n = std::size_t(1) << 36;
  EXPECT_TRUE(throws_ordo_error(
      [&] {
        ordo::rank(ordo::cuda{}, std::span<const std::int32_t>(keys.data(), n), std::span<double>(ranks.data(), n));
      },
      ordo::errc::out_of_memory, &msg));
  EXPECT_NE(msg.find(" bytes ("), std::string::npos) << msg;
  const auto small = random_keys<std::int32_t>(100000, 1000, 5);
  const ordo::rank_options o{};
  ASSERT_TRUE(ranks_match(gpu_rank<double>(small, o), reference_rank(small, o), small));
}

// Shapes that take each branch of msd_replay (see dispatch/msd_replay.cuh).
template <class K>
std::vector<K> msd_shape(const char* shape, std::size_t n, std::uint64_t seed) {
  std::vector<K> keys(n);
  if (!std::strcmp(shape, "permutation")) {  // int keys differ in 21 bits: window shift 5
    for (std::size_t i = 0; i < n; ++i) keys[i] = K(i);
    shuffle_keys(keys, seed);
  } else if (!std::strcmp(shape, "small_range")) {  // shift 0: buckets of equal keys, any size
    rng r(seed);
    for (auto& k : keys) k = K(r.below(1000));
  } else if (!std::strcmp(shape, "spread_ties")) {  // ~50 copies per bucket: the sorting kernel, many buckets
    keys = random_keys<K>(n, 20000, seed);
  } else if (!std::strcmp(shape, "heavy_hitter")) {  // a bucket over capacity, not all equal: sort_back
    keys = random_keys<K>(n, 1ull << 40, seed);
    for (std::size_t i = 0; i < n; i += 3) keys[i] = K(12345);
  } else if (!std::strcmp(shape, "skewed")) {
    // 3/4 of 2^22 keys in one pass-1 bucket: 32-bit keys in 8 fine bins, cut
    // by the map; 64-bit ones in one fine bin, which it cannot cut (sort_back)
    keys = random_keys<K>(n, 1ull << 40, seed);
    rng r(seed + 1);
    for (std::size_t i = 0; i < n; ++i)
      if (i % 4 != 0) keys[i] = K(r.below(1u << 19) + (1u << 19));
  } else if (!std::strcmp(shape, "int_valued")) {
    // the benchmark's keys: integers uniform over [-2^31, 2^31), so floats
    // are bunched by their exponent (3/8 of them in one pass-1 bucket): the
    // map; the sample is every key up to 2^22
    rng r(seed);
    for (auto& k : keys) k = K(std::int64_t(r.below(1ull << 32)) - (std::int64_t(1) << 31));
  } else if (!std::strcmp(shape, "two_spikes")) {
    // two dense clusters far apart and a sparse background: runs of the map
    // that end at sampled bins, with unsampled keys clamped into them
    rng r(seed);
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t u = r.below(1000);
      keys[i] = u < 450 ? K(1000 + r.below(1u << 20)) : u < 900 ? K(1u << 29) + K(r.below(1u << 18))
                                                                : spread_value<K>(r.below(1ull << 40), 1ull << 40);
    }
  } else {  // "random": the counting kernel
    keys = random_keys<K>(n, 1ull << 40, seed);
  }
  return keys;
}

template <class K, class R>
void check_msd_shape(const char* shape) {
  const std::size_t n = (std::size_t(1) << (std::strcmp(shape, "skewed") ? 20 : 22)) + 77;
  const std::vector<K> keys = msd_shape<K>(shape, n, 41);
  for (auto method : methods_for<R>()) {
    for (bool ascending : {true, false}) {
      ordo::rank_options o{method, ascending, ordo::na_option::keep, false, ordo::rank_unsorted_variant::msd_replay};
      ASSERT_TRUE(ranks_match(gpu_rank<R>(keys, o), reference_rank(keys, o), keys))
          << shape << " method=" << ordo::to_string(method) << " ascending=" << ascending;
    }
  }
  if constexpr (std::is_floating_point_v<R>) {
    for (auto method : {ordo::rank_method::dense, ordo::rank_method::average}) {
      ordo::rank_options o{method, true, ordo::na_option::bottom, true, ordo::rank_unsorted_variant::msd_replay};
      ASSERT_TRUE(ranks_match(gpu_rank<R>(keys, o), reference_rank(keys, o), keys, 1))
          << shape << " pct method=" << ordo::to_string(method);
    }
  }
}

constexpr const char* msd_shapes[] = {"random",       "permutation", "small_range", "spread_ties",
                                      "heavy_hitter", "skewed",      "int_valued",  "two_spikes"};

TEST(RankGpuMsd, EveryBranch) {
  ORDO_REQUIRE_GPU();
  for (const char* shape : msd_shapes) {
    check_msd_shape<std::int32_t, double>(shape);
    check_msd_shape<std::uint32_t, std::uint32_t>(shape);
    check_msd_shape<float, float>(shape);
  }
}

TEST(RankGpuMsd, EveryBranch64) {
  ORDO_REQUIRE_GPU();
  for (const char* shape : msd_shapes) {
    check_msd_shape<std::int64_t, double>(shape);
    check_msd_shape<std::uint64_t, std::uint64_t>(shape);
    check_msd_shape<double, double>(shape);
  }
}

TEST(RankGpuMsd, NansInLargeInput) {
  ORDO_REQUIRE_GPU();
  const std::size_t n = (std::size_t(1) << 20) + 5;
  for (std::size_t nans : {std::size_t(1), std::size_t(5000), std::size_t(20000)}) {
    const std::vector<float> keys = with_nans<float>(n, nans, 1ull << 40, 51);
    const std::vector<double> keys64 = with_nans<double>(n, nans, 1ull << 40, 52);
    for (auto method : {ordo::rank_method::min, ordo::rank_method::dense, ordo::rank_method::average}) {
      for (bool ascending : {false, true}) {
        for (bool pct : {false, true}) {
          ordo::rank_options o{method, ascending, ordo::na_option::keep, pct, ordo::rank_unsorted_variant::msd_replay};
          ASSERT_TRUE(ranks_match(gpu_rank<double>(keys, o), reference_rank(keys, o), keys, pct ? 1 : 0))
              << "float nans=" << nans << " method=" << ordo::to_string(method) << " pct=" << pct;
          ASSERT_TRUE(ranks_match(gpu_rank<double>(keys64, o), reference_rank(keys64, o), keys64, pct ? 1 : 0))
              << "double nans=" << nans << " method=" << ordo::to_string(method) << " pct=" << pct;
        }
      }
    }
  }
}

}  // namespace
}  // namespace ordo_test
