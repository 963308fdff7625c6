// Sequential references of grouped_rank: each group's keys gathered in index
// order, ranked by reference_rank (pandas Series.rank) and scattered back, as
// pandas groupby().rank() does. Shared by the CPU and GPU suites, with the
// cases they both run.
#pragma once
#include <cstddef>
#include <cstdint>
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

}  // namespace ordo_test
