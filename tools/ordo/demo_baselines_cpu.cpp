// The CPU baselines of `ordo demo` (see demo_baselines.hpp): plain sequential
// code, written without ordo, so that each also checks ordo's answer.
#include <algorithm>
#include <numeric>
#include <vector>

#include "demo_baselines.hpp"

namespace ordo::tools::demo {

void rank_sorted_loop(std::span<const std::int32_t> k, std::span<std::uint32_t> r, rank_method m) {
  const std::size_t n = k.size();
  std::uint32_t dense = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && k[j] == k[i]) ++j;  // [i, j) is one run of ties
    ++dense;
    for (std::size_t t = i; t < j; ++t) {
      switch (m) {
        case rank_method::min: r[t] = std::uint32_t(i + 1); break;
        case rank_method::max: r[t] = std::uint32_t(j); break;
        case rank_method::dense: r[t] = dense; break;
        default: r[t] = std::uint32_t(t + 1); break;  // ordinal
      }
    }
    i = j;
  }
}

void rank_sorted_loop(std::span<const std::int32_t> k, std::span<double> r) {
  const std::size_t n = k.size();
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && k[j] == k[i]) ++j;
    for (std::size_t t = i; t < j; ++t) r[t] = (double(i + 1) + double(j)) / 2;
    i = j;
  }
}

// pandas' way: a stable argsort, then the runs of equal keys in sorted order.
void rank_stable_sort(std::span<const std::int32_t> k, std::span<double> r, rank_method m) {
  const std::size_t n = k.size();
  std::vector<std::uint32_t> p(n);
  std::iota(p.begin(), p.end(), 0u);
  std::stable_sort(p.begin(), p.end(), [&](std::uint32_t a, std::uint32_t b) { return k[a] < k[b]; });
  double dense = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && k[p[j]] == k[p[i]]) ++j;
    ++dense;
    for (std::size_t t = i; t < j; ++t) {
      switch (m) {
        case rank_method::min: r[p[t]] = double(i + 1); break;
        case rank_method::max: r[p[t]] = double(j); break;
        case rank_method::dense: r[p[t]] = dense; break;
        case rank_method::ordinal: r[p[t]] = double(t + 1); break;
        case rank_method::average: r[p[t]] = (double(i + 1) + double(j)) / 2; break;
      }
    }
    i = j;
  }
}

// Find the heads (nodes no one points to), then walk each list.
void list_rank_walk(std::span<const std::int32_t> succ, std::span<std::uint32_t> r) {
  const std::size_t n = succ.size();
  std::vector<char> has_pred(n, 0);
  for (std::size_t i = 0; i < n; ++i)
    if (succ[i] >= 0) has_pred[std::size_t(succ[i])] = 1;
  for (std::size_t h = 0; h < n; ++h) {
    if (has_pred[h]) continue;
    std::uint32_t d = 0;
    for (std::int64_t v = std::int64_t(h); v >= 0; v = succ[std::size_t(v)]) r[std::size_t(v)] = d++;
  }
}

void argsort_stable_sort(std::span<const std::int32_t> k, std::span<std::uint32_t> p) {
  std::iota(p.begin(), p.end(), 0u);
  std::stable_sort(p.begin(), p.end(), [&](std::uint32_t a, std::uint32_t b) { return k[a] < k[b]; });
}

void scan_partial_sum(std::span<const std::uint32_t> v, std::span<std::uint32_t> out) {
  std::partial_sum(v.begin(), v.end(), out.begin());
}

void sort_std_sort(std::span<const std::int32_t> k, std::span<std::int32_t> out) {
  std::copy(k.begin(), k.end(), out.begin());
  std::sort(out.begin(), out.end());
}

// For each j, the first i whose prefix maximum exceeds a[j] (prefix maxima
// never decrease, so a binary search finds it).
std::uint64_t radius_loop(std::span<const std::int32_t> a) {
  std::vector<std::int32_t> pm(a.size());
  std::uint64_t k = 0;
  for (std::size_t j = 0; j < a.size(); ++j) {
    pm[j] = j ? std::max(pm[j - 1], a[j]) : a[j];
    const auto i = std::size_t(std::upper_bound(pm.begin(), pm.begin() + std::ptrdiff_t(j), a[j]) - pm.begin());
    if (i < j) k = std::max<std::uint64_t>(k, j - i);
  }
  return k;
}

void segmented_sort_std_sort(std::span<const std::int32_t> k, std::span<std::int32_t> out, std::uint64_t length) {
  std::copy(k.begin(), k.end(), out.begin());
  for (std::size_t b = 0; b < out.size(); b += length)
    std::sort(out.begin() + std::ptrdiff_t(b), out.begin() + std::ptrdiff_t(std::min<std::size_t>(b + length, out.size())));
}

}  // namespace ordo::tools::demo
