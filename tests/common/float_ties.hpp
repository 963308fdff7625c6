// Float keys whose ties differ in their bits, for the stability promises of
// the sorts: shared by rough_sort_cases.hpp and segsort_cases.hpp.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "common/generators.hpp"
#include "ordo/ops.hpp"

namespace ordo_test {

// Float keys where only ties differ in bits: -0.0 / +0.0 and NaNs of other
// payloads and signs, among a few numbers. `spread` 0: random order (a large
// radius: the full sorts); else each tie moved at most `spread` places from
// a sorted order (roughsort's runs). Sizes around 16/17 (std::sort's
// insertion cut-off), warps, blocks and tiles.
template <class K>
std::vector<K> float_tie_keys(std::size_t n, std::uint64_t seed, std::uint64_t spread) {
  using U = std::conditional_t<sizeof(K) == 4, std::uint32_t, std::uint64_t>;
  const auto nan_with = [](U payload, bool negative) {
    U bits;
    K q = std::numeric_limits<K>::quiet_NaN();
    std::memcpy(&bits, &q, sizeof(K));
    bits |= payload;
    if (negative) bits |= U(1) << (8 * sizeof(K) - 1);
    K out;
    std::memcpy(&out, &bits, sizeof(K));
    return out;
  };
  const K pool[] = {K(-1), K(-0.0), K(0.0), K(2), nan_with(1, false), nan_with(2, false), nan_with(3, true)};
  rng r(seed);
  std::vector<K> v(n);
  for (auto& x : v) x = pool[r.below(7)];
  if (spread == 0) return v;
  // Sorted by value, then each run of `spread` + 1 shuffled: radius <= spread.
  std::stable_sort(v.begin(), v.end(), ordo::less{});
  const std::size_t run = std::size_t(spread) + 1;
  for (std::size_t b = 0; b < n; b += run)
    for (std::size_t i = std::min(n, b + run); i > b + 1; --i) std::swap(v[i - 1], v[b + r.below(i - b)]);
  return v;
}

inline const std::vector<std::size_t>& float_tie_sizes() {
  static const std::vector<std::size_t> sizes = {2,   15,  16,   17,   31,   32,   33,   63,   64,    65,   255,
                                                 256, 257, 1023, 1024, 2047, 2048, 2049, 4097, 8193, 70001};
  return sizes;
}

}  // namespace ordo_test
