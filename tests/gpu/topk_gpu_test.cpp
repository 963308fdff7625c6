// topk and topk_rows on the GPU against the sequential reference (small) and
// ordo::cpu (large), element by element: values by bits, indices exactly.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.hpp"
#include "common/topk_reference.hpp"
#include "common/type_lists.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/topk.hpp"

namespace ordo_test {
namespace {

ORDO_GPU_TYPED_SUITE(TopkGpu, key_types);

template <class K>
topk_result<K> gpu_topk(const std::vector<K>& keys, std::size_t row_length, std::size_t k, bool largest) {
  ordo::device_buffer<K> d_keys{std::span<const K>(keys)};
  const std::size_t m = row_length ? keys.size() / row_length * k : 0;
  ordo::device_buffer<K> v(m);
  ordo::device_buffer<std::int64_t> i(m);
  if (row_length == keys.size())
    ordo::topk(ordo::cuda{}, std::as_const(d_keys).span(), k, v.span(), i.span(), {largest});
  else
    ordo::topk_rows(ordo::cuda{}, std::as_const(d_keys).span(), row_length, k, v.span(), i.span(), {largest});
  ordo::detail::device_synchronize();
  topk_result<K> out{std::vector<K>(m), std::vector<std::int64_t>(m)};
  v.download(out.values);
  i.download(out.indices);
  return out;
}

template <class K>
topk_result<K> cpu_topk(const std::vector<K>& keys, std::size_t row_length, std::size_t k, bool largest) {
  const std::size_t m = keys.size() / row_length * k;
  topk_result<K> out{std::vector<K>(m), std::vector<std::int64_t>(m)};
  ordo::topk_rows(ordo::cpu{}, std::span<const K>(keys), row_length, k, std::span<K>(out.values),
                  std::span<std::int64_t>(out.indices), {largest});
  return out;
}

template <class K>
void check(const std::vector<K>& keys, std::size_t row_length, std::size_t k, bool largest, bool reference) {
  const auto want = reference ? reference_topk_rows(keys, row_length, k, largest) : cpu_topk(keys, row_length, k, largest);
  const auto got = gpu_topk(keys, row_length, k, largest);
  ASSERT_EQ(got.indices, want.indices) << "n=" << keys.size() << " row=" << row_length << " k=" << k
                                       << " largest=" << largest;
  ASSERT_TRUE(same_bits(got.values, want.values));
}

TYPED_TEST(TopkGpu, WholeArray) {
  using K = TypeParam;
  for_each_whole_array_case<K>(
      [](const std::vector<K>& keys, std::size_t k, bool largest) { check(keys, keys.size(), k, largest, true); });
}

TYPED_TEST(TopkGpu, Rows) {
  using K = TypeParam;
  // Both sides of the one-warp-per-row path (rows up to 1024 keys, k up to 32)
  // and of each of its lane widths (128, 256, 512, 1024 keys).
  for (std::size_t row : {1, 5, 33, 64, 128, 129, 256, 300, 512, 1000, 1024, 1025, 5000}) {
    const auto keys = topk_keys<K>(row * 37, row % 2 ? 20 : 3, row);
    for (std::size_t k : {std::size_t(1), std::size_t(3), std::size_t(31), std::size_t(32), std::size_t(33), row})
      for (bool largest : {true, false}) check(keys, row, std::min(k, row), largest, true);
  }
}

TEST(TopkGpuLarge, MatchesCpu) {
  ORDO_REQUIRE_GPU();
  const std::size_t n = (std::size_t(1) << 24) + 3;
  const auto f = topk_keys<float>(n, 1ull << 40, 1);
  const auto ties = topk_keys<std::int64_t>(n, 1000, 2);
  for (std::size_t k : {1, 32, 1024, 65536})
    for (bool largest : {true, false}) {
      check(f, n, k, largest, false);
      check(ties, n, k, largest, false);
    }
  const auto rows = topk_keys<float>(std::size_t(1) << 22, 1ull << 40, 3);
  check(rows, 1024, 32, true, false);
}

TEST(TopkGpuErrors, KTooLarge) {
  ORDO_REQUIRE_GPU();
  ordo::device_buffer<float> keys(10), v(11);
  ordo::device_buffer<std::int64_t> i(11);
  EXPECT_THROW(ordo::topk(ordo::cuda{}, std::as_const(keys).span(), 11, v.span(), i.span()), ordo::error);
}

}  // namespace
}  // namespace ordo_test
