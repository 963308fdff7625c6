// The sequential check for PDSS-SA: Manber-Myers prefix doubling with a
// comparison sort of (rank[i], rank[i + h]) pairs, O(n log^2 n), no ordo.
#include <algorithm>
#include <numeric>

#include "suffix_array.hpp"

namespace ordo_apps {

std::vector<std::uint32_t> suffix_array_reference(std::span<const std::uint8_t> text) {
  const std::size_t n = text.size();
  std::vector<std::uint32_t> sa(n), rank(n), next(n);
  std::iota(sa.begin(), sa.end(), 0u);
  if (n == 0) return sa;
  for (std::size_t i = 0; i < n; ++i) rank[i] = text[i] + 1u;
  for (std::size_t h = 1;; h *= 2) {
    auto second = [&](std::uint32_t i) { return i + h < n ? rank[i + h] : 0u; };
    auto less = [&](std::uint32_t a, std::uint32_t b) {
      return rank[a] != rank[b] ? rank[a] < rank[b] : second(a) < second(b);
    };
    std::sort(sa.begin(), sa.end(), less);
    next[sa[0]] = 1;
    for (std::size_t j = 1; j < n; ++j) next[sa[j]] = next[sa[j - 1]] + (less(sa[j - 1], sa[j]) ? 1u : 0u);
    rank.swap(next);
    if (rank[sa[n - 1]] == n) break;  // every suffix has a rank of its own
  }
  return sa;
}

}  // namespace ordo_apps
