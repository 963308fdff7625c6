// CPU grouped rank: each group's (order bits, index) items sorted, then one
// walk over the group's tie groups with the semantics of rank_value.hpp, the
// positions counted from the group's start (pandas groupby().rank()).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "common/rank_value.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cpu_rank {

// One element of a group: its group's label code (0 for segments), rank()'s
// order bits and its index; sorted by all three, so ties keep index order
// ('first').
template <class U>
struct group_item {
  std::uint64_t label;
  U bits;
  std::uint64_t index;
  friend bool operator<(const group_item& a, const group_item& b) {
    if (a.label != b.label) return a.label < b.label;
    if (a.bits != b.bits) return a.bits < b.bits;
    return a.index < b.index;
  }
};

template <class K>
group_item<key_code_t<K>> make_group_item(const K* keys, std::uint64_t i, std::uint64_t label, const rank_options& o) {
  return {label, key_traits<K>::rank_bits(keys[i], !o.ascending, o.na == na_option::top), i};
}

// An item of the labels path: order bits and index (the label is sorted
// alongside, in its own array).
template <class U, class Index>
struct bits_index {
  U bits;
  Index index;
};

// Ranks one group, items[0, len) sorted (any item with .bits and .index);
// writes out[item.index]. keep_nan: the trailing items with the kept-NaN bits
// are NaN keys left unranked (floating keys under na_option::keep: no other
// key has those bits).
template <class Item, class R>
void rank_sorted_group(const Item* items, std::size_t len, const rank_options& o, bool keep_nan, R* out) {
  using U = decltype(Item::bits);
  std::size_t ranked = len;
  if (keep_nan)
    while (ranked > 0 && items[ranked - 1].bits == kept_nan_rank_bits<U>()) --ranked;
  for (std::size_t p = ranked; p < len; ++p) out[items[p].index] = unranked_value<R>();
  std::uint64_t distinct = 0;
  if (o.pct && o.method == rank_method::dense)
    for (std::size_t p = 0; p < ranked; ++p) distinct += p == 0 || items[p].bits != items[p - 1].bits;
  const double divisor = pct_divisor(o.method, ranked, distinct);
  std::uint64_t dense = 0;
  for (std::size_t i = 0; i < ranked;) {
    std::size_t j = i;
    while (j + 1 < ranked && items[j + 1].bits == items[i].bits) ++j;
    ++dense;
    for (std::size_t p = i; p <= j; ++p) {
      if constexpr (std::is_floating_point_v<R>)
        out[items[p].index] = finish_rank<R>(tie_group_rank<double>(o.method, p, i, j, dense), o.pct, divisor);
      else
        out[items[p].index] = tie_group_rank<R>(o.method, p, i, j, dense);
    }
    i = j + 1;
  }
}

}  // namespace ordo::detail::cpu_rank
