// The sequential reference of lexsort_idx: std::stable_sort of the indices
// with a comparator over the columns written on the keys' own comparisons
// (NaN ties NaN and goes last or first, -0.0 ties +0.0).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <type_traits>
#include <vector>

namespace ordo_test {

// -1, 0, 1: a before, tied with, after b in one column's order.
template <class K>
int column_order(K a, K b, bool descending, bool nan_last) {
  bool na = false, nb = false;
  if constexpr (std::is_floating_point_v<K>) na = std::isnan(a), nb = std::isnan(b);
  if (na || nb) {
    if (na && nb) return 0;
    return (na == nan_last) ? 1 : -1;
  }
  if (a == b) return 0;
  return ((a < b) != descending) ? -1 : 1;
}

// cmp(i, j) for each column, primary first.
inline std::vector<std::uint64_t> reference_lexsort(std::size_t n, const std::vector<std::function<int(std::size_t, std::size_t)>>& cols) {
  std::vector<std::uint64_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](std::uint64_t i, std::uint64_t j) {
    for (const auto& c : cols) {
      const int o = c(i, j);
      if (o != 0) return o < 0;
    }
    return false;
  });
  return idx;
}

}  // namespace ordo_test
