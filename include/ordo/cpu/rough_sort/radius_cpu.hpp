// CPU radius (seed 002 §3) and the k-sortedness check.
//
// LR(A) = b (prefix maxima) and RL(A) = c (suffix minima) are both
// non-decreasing; DM(A)_i = i - j(i) where j(i) is the first j with
// b[j] > c[i] (0 when none). The radius is max DM. Since c is
// non-decreasing, so is j(i): one forward walk finds them all, keeping only c
// (the paper's 2n-space variant keeps b too; the walk rebuilds b[j] as it
// goes). The parallel version builds b and c with two chunked scans, then each
// thread starts its walk by a binary search for j at its first i.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ordo/cpu/primitives/chunks.hpp"
#include "ordo/cpu/sched/sched.hpp"

namespace ordo::detail {

template <class Key, class Compare>
std::uint64_t radius_sequential(const Key* a, std::size_t n, Compare comp) {
  if (n < 2) return 0;
  std::vector<Key> c(a, a + n);
  for (std::size_t i = n - 1; i-- > 0;)
    if (comp(c[i + 1], c[i])) c[i] = c[i + 1];
  std::uint64_t r = 0;
  std::size_t j = 0;
  Key bj = a[0];
  for (std::size_t i = 1; i < n; ++i) {
    while (j < i && !comp(c[i], bj)) {  // b[j] <= c[i]: j(i) lies further right
      ++j;
      if (comp(bj, a[j])) bj = a[j];
    }
    if (comp(c[i], bj)) r = std::max<std::uint64_t>(r, i - j);
  }
  return r;
}

template <class Key, class Compare>
std::uint64_t radius_parallel(int chunks, const Key* a, std::size_t n, Compare comp) {
  if (chunks <= 1 || n < 2) return radius_sequential(a, n, comp);
  std::vector<Key> b(n), c(n);
  std::vector<Key> chunk_max(chunks), chunk_min(chunks);
  auto max_of = [&](const Key& x, const Key& y) { return comp(x, y) ? y : x; };
  auto min_of = [&](const Key& x, const Key& y) { return comp(y, x) ? y : x; };
  sched::for_each_worker(chunks, [&](int t) {
    const std::size_t s = chunk_begin(n, chunks, t), e = chunk_begin(n, chunks, t + 1);
    if (s == e) return;
    b[s] = a[s];
    for (std::size_t i = s + 1; i < e; ++i) b[i] = max_of(b[i - 1], a[i]);
    c[e - 1] = a[e - 1];
    for (std::size_t i = e - 1; i-- > s;) c[i] = min_of(c[i + 1], a[i]);
    chunk_max[t] = b[e - 1];
    chunk_min[t] = c[s];
  });
  sched::for_each_worker(chunks, [&](int t) {  // carries from the other chunks
    const std::size_t s = chunk_begin(n, chunks, t), e = chunk_begin(n, chunks, t + 1);
    if (s == e) return;
    bool has_before = false, has_after = false;
    Key before{}, after{};
    for (int u = 0; u < t; ++u)
      if (chunk_begin(n, chunks, u) < chunk_begin(n, chunks, u + 1))
        before = has_before ? max_of(before, chunk_max[u]) : chunk_max[u], has_before = true;
    for (int u = t + 1; u < chunks; ++u)
      if (chunk_begin(n, chunks, u) < chunk_begin(n, chunks, u + 1))
        after = has_after ? min_of(after, chunk_min[u]) : chunk_min[u], has_after = true;
    if (has_before)
      for (std::size_t i = s; i < e; ++i) b[i] = max_of(before, b[i]);
    if (has_after)
      for (std::size_t i = s; i < e; ++i) c[i] = min_of(c[i], after);
  });
  std::vector<std::uint64_t> part_r(std::size_t(chunks), 0);
  sched::for_each_worker(chunks, [&](int t) {
    std::uint64_t& r = part_r[t];
    const std::size_t s = chunk_begin(n, chunks, t), e = chunk_begin(n, chunks, t + 1);
    if (s == e) return;
    std::size_t j = std::size_t(std::upper_bound(b.begin(), b.begin() + s + 1, c[s], comp) - b.begin());
    for (std::size_t i = s; i < e; ++i) {
      while (j < i && !comp(c[i], b[j])) ++j;
      if (j <= i && comp(c[i], b[j])) r = std::max<std::uint64_t>(r, i - j);
    }
  });
  return *std::max_element(part_r.begin(), part_r.end());
}

// k-sorted iff max(a[0..j-k-1]) <= a[j] for every j > k. Each thread checks
// its j range with the running maximum of its lagged range, seeded by the
// maxima of the lagged ranges before it.
template <class Key, class Compare>
bool is_k_sorted_cpu(int chunks, const Key* a, std::size_t n, std::uint64_t k, Compare comp) {
  if (k + 1 >= n) return true;
  const std::size_t lag = std::size_t(k) + 1;
  const std::size_t m = n - lag;  // the checks: j = lag + t, t in [0, m), against max(a[0..t])
  chunks = std::max(1, std::min<int>(chunks, int(m / 4096) + 1));
  std::vector<Key> part_max(chunks);
  auto max_of = [&](const Key& x, const Key& y) { return comp(x, y) ? y : x; };
  sched::for_each_worker(chunks, [&](int t) {
    const std::size_t s = chunk_begin(m, chunks, t), e = chunk_begin(m, chunks, t + 1);
    if (s == e) return;
    Key mx = a[s];
    for (std::size_t i = s + 1; i < e; ++i) mx = max_of(mx, a[i]);
    part_max[t] = mx;
  });
  std::vector<char> part_ok(std::size_t(chunks), 1);
  sched::for_each_worker(chunks, [&](int t) {
    char& ok = part_ok[t];
    const std::size_t s = chunk_begin(m, chunks, t), e = chunk_begin(m, chunks, t + 1);
    if (s == e) return;
    bool has = false;
    Key mx{};
    for (int u = 0; u < t; ++u)
      if (chunk_begin(m, chunks, u) < chunk_begin(m, chunks, u + 1))
        mx = has ? max_of(mx, part_max[u]) : part_max[u], has = true;
    for (std::size_t i = s; i < e && ok; ++i) {
      mx = has ? max_of(mx, a[i]) : a[i];
      has = true;
      if (comp(a[i + lag], mx)) ok = 0;
    }
  });
  return std::all_of(part_ok.begin(), part_ok.end(), [](char x) { return x != 0; });
}

}  // namespace ordo::detail
