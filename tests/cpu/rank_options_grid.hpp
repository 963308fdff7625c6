// Every rank_options a (key, rank) pair can take: all methods (average only
// with a floating rank), both directions, the three na_options where keys can
// be NaN (keep otherwise), pct where the rank is floating.
#pragma once
#include <type_traits>
#include <vector>

#include "common/type_lists.hpp"
#include "ordo/rank.hpp"

namespace ordo_test {

template <class K, class R>
std::vector<ordo::rank_options> all_rank_options() {
  std::vector<ordo::na_option> nas{ordo::na_option::keep};
  if constexpr (std::is_floating_point_v<K>) nas = {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom};
  std::vector<bool> pcts{false};
  if constexpr (std::is_floating_point_v<R>) pcts = {false, true};
  std::vector<ordo::rank_options> out;
  for (auto method : methods_for<R>())
    for (bool ascending : {true, false})
      for (auto na : nas)
        for (bool pct : pcts) out.push_back({method, ascending, na, pct});
  return out;
}

// One option per method, the other fields varying, for the large inputs.
template <class K, class R>
std::vector<ordo::rank_options> some_rank_options() {
  const ordo::na_option nas[] = {ordo::na_option::bottom, ordo::na_option::keep, ordo::na_option::top};
  std::vector<ordo::rank_options> out;
  std::size_t i = 0;
  for (auto method : methods_for<R>()) {
    out.push_back({method, i % 2 == 0, std::is_floating_point_v<K> ? nas[i % 3] : ordo::na_option::keep,
                   std::is_floating_point_v<R> && i % 3 != 1});
    ++i;
  }
  return out;
}

}  // namespace ordo_test
