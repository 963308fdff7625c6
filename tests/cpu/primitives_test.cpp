// The primitives on the CPU (sequential cpu{1} and threaded), every variant,
// against the references; NaN and overflow (primitives_nan_cases.hpp); bad
// arguments.
#include <gtest/gtest.h>

#include <cmath>

#include "common/host_space.hpp"
#include "common/primitives_cases.hpp"
#include "common/primitives_nan_cases.hpp"
#include "common/type_lists.hpp"
#include "cpu/error_expect.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"

namespace {

using namespace ordo_test;

std::vector<host_space> spaces() { return {host_space{ordo::cpu{1}}, host_space{ordo::cpu{4}}}; }

ORDO_TYPED_SUITE(PrimitivesCpu, key_types);

TYPED_TEST(PrimitivesCpu, ScanReduce) {
  using T = TypeParam;
  for (auto sp : spaces())
    for (std::size_t n : prim_sizes()) {
      if (n > 70000 && sp.exec.threads == 1) continue;
      check_scan<host_space, T>(sp, ordo::plus{}, n, n + 1);
      check_scan<host_space, T>(sp, ordo::maximum{}, n, n + 2);
      check_reduce<host_space, T>(sp, ordo::plus{}, n, n + 3);
      check_reduce<host_space, T>(sp, ordo::minimum{}, n, n + 4);
    }
}

TYPED_TEST(PrimitivesCpu, CompactSplit) {
  using T = TypeParam;
  for (auto sp : spaces())
    for (std::size_t n : prim_sizes()) {
      if (n > 70000 && sp.exec.threads == 1) continue;
      check_compact_split<host_space, T>(sp, n, n + 5);
    }
}

TEST(PrimitivesCpu, SplitShapes) {
  for (auto sp : spaces())
    for (std::size_t n : {0, 1, 17, 4097, 32771}) check_split_shapes<host_space, std::uint32_t>(sp, n, n + 21, false);
}

TYPED_TEST(PrimitivesCpu, SortIdx) {
  using T = TypeParam;
  for (auto sp : spaces())
    for (auto v : {ordo::sort_idx_variant::merge_path, ordo::sort_idx_variant::binary_search})
      for (std::size_t n : prim_sizes()) {
        if (n > 70000) continue;
        check_sort_idx<host_space, T, std::uint32_t>(sp, v, ordo::less{}, n, n + 6);
        check_sort_idx<host_space, T, std::uint64_t>(sp, v, ordo::greater{}, n, n + 7);
      }
}

TYPED_TEST(PrimitivesCpu, Merge) {
  using T = TypeParam;
  for (auto sp : spaces())
    for (auto [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
             {0, 0}, {0, 5}, {5, 0}, {1, 1}, {100, 3}, {3, 100}, {2048, 2048}, {40000, 70001}})
      check_merge<host_space, T>(sp, ordo::less{}, na, nb, na * 3 + nb);
  check_merge<host_space, T>(spaces()[1], ordo::greater{}, 5000, 7000, 1);
}

TEST(PrimitivesCpu, Fork) {
  for (auto sp : spaces())
    for (auto v : {ordo::fork_variant::load_balanced, ordo::fork_variant::doubling})
      for (std::size_t np : {0, 1, 2, 33, 1000, 70000}) {
        check_fork<host_space, std::uint32_t, std::uint32_t>(sp, v, np, np + 1);
        check_fork<host_space, std::uint64_t, std::uint64_t>(sp, v, np, np + 2);
      }
}

TEST(PrimitivesCpu, UserFunctors) {
  // A user comparator (by absolute value) and a user operator (max of |x|).
  std::vector<int> keys = {-5, 3, -3, 5, 0, -1, 1};
  std::vector<std::uint32_t> perm(keys.size());
  auto by_abs = [](int a, int b) { return std::abs(a) < std::abs(b); };
  ordo::sort_idx(ordo::cpu{}, std::span<const int>(keys), std::span<std::uint32_t>(perm), std::span<int>(), by_abs);
  EXPECT_EQ(perm, (std::vector<std::uint32_t>{4, 5, 6, 1, 2, 0, 3}));
  std::vector<int> out(keys.size());
  struct max_abs {
    int operator()(int a, int b) const { return std::max(std::abs(a), std::abs(b)); }
  };
  ordo::scan(ordo::cpu{}, std::span<const int>(keys), std::span<int>(out), max_abs{}, 0,
             {.kind = ordo::scan_kind::exclusive});
  EXPECT_EQ(out, (std::vector<int>{0, 5, 5, 5, 5, 5, 5}));
  std::vector<std::uint64_t> count(1);
  std::vector<int> kept(keys.size());
  ordo::compact(ordo::cpu{}, std::span<const int>(keys), [](const int& x) { return x > 0; }, std::span<int>(kept),
                std::span<std::uint64_t>(count));
  EXPECT_EQ(count[0], 3u);
  kept.resize(3);
  EXPECT_EQ(kept, (std::vector<int>{3, 5, 1}));
}

TEST(PrimitivesCpu, BadArguments) {
  std::vector<int> a(10), b(9);
  std::vector<std::uint8_t> f(10), bad(10, 0);
  std::vector<std::uint64_t> one(1), two(2);
  const ordo::cpu c{};
  EXPECT_ORDO_ERROR(ordo::scan(c, std::span<const int>(a), std::span<int>(b)), ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::scan(c, std::span<const int>(a), std::span<int>(a), ordo::plus{},
                               {.head_flags = std::span<const std::uint8_t>(f.data(), 3)}),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::reduce(c, std::span<const int>(a), std::span<int>(b)), ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::compact(c, std::span<const int>(a), std::span<const std::uint8_t>(f), std::span<int>(b),
                                  std::span<std::uint64_t>(one)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::split(c, std::span<const int>(a), std::span<const std::uint8_t>(f), std::span<int>(a),
                                std::span<std::uint64_t>(two)),
                    ordo::errc::invalid_argument);
  bad[7] = 9;
  std::string msg;
  EXPECT_TRUE(throws_ordo_error(
      [&] {
        ordo::split(c, std::span<const int>(a), std::span<const std::uint8_t>(bad), 4, std::span<int>(a),
                    std::span<std::uint64_t>(std::vector<std::uint64_t>(5).data(), 5));
      },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("bucket[7] = 9"), std::string::npos) << msg;
  EXPECT_ORDO_ERROR(ordo::split(c, std::span<const int>(a), std::span<const std::uint8_t>(f), 300, std::span<int>(a),
                                std::span<std::uint64_t>(two)),
                    ordo::errc::invalid_argument);
  std::vector<std::uint32_t> counts = {1, 2, 3}, parent(5), sib(6);
  EXPECT_TRUE(throws_ordo_error(
      [&] {
        ordo::fork(c, std::span<const std::uint32_t>(counts), std::span<std::uint32_t>(parent),
                   std::span<std::uint32_t>());
      },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("add up to 6"), std::string::npos) << msg;
  EXPECT_ORDO_ERROR(ordo::fork(c, std::span<const std::uint32_t>(counts), std::span<std::uint32_t>(sib),
                               std::span<std::uint32_t>(parent)),
                    ordo::errc::invalid_argument);
  std::vector<std::uint32_t> perm(9);
  EXPECT_ORDO_ERROR(ordo::sort_idx(c, std::span<const int>(a), std::span<std::uint32_t>(perm)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::merge(c, std::span<const int>(a), std::span<const int>(b), std::span<int>(a)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::parse_fork_variant("nope"), ordo::errc::invalid_argument);
  EXPECT_EQ(ordo::parse_sort_idx_variant("binary_search"), ordo::sort_idx_variant::binary_search);
  EXPECT_EQ(ordo::parse_sort_idx_variant("sample_sort"), ordo::sort_idx_variant::sample_sort);
  std::vector<std::uint32_t> perm10(10);
  EXPECT_TRUE(throws_ordo_error(
      [&] {
        ordo::sort_idx(c, std::span<const int>(a), std::span<std::uint32_t>(perm10), std::span<int>(), ordo::less{},
                       {.variant = ordo::sort_idx_variant::sample_sort});
      },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("GPU variant"), std::string::npos) << msg;
}

// --- NaN (numpy's minimum/maximum/fmin/fmax) and overflow -----------------

using float_types = ::testing::Types<float, double>;
ORDO_TYPED_SUITE(PrimitivesNanCpu, float_types);

TYPED_TEST(PrimitivesNanCpu, ScanReduce) {
  for (auto sp : spaces())
    for (std::size_t n : {0, 1, 2, 3, 33, 4097, 70001})  // 70001: several chunks on cpu{4}
      check_nan_scan_reduce<host_space, TypeParam>(sp, n, n + 11);
}

TEST(PrimitivesNanCpu, IssueExamples) {
  for (auto sp : spaces()) check_nan_examples(sp);
}

TEST(PrimitivesNanCpu, IntegerFminFmaxAreMinMax) {
  const std::vector<int> v = {3, -1, 7, 7, -9};
  std::vector<int> a(5), b(5);
  ordo::scan(ordo::cpu{}, std::span<const int>(v), std::span<int>(a), ordo::fmax{});
  ordo::scan(ordo::cpu{}, std::span<const int>(v), std::span<int>(b), ordo::maximum{});
  EXPECT_EQ(a, b);
  EXPECT_EQ(ordo::reduce_and_wait(ordo::cpu{}, std::span<const int>(v), ordo::fmin{}), -9);
  EXPECT_STREQ(ordo::op_name(ordo::fmax{}), "fmax");
  EXPECT_STREQ(ordo::op_name(ordo::fmin{}), "fmin");
}

// A float sum was a running sum per thread: 100000 x 0.1f gave 9998.56 on one
// thread and 10005.06 on two. Now numpy's blocked pairwise sum on any number
// of threads; the expected values are np.sum's (numpy 1.24) of the same arrays.
TEST(PrimitivesNanCpu, FloatSumIsNumpysOnAnyThreads) {
  const std::vector<float> tenth(100000, 0.1f);
  std::vector<float> inv_f(100000);
  std::vector<double> inv_d(100000);
  for (std::size_t i = 0; i < inv_d.size(); ++i) inv_d[i] = 1.0 / double(i + 1), inv_f[i] = float(inv_d[i]);
  for (int threads : {1, 2, 3, 4}) {
    const ordo::cpu ex{threads};
    EXPECT_EQ(ordo::reduce_and_wait(ex, std::span<const float>(tenth), ordo::plus{}), 10000.0009765625f) << threads;
    EXPECT_EQ(ordo::reduce_and_wait(ex, std::span<const float>(inv_f), ordo::plus{}), 12.09014892578125f) << threads;
    EXPECT_EQ(ordo::reduce_and_wait(ex, std::span<const double>(inv_d), ordo::plus{}), 12.090146129863433) << threads;
  }
  // An inclusive sum keeps -0.0 as np.cumsum does (the +0 init made it +0.0).
  host_space sp{ordo::cpu{}};
  check_signed_zero_sums(sp);
}

// list_scan runs on the same operators: NaN propagates along a list as np.maximum.accumulate would.
TEST(PrimitivesNanCpu, ListScanPropagatesNaN) {
  host_space sp{ordo::cpu{4}};
  check_nan_list_scan(sp, 50000, {ordo::cpu_list_variant::sequential, ordo::cpu_list_variant::helman_jaja});
}

// Every built-in operator and held accumulator pair has a libordo entry point
// for ordo::cuda (the stub throws not_supported in a CPU-only build).
TEST(PrimitivesNanCpu, CudaEntryPointsLink) {
  if (ordo::cuda_available()) GTEST_SKIP() << "the GPU suite runs these";
  std::vector<float> f(3);
  std::vector<int> i(3);
  std::vector<std::int64_t> w(3);
  const ordo::cuda g{};
  auto all_ops = [&](auto& v) {
    using T = typename std::decay_t<decltype(v)>::value_type;
    const std::span<const T> in(v);
    EXPECT_ORDO_ERROR(ordo::scan(g, in, std::span<T>(v), ordo::fmax{}), ordo::errc::not_supported);
    EXPECT_ORDO_ERROR(ordo::scan(g, in, std::span<T>(v), ordo::fmin{}), ordo::errc::not_supported);
    EXPECT_ORDO_ERROR(ordo::scan(g, in, std::span<T>(v), ordo::maximum{}), ordo::errc::not_supported);
    EXPECT_ORDO_ERROR(ordo::reduce_and_wait(g, in, ordo::fmin{}), ordo::errc::not_supported);
    EXPECT_ORDO_ERROR(ordo::reduce_and_wait(g, in, ordo::minimum{}), ordo::errc::not_supported);
  };
  all_ops(f);
  all_ops(i);
  EXPECT_ORDO_ERROR(ordo::scan(g, std::span<const int>(i), std::span<std::int64_t>(w)), ordo::errc::not_supported);
  EXPECT_ORDO_ERROR(ordo::reduce_and_wait<std::int64_t>(g, std::span<const int>(i)), ordo::errc::not_supported);
  EXPECT_ORDO_ERROR(ordo::fork_total_and_wait(g, std::span<const std::uint32_t>()), ordo::errc::not_supported);
}

TEST(PrimitivesOverflowCpu, IssueExample) {
  for (auto sp : spaces()) check_overflow_example(sp);
}

TEST(PrimitivesOverflowCpu, PromotedSums) {
  for (auto sp : spaces())
    for (std::size_t n : {0, 1, 2, 1000, 70001}) {
      check_promoted_sum<host_space, std::int32_t, std::int64_t>(sp, n, n + 1);
      check_promoted_sum<host_space, std::uint32_t, std::uint64_t>(sp, n, n + 2);
      check_promoted_sum<host_space, std::int8_t, std::int64_t>(sp, n, n + 3);  // any pair on the CPU
      check_promoted_sum<host_space, std::uint16_t, std::uint64_t>(sp, n, n + 4);
    }
  // The default accumulators the Python module and the CLI use (numpy's).
  static_assert(std::is_same_v<ordo::sum_accumulator_t<std::int32_t>, std::int64_t>);
  static_assert(std::is_same_v<ordo::sum_accumulator_t<bool>, std::int64_t>);
  static_assert(std::is_same_v<ordo::sum_accumulator_t<std::uint16_t>, std::uint64_t>);
  static_assert(std::is_same_v<ordo::sum_accumulator_t<std::uint32_t>, std::uint64_t>);
  static_assert(std::is_same_v<ordo::sum_accumulator_t<std::int64_t>, std::int64_t>);
  static_assert(std::is_same_v<ordo::sum_accumulator_t<float>, float>);
}

TEST(PrimitivesOverflowCpu, MixedTypesCannotRunInPlace) {
  std::vector<std::int64_t> buf(8, 1);
  const std::span<const std::int32_t> in(reinterpret_cast<const std::int32_t*>(buf.data()), 8);
  std::string msg;
  EXPECT_TRUE(throws_ordo_error([&] { ordo::scan(ordo::cpu{}, in, std::span<std::int64_t>(buf)); },
                                ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("overlap"), std::string::npos) << msg;
}

TEST(PrimitivesOverflowCpu, ForkTotal) {
  for (auto sp : spaces()) check_fork_total(sp);
  // Without validate too: the CPU always checks (the issue's [2^63, 2^63, 5] gave 5 wrong children).
  const std::vector<std::uint64_t> counts = {std::uint64_t(1) << 63, std::uint64_t(1) << 63, 5};
  std::vector<std::uint64_t> parent(5), sibling(5);
  std::string msg;
  EXPECT_TRUE(throws_ordo_error(
      [&] {
        ordo::fork(ordo::cpu{}, std::span<const std::uint64_t>(counts), std::span<std::uint64_t>(parent),
                   std::span<std::uint64_t>(sibling));
      },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("overflow"), std::string::npos) << msg;
  EXPECT_NE(msg.find("counts[1]"), std::string::npos) << msg;
}

}  // namespace
