// The primitives on the GPU, every variant, against the references, element
// by element; bad arguments; a user comparator through the CUDA templates
// (primitives_user_functor_test.cu). The *Small* tests are the
// compute-sanitizer subset.
#include <gtest/gtest.h>

#include <functional>

#include "common/primitives_cases.hpp"
#include "common/primitives_nan_cases.hpp"
#include "common/type_lists.hpp"
#include "cpu/error_expect.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"

namespace {

using namespace ordo_test;

ORDO_GPU_TYPED_SUITE(PrimitivesGpu, key_types);

TYPED_TEST(PrimitivesGpu, ScanReduce) {
  device_space sp;
  for (std::size_t n : prim_sizes()) {
    check_scan<device_space, TypeParam>(sp, ordo::plus{}, n, n + 1);
    check_scan<device_space, TypeParam>(sp, ordo::minimum{}, n, n + 2);
    check_scan<device_space, TypeParam>(sp, ordo::maximum{}, n, n + 2);
    check_reduce<device_space, TypeParam>(sp, ordo::plus{}, n, n + 3);
    check_reduce<device_space, TypeParam>(sp, ordo::maximum{}, n, n + 4);
  }
}

TYPED_TEST(PrimitivesGpu, CompactSplit) {
  device_space sp;
  for (std::size_t n : prim_sizes()) check_compact_split<device_space, TypeParam>(sp, n, n + 5);
}

TEST(PrimitivesGpu, SplitShapes) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  // 5000011: more tiles than the resident grid of the ring kernels holds, so
  // that blocks walk tiles through their shared-memory rings.
  for (std::size_t n : {0, 1, 17, 4095, 4096, 4097, 32771, 100003, 1048581, 5000011}) {
    check_split_shapes<device_space, std::uint32_t>(sp, n, n + 21, true);
    check_split_shapes<device_space, double>(sp, n, n + 22, true);
  }
}

TYPED_TEST(PrimitivesGpu, SortIdx) {
  device_space sp;
  // automatic: the radix path for ordo::less / greater (-0.0, NaN and ties in the inputs)
  for (auto v : {ordo::sort_idx_variant::automatic, ordo::sort_idx_variant::merge_path,
                 ordo::sort_idx_variant::binary_search})
    for (std::size_t n : prim_sizes()) {
      check_sort_idx<device_space, TypeParam, std::uint32_t>(sp, v, ordo::less{}, n, n + 6);
      check_sort_idx<device_space, TypeParam, std::uint64_t>(sp, v, ordo::greater{}, n, n + 7);
    }
  if constexpr (ordo::detail::sample_sortable_v<TypeParam, ordo::less>) {
    // Above 2^18 keys both split levels run (k2 > 1).
    for (std::size_t n : prim_sizes()) {
      check_sort_idx<device_space, TypeParam, std::uint32_t>(sp, ordo::sort_idx_variant::sample_sort, ordo::less{}, n,
                                                             n + 8);
      check_sort_idx<device_space, TypeParam, std::uint64_t>(sp, ordo::sort_idx_variant::sample_sort,
                                                             ordo::greater{}, n, n + 9);
    }
    // automatic picks sample_sort from 2^22 keys.
    EXPECT_EQ((ordo::chosen_variant<TypeParam, ordo::less>(sp.exec, ordo::sort_idx_variant::automatic, 4194321)),
              ordo::sort_idx_variant::sample_sort);
    check_sort_idx<device_space, TypeParam, std::uint32_t>(sp, ordo::sort_idx_variant::automatic, ordo::less{},
                                                           4194321, 10);
  } else {
    EXPECT_EQ((ordo::chosen_variant<TypeParam, ordo::less>(sp.exec, ordo::sort_idx_variant::automatic, 4194321)),
              ordo::sort_idx_variant::merge_path);
  }
}

TYPED_TEST(PrimitivesGpu, Merge) {
  device_space sp;
  for (auto [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{{0, 0},
                                                                         {0, 5},
                                                                         {5, 0},
                                                                         {1, 1},
                                                                         {100, 3},
                                                                         {3, 100},
                                                                         {2048, 2048},
                                                                         {2047, 2050},
                                                                         {40000, 70001},
                                                                         {1 << 20, 333333}})
    check_merge<device_space, TypeParam>(sp, ordo::less{}, na, nb, na * 3 + nb);
  check_merge<device_space, TypeParam>(sp, ordo::greater{}, 50000, 70000, 1);
}

TEST(PrimitivesGpu, Fork) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  for (auto v : {ordo::fork_variant::load_balanced, ordo::fork_variant::doubling})
    for (std::size_t np : {0, 1, 2, 33, 1000, 70000, 300000}) {
      check_fork<device_space, std::uint32_t, std::uint32_t>(sp, v, np, np + 1);
      check_fork<device_space, std::uint64_t, std::uint64_t>(sp, v, np, np + 2);
      check_fork<device_space, std::uint32_t, std::uint64_t>(sp, v, np, np + 3);
    }
}

// The compute-sanitizer subset: every kernel at small sizes.
TEST(PrimitivesGpu, SmallEveryKernel) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  for (std::size_t n : {0, 1, 33, 5000, 9000}) {
    check_scan<device_space, std::int32_t>(sp, ordo::plus{}, n, n);
    check_reduce<device_space, float>(sp, ordo::minimum{}, n, n);
    check_compact_split<device_space, std::uint64_t>(sp, n, n);
    for (auto v : {ordo::sort_idx_variant::merge_path, ordo::sort_idx_variant::binary_search})
      check_sort_idx<device_space, float, std::uint32_t>(sp, v, ordo::less{}, n, n);
    check_sort_idx<device_space, std::int32_t, std::uint32_t>(sp, ordo::sort_idx_variant::sample_sort, ordo::less{}, n,
                                                              n);
    check_merge<device_space, std::int64_t>(sp, ordo::less{}, n, n / 3, n);
    for (auto v : {ordo::fork_variant::load_balanced, ordo::fork_variant::doubling})
      check_fork<device_space, std::uint32_t, std::uint32_t>(sp, v, n / 10, n);
  }
  check_split_shapes<device_space, std::uint32_t>(sp, 9000, 5, true);
}

TEST(PrimitivesGpu, BadArguments) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  auto a = sp.buf(std::vector<int>(10)), b = sp.buf(std::vector<int>(9));
  auto f = sp.buf(std::vector<std::uint8_t>(10));
  auto two = sp.buf(std::vector<std::uint64_t>(2));
  EXPECT_ORDO_ERROR(ordo::scan(sp.exec, sp.cspan(a), sp.span(b)), ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::compact(sp.exec, sp.cspan(a), sp.cspan(f), sp.span(b), sp.span(two)),
                    ordo::errc::invalid_argument);
  std::vector<std::uint8_t> bad(10, 1);
  bad[7] = 9;
  auto d_bad = sp.buf(bad);
  auto five = sp.buf(std::vector<std::uint64_t>(5));
  auto out = sp.buf(std::vector<int>(10));
  std::string msg;
  EXPECT_TRUE(throws_ordo_error(
      [&] { ordo::split(sp.exec, sp.cspan(a), sp.cspan(d_bad), 4, sp.span(out), sp.span(five), {.validate = true}); },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("bucket[7] = 9"), std::string::npos) << msg;
  // Without validation the bad element is left out and nothing else breaks.
  ordo::split(sp.exec, sp.cspan(a), sp.cspan(d_bad), 4, sp.span(out), sp.span(five));
  EXPECT_EQ(sp.get(five), (std::vector<std::uint64_t>{0, 0, 9, 9, 9}));
  auto counts = sp.buf(std::vector<std::uint32_t>{1, 2, 3});
  auto parent = sp.buf(std::vector<std::uint32_t>(5));
  for (auto v : {ordo::fork_variant::load_balanced, ordo::fork_variant::doubling}) {
    EXPECT_TRUE(throws_ordo_error(
        [&] {
          ordo::fork(sp.exec, sp.cspan(counts), sp.span(parent), std::span<std::uint32_t>(),
                     {.variant = v, .validate = true});
        },
        ordo::errc::invalid_argument, &msg));
    EXPECT_NE(msg.find("add up to 6"), std::string::npos) << msg;
    // Unvalidated, a short output is filled as far as it goes.
    ordo::fork(sp.exec, sp.cspan(counts), sp.span(parent), std::span<std::uint32_t>(), {.variant = v});
    EXPECT_EQ(sp.get(parent), (std::vector<std::uint32_t>{0, 1, 1, 2, 2}));
  }
  auto perm = sp.buf(std::vector<std::uint32_t>(9));
  EXPECT_ORDO_ERROR(ordo::sort_idx(sp.exec, sp.cspan(a), sp.span(perm)), ordo::errc::invalid_argument);
  // sample_sort packs 32-bit integer keys; other keys get a clear error, not a silent fallback.
  auto fkeys = sp.buf(std::vector<float>(9));
  auto dkeys = sp.buf(std::vector<double>(9));
  for (auto call : std::vector<std::function<void()>>{
           [&] {
             ordo::sort_idx(sp.exec, sp.cspan(fkeys), sp.span(perm), std::span<float>(), ordo::less{},
                            {.variant = ordo::sort_idx_variant::sample_sort});
           },
           [&] {
             ordo::sort_idx(sp.exec, sp.cspan(dkeys), sp.span(perm), std::span<double>(), ordo::greater{},
                            {.variant = ordo::sort_idx_variant::sample_sort});
           }}) {
    EXPECT_TRUE(throws_ordo_error(call, ordo::errc::invalid_argument, &msg));
    EXPECT_NE(msg.find("integer keys of at most 32 bits"), std::string::npos) << msg;
  }
  EXPECT_ORDO_ERROR(ordo::merge(sp.exec, sp.cspan(a), sp.cspan(b), sp.span(a)), ordo::errc::invalid_argument);
}

// --- NaN (numpy's minimum/maximum/fmin/fmax) and overflow, as on the CPU -----

using float_types = ::testing::Types<float, double>;
ORDO_GPU_TYPED_SUITE(PrimitivesNanGpu, float_types);

TYPED_TEST(PrimitivesNanGpu, ScanReduce) {
  device_space sp;
  for (std::size_t n : {0, 1, 2, 3, 33, 4097, 70001, 1000003})
    check_nan_scan_reduce<device_space, TypeParam>(sp, n, n + 11);
}

TEST(PrimitivesNanGpu, IssueExamples) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_nan_examples(sp);
  // Integer fmin/fmax run as minimum/maximum (one copy in libordo).
  auto d = sp.buf(std::vector<int>{3, -1, 7, 7, -9});
  auto a = sp.buf(std::vector<int>(5)), b = sp.buf(std::vector<int>(5));
  ordo::scan(sp.exec, sp.cspan(d), sp.span(a), ordo::fmax{});
  ordo::scan(sp.exec, sp.cspan(d), sp.span(b), ordo::maximum{});
  EXPECT_EQ(sp.get(a), sp.get(b));
  EXPECT_EQ(ordo::reduce_and_wait(sp.exec, sp.cspan(d), ordo::fmin{}), -9);
}

TEST(PrimitivesNanGpu, SumsKeepNegativeZero) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_signed_zero_sums(sp);
}

TEST(PrimitivesNanGpu, ListScanPropagatesNaN) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_nan_list_scan(sp, 300000, {ordo::gpu_list_variant::automatic, ordo::gpu_list_variant::wyllie, ordo::gpu_list_variant::rhj});
}

TEST(PrimitivesOverflowGpu, IssueExample) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_overflow_example(sp);
}

TEST(PrimitivesOverflowGpu, PromotedSums) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  for (std::size_t n : {0, 1, 2, 1000, 70001, 1000003}) {
    check_promoted_sum<device_space, std::int32_t, std::int64_t>(sp, n, n + 1);
    check_promoted_sum<device_space, std::uint32_t, std::uint64_t>(sp, n, n + 2);
  }
}

TEST(PrimitivesOverflowGpu, MixedTypesCannotRunInPlace) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  auto buf = sp.buf(std::vector<std::int64_t>(8, 1));
  const std::span<const std::int32_t> in(reinterpret_cast<const std::int32_t*>(buf.span().data()), 8);
  EXPECT_ORDO_ERROR(ordo::scan(sp.exec, in, sp.span(buf)), ordo::errc::invalid_argument);
}

TEST(PrimitivesOverflowGpu, ForkTotal) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  check_fork_total(sp);
  // Unvalidated, the offsets saturate instead of wrapping: the output holds
  // the first children of the true sequence (parent 1's count is 2^64 - 2).
  auto counts = sp.buf(std::vector<std::uint64_t>{3, ~std::uint64_t(0) - 1, 5});
  for (auto v : {ordo::fork_variant::load_balanced, ordo::fork_variant::doubling}) {
    auto parent = sp.buf(std::vector<std::uint64_t>(10)), sibling = sp.buf(std::vector<std::uint64_t>(10));
    ordo::fork(sp.exec, sp.cspan(counts), sp.span(parent), sp.span(sibling), {.variant = v});
    EXPECT_EQ(sp.get(parent), (std::vector<std::uint64_t>{0, 0, 0, 1, 1, 1, 1, 1, 1, 1})) << ordo::to_string(v);
    EXPECT_EQ(sp.get(sibling), (std::vector<std::uint64_t>{0, 1, 2, 0, 1, 2, 3, 4, 5, 6})) << ordo::to_string(v);
  }
}

}  // namespace
