// Sequential references of grouped_rank: each group's keys gathered in index
// order, ranked by reference_rank (pandas Series.rank) and scattered back, as
// pandas groupby().rank() does. Shared by the CPU and GPU suites, with the
// cases they both run.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <map>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/generators.hpp"
#include "common/reference.hpp"

namespace ordo_test {

// Ranks of the elements of each index list, among themselves.
template <class K>
void reference_rank_within(const std::vector<K>& keys, const std::vector<std::size_t>& members,
                           const ordo::rank_options& o, std::vector<double>& out) {
  std::vector<K> sub;
  sub.reserve(members.size());
  for (std::size_t i : members) sub.push_back(keys[i]);
  const std::vector<double> r = reference_rank(sub, o);
  for (std::size_t k = 0; k < members.size(); ++k) out[members[k]] = r[k];
}

template <class K, class L>
std::vector<double> reference_grouped_rank(const std::vector<K>& keys, const std::vector<L>& labels,
                                           const ordo::rank_options& o) {
  std::map<L, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < keys.size(); ++i) groups[labels[i]].push_back(i);
  std::vector<double> out(keys.size());
  for (const auto& [label, members] : groups) reference_rank_within(keys, members, o, out);
  return out;
}

// Segments as [begin, end) pairs; elements no segment covers get `uncovered`.
template <class K>
std::vector<double> reference_segmented_rank(const std::vector<K>& keys,
                                             const std::vector<std::pair<std::size_t, std::size_t>>& segs,
                                             const ordo::rank_options& o, double uncovered) {
  std::vector<double> out(keys.size(), uncovered);
  for (const auto& [b, e] : segs) {
    std::vector<std::size_t> members;
    for (std::size_t i = b; i < e; ++i) members.push_back(i);
    reference_rank_within(keys, members, o, out);
  }
  return out;
}

// Keys with ties and, for floating keys, an eighth NaN.
template <class K>
std::vector<K> group_keys(std::size_t n, std::uint64_t distinct, std::uint64_t seed) {
  if constexpr (std::is_floating_point_v<K>) return with_nans<K>(n, n / 8, distinct, seed);
  else return random_keys<K>(n, distinct, seed);
}

// Labels drawn from `distinct` values spread over L's range (negative and
// extreme values included for signed and 64-bit labels).
template <class L>
std::vector<L> random_labels(std::size_t n, std::uint64_t distinct, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::vector<L> pool;
  for (std::uint64_t d = 0; d < distinct; ++d) {
    if (d == 0) pool.push_back(std::numeric_limits<L>::min());
    else if (d == 1) pool.push_back(std::numeric_limits<L>::max());
    else pool.push_back(L(gen()));
  }
  std::vector<L> out(n);
  for (auto& l : out) l = pool[gen() % pool.size()];
  return out;
}

// The label cases both suites run: for each n of sizes and each label type L,
// check(keys, labels, n, label_distinct) with n keys of K (group_keys) and n
// labels of L drawn from label_distinct values.
template <class K, class Check>
void for_each_label_case(std::initializer_list<std::size_t> sizes, Check&& check) {
  for (std::size_t n : sizes) {
    const auto one = [&]<class L>(L, std::uint64_t key_distinct, std::uint64_t label_distinct, std::uint64_t seed) {
      check(group_keys<K>(n, key_distinct, seed), random_labels<L>(n, label_distinct, seed + 1), n, label_distinct);
    };
    one(std::int32_t{}, 5, 3, n);
    one(std::int64_t{}, 50, 40, n + 11);
    one(std::uint8_t{}, 3, 200, n + 12);
    one(std::int16_t{}, 1000, 1, n + 13);   // one group
    one(std::uint64_t{}, 4, n + 1, n + 14);  // nearly every key in its own group
  }
}

using segment_pairs = std::vector<std::pair<std::size_t, std::size_t>>;

// The [begin, end) pairs of segments by offsets, by bounds and of a fixed
// length over n elements, for reference_segmented_rank.
template <class Offset>
segment_pairs offset_pairs(const std::vector<Offset>& offsets) {
  segment_pairs out;
  for (std::size_t i = 0; i + 1 < offsets.size(); ++i) out.push_back({offsets[i], offsets[i + 1]});
  return out;
}
template <class Bound>
segment_pairs bound_pairs(const std::vector<Bound>& begins, const std::vector<Bound>& ends) {
  segment_pairs out;
  for (std::size_t i = 0; i < begins.size(); ++i) out.push_back({begins[i], ends[i]});
  return out;
}
inline segment_pairs fixed_pairs(std::size_t n, std::size_t length) {
  segment_pairs out;
  for (std::size_t b = 0; b < n; b += length) out.push_back({b, std::min(n, b + length)});
  return out;
}

}  // namespace ordo_test
