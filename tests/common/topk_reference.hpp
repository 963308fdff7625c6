// The sequential reference of topk: a stable sort of the indices by key
// (NaN largest, -0.0 == +0.0; descending when largest), the first k taken.
// Written on the keys' own comparisons, apart from src/'s codes.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

#include "common/generators.hpp"

namespace ordo_test {

template <class K>
struct topk_result {
  std::vector<K> values;
  std::vector<std::int64_t> indices;
};

// Keys with ties; floating ones with NaN and both zeros.
template <class K>
std::vector<K> topk_keys(std::size_t n, std::uint64_t distinct, std::uint64_t seed) {
  if constexpr (std::is_floating_point_v<K>) {
    auto v = with_nans<K>(n, n / 16, distinct, seed);
    for (std::size_t i = 0; i < n; i += 7) v[i] = (i / 7) % 2 ? K(-0.0) : K(0.0);
    return v;
  } else {
    return random_keys<K>(n, distinct, seed);
  }
}

// The whole-array cases both suites run: check(keys, k, largest) for n keys
// of 1, 10 and 2^40 distinct values and k = 1, 7, n/3 + 1 and n (at most n).
template <class K, class Check>
void for_each_whole_array_case(Check&& check) {
  for (std::size_t n : {1, 2, 9, 1000, 70001})
    for (std::uint64_t distinct : {1ull, 10ull, 1ull << 40}) {
      const auto keys = topk_keys<K>(n, distinct, n + distinct);
      for (std::size_t k : {std::size_t(1), std::size_t(7), n / 3 + 1, n})
        for (bool largest : {true, false}) check(keys, std::min(k, n), largest);
    }
}

template <class K>
topk_result<K> reference_topk_rows(const std::vector<K>& keys, std::size_t row_length, std::size_t k, bool largest) {
  topk_result<K> out;
  const auto nan = [](K x) {
    if constexpr (std::is_floating_point_v<K>) return std::isnan(x);
    else return false;
  };
  const auto less = [&](K a, K b) {  // ascending, NaN last
    if (nan(a)) return false;
    if (nan(b)) return true;
    return a < b;
  };
  for (std::size_t b = 0; b + row_length <= keys.size() && row_length > 0; b += row_length) {
    std::vector<std::size_t> idx(row_length);
    std::iota(idx.begin(), idx.end(), b);
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t x, std::size_t y) {
      return largest ? less(keys[y], keys[x]) : less(keys[x], keys[y]);
    });
    for (std::size_t j = 0; j < k; ++j) {
      out.values.push_back(keys[idx[j]]);
      out.indices.push_back(std::int64_t(idx[j] - b));
    }
  }
  return out;
}

// Values compared by bits (NaN equals NaN, -0.0 differs from +0.0: topk returns the keys themselves).
template <class K>
bool same_bits(const std::vector<K>& a, const std::vector<K>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(K)) != 0) return false;
  return true;
}

}  // namespace ordo_test
