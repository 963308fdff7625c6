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

// pandas Series.rank. Keys are put in ranking order by a stable sort of their
// indices (so 'first' breaks ties by input position); NaN goes first for
// na_option top and last otherwise, whatever `ascending` says.
template <class K>
std::vector<double> reference_rank(const std::vector<K>& keys, const ordo::rank_options& o) {
  const std::size_t n = keys.size();
  const bool nan_first = o.na == ordo::na_option::top;
  std::vector<std::size_t> idx(n);
  std::iota(idx.begin(), idx.end(), std::size_t(0));
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    const K x = keys[a], y = keys[b];
    const bool nx = ref_is_nan(x), ny = ref_is_nan(y);
    if (nx || ny) return nan_first ? (nx && !ny) : (ny && !nx);
    return o.ascending ? x < y : y < x;
  });

  std::size_t nans = 0;
  for (K k : keys) nans += ref_is_nan(k);
  const bool keep = o.na == ordo::na_option::keep;

  std::vector<double> out(n, std::numeric_limits<double>::quiet_NaN());
  std::size_t dense = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j + 1 < n && ref_tie(keys[idx[j + 1]], keys[idx[i]])) ++j;
    const bool unranked = keep && ref_is_nan(keys[idx[i]]);
    if (!unranked) {
      ++dense;
      for (std::size_t k = i; k <= j; ++k) out[idx[k]] = ref_group_rank(o.method, k, i, j, dense);
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

}  // namespace ordo_test
