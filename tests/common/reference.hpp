// Deliberately simple sequential references, written apart from src/ (they
// share no code with it) so that a test compares two independent answers.
// The golden test (tests/cpu/rank_golden_test.cpp) checks reference_rank
// against pandas.
//
//   reference_rank_sorted  ranks of keys whose ties are adjacent (any order)
//   reference_rank         pandas Series.rank(method, ascending, na_option, pct)
//
// Ties: a == b (so -0.0 ties +0.0), or both NaN. Results are doubles; a NaN
// result means "no rank" (na_option keep).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
#include <vector>

#include "ordo/rank.hpp"

namespace ordo_test {

template <class K>
bool ref_is_nan(K k) {
  if constexpr (std::is_floating_point_v<K>) return std::isnan(k);
  else return false;
}

template <class K>
bool ref_tie(K a, K b) {
  return a == b || (ref_is_nan(a) && ref_is_nan(b));
}

// The rank `method` gives to 0-based position `pos` of a tie group spanning
// [first, last] (0-based, in ranking order), the group being the dense-th.
inline double ref_group_rank(ordo::rank_method method, std::size_t pos, std::size_t first,
                             std::size_t last, std::size_t dense) {
  switch (method) {
    case ordo::rank_method::min: return double(first + 1);
    case ordo::rank_method::max: return double(last + 1);
    case ordo::rank_method::dense: return double(dense);
    case ordo::rank_method::ordinal: return double(pos + 1);
    case ordo::rank_method::average: return double((first + 1) + (last + 1)) / 2.0;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

// Ranks of keys already sorted (ascending or descending): tie groups are runs
// of adjacent tied keys, ranked in array order.
template <class K>
std::vector<double> reference_rank_sorted(const std::vector<K>& keys, ordo::rank_method method) {
  const std::size_t n = keys.size();
  std::vector<double> out(n);
  std::size_t dense = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j + 1 < n && ref_tie(keys[j + 1], keys[i])) ++j;
    ++dense;
    for (std::size_t k = i; k <= j; ++k) out[k] = ref_group_rank(method, k, i, j, dense);
    i = j + 1;
  }
  return out;
}

// pandas Series.rank. Keys are put in ranking order by sorting (key, index)
// pairs, the index breaking ties (a stable order, so 'first' breaks ties by
// input position); NaN goes first for na_option top and last otherwise,
// whatever `ascending` says. The pairs are sorted by value, not as indices
// into keys: the sanitizer build spent most of a 2^22-key test in the
// indirect comparisons.
template <class K>
struct ref_keyed {
  K key;
  std::size_t index;
};

// The ranking order alone: it depends on the direction and on where NaN
// goes, not on the method or pct, so a test that checks every method over
// the same keys sorts them once for each direction and NaN place
// (reference_rank_in_order), not once for each option set.
template <class K>
std::vector<ref_keyed<K>> reference_rank_order(const std::vector<K>& keys, bool ascending, bool nan_first) {
  const std::size_t n = keys.size();
  std::vector<ref_keyed<K>> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = {keys[i], i};
  std::sort(order.begin(), order.end(), [&](const ref_keyed<K>& a, const ref_keyed<K>& b) {
    const bool nx = ref_is_nan(a.key), ny = ref_is_nan(b.key);
    if (nx || ny) {
      if (nx != ny) return nan_first ? nx : ny;
      return a.index < b.index;
    }
    if (ascending ? a.key < b.key : b.key < a.key) return true;
    if (ascending ? b.key < a.key : a.key < b.key) return false;
    return a.index < b.index;
  });
  return order;
}

// The ranks from an order that reference_rank_order(keys, o.ascending,
// o.na == top) returned.
template <class K>
std::vector<double> reference_rank_in_order(const std::vector<K>& keys, const std::vector<ref_keyed<K>>& order,
                                            const ordo::rank_options& o) {
  const std::size_t n = keys.size();
  std::size_t nans = 0;
  for (K k : keys) nans += ref_is_nan(k);
  const bool keep = o.na == ordo::na_option::keep;

  // Tie groups are runs of the sorted pairs; only the rank's store goes
  // back to the key's position.
  std::vector<double> out(n, std::numeric_limits<double>::quiet_NaN());
  std::size_t dense = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j + 1 < n && ref_tie(order[j + 1].key, order[i].key)) ++j;
    const bool unranked = keep && ref_is_nan(order[i].key);
    if (!unranked) {
      ++dense;
      for (std::size_t k = i; k <= j; ++k) out[order[k].index] = ref_group_rank(o.method, k, i, j, dense);
    }
    i = j + 1;
  }

  if (o.pct) {
    // pandas divides by the number of ranked keys; 'dense' by the largest rank.
    const double divisor =
        o.method == ordo::rank_method::dense ? double(dense) : double(keep ? n - nans : n);
    for (double& r : out) r = r / divisor;
  }
  return out;
}

template <class K>
std::vector<double> reference_rank(const std::vector<K>& keys, const ordo::rank_options& o) {
  return reference_rank_in_order(keys, reference_rank_order(keys, o.ascending, o.na == ordo::na_option::top), o);
}

}  // namespace ordo_test
