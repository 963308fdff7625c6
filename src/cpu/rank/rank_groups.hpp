// Walks the tie groups of one chunk of a sorted array and hands each position
// to a sink with the facts every rank method is made of:
//   first, last  the group's extent in the whole array (0-based)
//   dense        the group's 1-based index among distinct keys
// A chunk's first group may have begun before the chunk and its last group
// may end after it; the caller passes those extents in (found by the
// modified binary search), so chunks are independent.
#pragma once
#include <cstddef>
#include <cstdint>

#include "common/rank_value.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cpu_rank {

struct group_facts {
  std::size_t first, last;
  std::uint64_t dense;
};

// The value a method assigns to position `pos` of a group (common/rank_value.hpp).
template <class R>
R method_value(rank_method m, std::size_t pos, const group_facts& g) {
  return tie_group_rank<R>(m, pos, g.first, g.last, g.dense);
}

// chunk [b, e) of keys[0, n); first_of_b = first occurrence of keys[b];
// last_of_end = last occurrence of keys[e-1]; dense_b = dense rank of keys[b].
template <class K, class Sink>
void walk_groups(const K* keys, std::size_t b, std::size_t e, std::size_t first_of_b,
                 std::size_t last_of_end, std::uint64_t dense_b, Sink&& sink) {
  std::size_t i = b;
  std::uint64_t dense = dense_b;
  while (i < e) {
    std::size_t j = i;
    while (j + 1 < e && keys_tie(keys[j + 1], keys[i])) ++j;
    group_facts g{i == b ? first_of_b : i, j == e - 1 ? last_of_end : j, dense};
    for (std::size_t k = i; k <= j; ++k) sink(k, g);
    i = j + 1;
    ++dense;
  }
}

}  // namespace ordo::detail::cpu_rank
