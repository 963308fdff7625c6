// The primitives on the CPU (sequential cpu{1} and threaded), every variant,
// against the references; bad arguments.
#include <gtest/gtest.h>

#include "common/host_space.hpp"
#include "common/primitives_cases.hpp"
#include "common/type_lists.hpp"
#include "cpu/error_expect.hpp"

namespace {

using namespace ordo_test;

std::vector<host_space> spaces() { return {host_space{ordo::cpu{1}}, host_space{ordo::cpu{4}}}; }

template <class T>
class PrimitivesCpu : public ::testing::Test {};
TYPED_TEST_SUITE(PrimitivesCpu, key_types, type_names);

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

}  // namespace
