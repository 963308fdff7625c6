// The paper's modified binary search (Sec. III.C-D, Fig. 5): the first
// occurrence of keys[pos] in keys[0..pos]. It keeps halving until the range is
// empty, so it lands on the first occurrence, not on any occurrence.
// last_occurrence is its mirror, for the max and average methods.
#pragma once
#include <cstddef>

#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::cpu_rank {

template <class K>
std::size_t first_occurrence(const K* keys, std::size_t pos) {
  if (pos == 0 || !keys_tie(keys[pos - 1], keys[pos])) return pos;  // common case
  const K target = keys[pos];
  std::size_t low = 0, high = pos;  // search [low, high)
  std::size_t found = pos;
  while (low < high) {
    std::size_t m = low + (high - low) / 2;
    if (keys_tie(keys[m], target)) {  // check the first half
      found = m;
      high = m;
    } else {  // check the second half
      low = m + 1;
    }
  }
  return found;
}

template <class K>
std::size_t last_occurrence(const K* keys, std::size_t n, std::size_t pos) {
  if (pos + 1 >= n || !keys_tie(keys[pos + 1], keys[pos])) return pos;
  const K target = keys[pos];
  std::size_t low = pos + 1, high = n;
  std::size_t found = pos;
  while (low < high) {
    std::size_t m = low + (high - low) / 2;
    if (keys_tie(keys[m], target)) {
      found = m;
      low = m + 1;
    } else {
      high = m;
    }
  }
  return found;
}

}  // namespace ordo::detail::cpu_rank
