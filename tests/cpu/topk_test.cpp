// topk and topk_rows on the CPU against the sequential reference: every key
// type, largest and smallest, ties (broken by index), NaN and -0.0, k from 1
// to n; argument errors.
#include <cstdint>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.hpp"
#include "common/topk_reference.hpp"
#include "common/type_lists.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/error_expect.hpp"
#include "ordo/topk.hpp"

namespace ordo_test {
namespace {

ORDO_TYPED_SUITE(Topk, key_types);

template <class K>
void check(const ordo::cpu& exec, const std::vector<K>& keys, std::size_t row_length, std::size_t k, bool largest) {
  const auto want = reference_topk_rows(keys, row_length, k, largest);
  std::vector<K> v(want.values.size());
  std::vector<std::int64_t> i(want.indices.size());
  if (row_length == keys.size())
    ordo::topk(exec, std::span<const K>(keys), k, std::span<K>(v), std::span<std::int64_t>(i), {largest});
  else
    ordo::topk_rows(exec, std::span<const K>(keys), row_length, k, std::span<K>(v), std::span<std::int64_t>(i), {largest});
  ASSERT_EQ(i, want.indices) << "n=" << keys.size() << " row=" << row_length << " k=" << k << " largest=" << largest
                             << " " << exec_name(exec);
  ASSERT_TRUE(same_bits(v, want.values));
}

TYPED_TEST(Topk, WholeArray) {
  using K = TypeParam;
  for_each_whole_array_case<K>([](const std::vector<K>& keys, std::size_t k, bool largest) {
    for (const ordo::cpu& exec : rank_execs()) check(exec, keys, keys.size(), k, largest);
  });
}

TYPED_TEST(Topk, Rows) {
  using K = TypeParam;
  for (std::size_t row : {1, 5, 64, 1024}) {
    const auto keys = topk_keys<K>(row * 37, 20, row);
    for (std::size_t k : {std::size_t(1), std::size_t(3), row})
      for (bool largest : {true, false})
        for (const ordo::cpu& exec : rank_execs()) check(exec, keys, row, std::min(k, row), largest);
  }
}

TEST(TopkExample, Header) {
  const std::vector<float> x = {3, 9, 1, 9, 4};
  std::vector<float> v(2);
  std::vector<std::int64_t> i(2);
  ordo::topk(ordo::cpu{}, std::span<const float>(x), 2, std::span<float>(v), std::span<std::int64_t>(i));
  EXPECT_EQ(v, (std::vector<float>{9, 9}));
  EXPECT_EQ(i, (std::vector<std::int64_t>{1, 3}));
}

TEST(TopkErrors, BadArguments) {
  const std::vector<int> keys(10, 1);
  std::vector<int> v(11);
  std::vector<std::int64_t> i(11);
  const ordo::cpu exec{};
  std::string msg;
  EXPECT_TRUE(throws_ordo_error(
      [&] { ordo::topk(exec, std::span<const int>(keys), 11, std::span<int>(v), std::span<std::int64_t>(i)); },
      ordo::errc::invalid_argument, &msg));
  EXPECT_NE(msg.find("k = 11 is larger than the 10 keys"), std::string::npos) << msg;
  EXPECT_ORDO_ERROR(ordo::topk(exec, std::span<const int>(keys), 3, std::span<int>(v.data(), 3),
                               std::span<std::int64_t>(i.data(), 2)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::topk_rows(exec, std::span<const int>(keys), 3, 1, std::span<int>(v.data(), 3),
                                    std::span<std::int64_t>(i.data(), 3)),  // 10 is not whole rows of 3
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::topk_rows(exec, std::span<const int>(keys), 0, 1, std::span<int>(v.data(), 0),
                                    std::span<std::int64_t>(i.data(), 0)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::topk(exec, std::span<const int>(), 1, std::span<int>(), std::span<std::int64_t>()),
                    ordo::errc::invalid_argument);
  ordo::topk(exec, std::span<const int>(), 0, std::span<int>(), std::span<std::int64_t>());  // nothing of nothing
}

}  // namespace
}  // namespace ordo_test
