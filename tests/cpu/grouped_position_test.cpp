// The GPU grouped rank's per-position step (src/common/grouped_position.hpp,
// host and device) run on the host over the arrays the GPU builds: positions
// sorted by (label, order bits, index), the label codes, the tie-head sums
// for dense; against the sequential reference, every option.
#include <algorithm>
#include <cstdint>
#include <span>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "common/compare.hpp"
#include "common/grouped_position.hpp"
#include "common/grouped_reference.hpp"
#include "cpu/rank_options_grid.hpp"
#include "cpu/cpu_cases.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo_test {
namespace {

template <class K, class R>
std::vector<R> emulate_gpu(const std::vector<K>& keys, const std::vector<std::int32_t>& labels,
                           const ordo::rank_options& o) {
  using U = ordo::detail::key_code_t<K>;
  const std::size_t n = keys.size();
  std::vector<std::tuple<std::uint64_t, U, std::uint32_t>> items(n);
  for (std::size_t i = 0; i < n; ++i)
    items[i] = {std::uint64_t(std::int64_t(labels[i])) ^ (std::uint64_t(1) << 63),
                ordo::detail::key_traits<K>::rank_bits(keys[i], !o.ascending, o.na == ordo::na_option::top),
                std::uint32_t(i)};
  std::sort(items.begin(), items.end());
  std::vector<U> sb(n);
  std::vector<std::uint64_t> sg(n);
  std::vector<std::uint32_t> idx(n), cum(n);
  for (std::size_t p = 0; p < n; ++p) {
    std::tie(sg[p], sb[p], idx[p]) = items[p];
    cum[p] = (p == 0 || sg[p] != sg[p - 1] || sb[p] != sb[p - 1]) + (p ? cum[p - 1] : 0);
  }
  const ordo::detail::grouped::grouped_rank_args a{n, o.method, o.pct,
                                                  std::is_floating_point_v<K> && o.na == ordo::na_option::keep, false};
  std::vector<R> out(n);
  for (std::uint64_t p = 0; p < n; ++p)
    ordo::detail::grouped::rank_position(sb.data(), sg.data(), idx.data(),
                                         o.method == ordo::rank_method::dense ? cum.data() : nullptr, a, p, out.data());
  return out;
}

template <class K, class R>
void check() {
  for (std::size_t n : {1, 2, 50, 3000})
    for (std::uint64_t groups : {1ull, 7ull, 1000ull}) {
      const auto keys = group_keys<K>(n, 6, n + groups);
      const auto labels = random_labels<std::int32_t>(n, groups, n * groups);
      for (const ordo::rank_options& o : all_rank_options<K, R>())
        ASSERT_TRUE(ranks_match(emulate_gpu<K, R>(keys, labels, o), reference_grouped_rank(keys, labels, o), keys))
            << "n=" << n << " groups=" << groups << " " << describe(o);
    }
}

TEST(GroupedPosition, DoubleKeysDoubleRanks) { check<double, double>(); }
TEST(GroupedPosition, FloatKeysFloatRanks) { check<float, float>(); }
TEST(GroupedPosition, IntKeysUintRanks) { check<std::int32_t, std::uint32_t>(); }
TEST(GroupedPosition, Uint64KeysUint64Ranks) { check<std::uint64_t, std::uint64_t>(); }

// One long group and long ties: the gallops' long runs.
TEST(GroupedPosition, LongRuns) {
  const std::size_t n = 100000;
  std::vector<double> keys(n);
  for (std::size_t i = 0; i < n; ++i) keys[i] = double(i % 3);
  const std::vector<std::int32_t> labels(n, 4);
  for (auto m : {ordo::rank_method::average, ordo::rank_method::dense, ordo::rank_method::max})
    for (bool pct : {false, true}) {
      const ordo::rank_options o{m, true, ordo::na_option::keep, pct};
      ASSERT_TRUE(ranks_match(emulate_gpu<double, double>(keys, labels, o), reference_rank(keys, o), keys));
    }
}

}  // namespace
}  // namespace ordo_test
