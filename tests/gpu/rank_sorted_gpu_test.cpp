// rank_sorted on the GPU, every variant, against the sequential reference,
// element by element: the protocol's tie probabilities, tile and warp
// boundaries, deep searches (one group over many tiles), NaN groups.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"
#include "gpu/gpu_cases.hpp"

namespace ordo_test {
namespace {

ORDO_GPU_TYPED_SUITE(RankSortedGpu, key_rank_types);

template <class K, class R>
void check_all_variants(const std::vector<K>& keys, ordo::sort_order order, const char* what) {
  for (auto method : methods_for<R>()) {
    const std::vector<double> want = reference_rank_sorted(keys, method);
    for (auto variant : gpu_variants_for(method)) {
      ordo::rank_sorted_options o{method, order, variant, true};
      ASSERT_TRUE(ranks_match(gpu_rank_sorted<R>(keys, o), want, keys))
          << what << " n=" << keys.size() << " method=" << ordo::to_string(method)
          << " variant=" << ordo::to_string(variant)
          << (order == ordo::sort_order::descending ? " descending" : " ascending");
    }
  }
}

TYPED_TEST(RankSortedGpu, ProtocolInputs) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for (std::size_t n : {0, 1, 2, 31, 32, 33, 1023, 1024, 1025, 2047, 2048, 2049, 4097, 100003}) {
    for (double p : {0.0, 0.5, 0.9, 0.99, 0.999999, 1.0}) {
      std::vector<K> asc = sorted_with_ties<K>(n, p, 77 + n);
      check_all_variants<K, R>(asc, ordo::sort_order::ascending, "sorted_with_ties");
      std::vector<K> desc(asc.rbegin(), asc.rend());
      check_all_variants<K, R>(desc, ordo::sort_order::descending, "sorted_with_ties reversed");
    }
  }
}

TYPED_TEST(RankSortedGpu, BoundariesAndLongGroups) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  for (std::size_t len : {31, 32, 33, 1024, 2048, 4096}) check_all_variants<K, R>(runs_of<K>(70000, len), ordo::sort_order::ascending, "runs_of");
  check_all_variants<K, R>(all_equal<K>(3000017), ordo::sort_order::ascending, "all_equal");
  check_all_variants<K, R>(long_run<K>(1 << 21, 1000, 1500000), ordo::sort_order::ascending, "long_run");
  check_all_variants<K, R>(all_distinct<K>(1 << 20), ordo::sort_order::ascending, "all_distinct");
}

TYPED_TEST(RankSortedGpu, SpecialValues) {
  using K = typename TypeParam::key;
  using R = typename TypeParam::rank;
  std::vector<K> keys = sort_ascending(with_specials<K>(50000, 0.3, 300, 5));
  check_all_variants<K, R>(keys, ordo::sort_order::ascending, "with_specials");
  check_all_variants<K, R>(sort_descending(keys), ordo::sort_order::descending, "with_specials desc");
  if constexpr (std::is_floating_point_v<K>) {
    check_all_variants<K, R>(sort_ascending(with_nans<K>(40000, 5000, 100, 9)), ordo::sort_order::ascending, "nans");
    check_all_variants<K, R>(sort_ascending(signed_zeros<K>(40000, 3)), ordo::sort_order::ascending, "signed zeros");
  }
}

TEST(RankSortedGpuErrors, UnsortedInputIsReported) {
  ORDO_REQUIRE_GPU();
  std::vector<int> keys{1, 2, 3, 5, 4, 6};
  ordo::rank_sorted_options o;
  o.validate = true;
  try {
    gpu_rank_sorted<std::uint32_t>(keys, o);
    FAIL() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::unsorted_input);
    EXPECT_NE(std::string(e.what()).find("keys[3]"), std::string::npos) << e.what();
  }
  o.validate = false;  // memory-safe without validation; ranks are unspecified
  EXPECT_NO_THROW(gpu_rank_sorted<std::uint32_t>(keys, o));
}

TEST(RankSortedGpuErrors, VariantsRejectWhatTheyCannotDo) {
  ORDO_REQUIRE_GPU();
  std::vector<int> keys{1, 2, 2, 3};
  auto code_of = [&](ordo::rank_method m, ordo::rank_variant v) {
    try {
      gpu_rank_sorted<double>(keys, ordo::rank_sorted_options{m, ordo::sort_order::ascending, v, false});
    } catch (const ordo::error& e) {
      return e.code();
    }
    return ordo::errc::io_error;  // "no error"
  };
  EXPECT_EQ(code_of(ordo::rank_method::dense, ordo::gpu_rank_variant::hybrid), ordo::errc::not_supported);
  EXPECT_EQ(code_of(ordo::rank_method::dense, ordo::gpu_rank_variant::block_search), ordo::errc::not_supported);
  EXPECT_EQ(code_of(ordo::rank_method::max, ordo::gpu_rank_variant::lookback), ordo::errc::not_supported);
  EXPECT_EQ(code_of(ordo::rank_method::min, ordo::gpu_rank_variant::scan), ordo::errc::not_supported);
  EXPECT_EQ(code_of(ordo::rank_method::average, ordo::gpu_rank_variant::shuffle), ordo::errc::not_supported);
  EXPECT_EQ(code_of(ordo::rank_method::min, ordo::cpu_rank_variant::parallel_search), ordo::errc::not_supported);
}

TEST(RankSortedGpuErrors, SizesAndTypes) {
  ORDO_REQUIRE_GPU();
  ordo::device_buffer<int> k(10);
  ordo::device_buffer<std::uint32_t> r(9);
  try {
    ordo::rank_sorted(ordo::cuda{}, std::span<const int>(k.data(), 10), r.span());
    FAIL() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::invalid_argument);
  }
  // 2^32 keys do not fit uint32 ranks: rejected before any memory is touched.
  const std::size_t big = std::size_t(1) << 32;
  try {
    ordo::rank_sorted(ordo::cuda{}, std::span<const int>(k.data(), big), std::span<std::uint32_t>(r.data(), big));
    FAIL() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::invalid_argument);
  }
}

}  // namespace
}  // namespace ordo_test
