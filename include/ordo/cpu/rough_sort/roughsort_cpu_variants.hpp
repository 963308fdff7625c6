// The CPU Roughsorts of seed 002, each over a random-access array of T
// (keys, or (key, value) pairs with a comparator on the key).
//
//   roughsort_halving  §3: halve the radius with partitions (nth_element) of
//                      runs of 2h at offsets 0, h, 0 (h = ceil(k/2)), until
//                      1-sorted, then one bubble pass. Sequential, in place;
//                      roughsort_halving_stable is its stable form.
//   bubble_sort        §9's baseline: passes of adjacent swaps until none.
//   roughsort_runs     §7 after Altman-Chlebus: sort every run of 2k, then
//                      every run of 2k starting at offset k. Parallel.
#pragma once
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"

namespace ordo::detail {

// One pass of adjacent swaps: sorts a 1-sorted array, whose inversions are
// disjoint adjacent pairs. Returns whether anything moved.
template <class T, class Compare>
bool bubble_pass(T* a, std::size_t n, Compare comp) {
  bool moved = false;
  for (std::size_t i = 1; i < n; ++i)
    if (comp(a[i], a[i - 1])) {
      std::swap(a[i], a[i - 1]);
      moved = true;
    }
  return moved;
}

template <class T, class Compare>
void bubble_sort(T* a, std::size_t n, Compare comp) {
  std::size_t end = n;  // everything from `end` on is in its final place
  while (end > 1) {
    std::size_t last = 0;
    for (std::size_t i = 1; i < end; ++i)
      if (comp(a[i], a[i - 1])) {
        std::swap(a[i], a[i - 1]);
        last = i;
      }
    end = last;
  }
}

// A k-sorted array becomes ceil(k/2)-sorted: with h = ceil(k/2), the array is
// also 2h-sorted, and putting the h smallest of every run of 2h first (at
// offsets 0, then h, then 0 again) halves that (Altman-Igarashi's halving).
template <class T, class Compare>
void halve_radius(T* a, std::size_t n, std::size_t h, Compare comp) {
  for (std::size_t offset : {std::size_t(0), h, std::size_t(0)})
    for (std::size_t s = offset; s + h < n; s += 2 * h)
      std::nth_element(a + s, a + s + h, a + std::min(n, s + 2 * h), comp);
}

template <class T, class Compare>
void roughsort_halving(T* a, std::size_t n, std::uint64_t k, Compare comp) {
  while (k > 1) {
    const std::uint64_t h = (k + 1) / 2;
    halve_radius(a, n, std::size_t(h), comp);
    k = h;
  }
  if (k == 1) bubble_pass(a, n, comp);
}

// The halving made stable: nth_element is not, so it orders (element, input
// position) pairs, ties broken by position. A k-sorted array is k-sorted in
// that strict order too (a[i] <= a[j] for j - i > k, and i < j breaks a tie),
// so the halving sorts it into the stable order. n positions of extra memory.
template <class T, class Compare>
void roughsort_halving_stable(T* a, std::size_t n, std::uint64_t k, Compare comp) {
  std::vector<std::pair<T, std::size_t>> p(n);
  for (std::size_t i = 0; i < n; ++i) p[i] = {a[i], i};
  roughsort_halving(p.data(), n, k, [&](const auto& x, const auto& y) {
    return comp(x.first, y.first) || (!comp(y.first, x.first) && x.second < y.second);
  });
  for (std::size_t i = 0; i < n; ++i) a[i] = p[i].first;
}

// Altman-Chlebus: after sorting the runs of 2k from 0 and then from k, a
// k-sorted array is sorted. `sort_run` sorts [first, last).
template <class T, class SortRun>
void roughsort_runs(int threads, T* a, std::size_t n, std::uint64_t k, SortRun sort_run) {
  if (k == 0 || n < 2) return;
  const std::size_t run = std::size_t(std::min<std::uint64_t>(2 * k, n));
  for (std::size_t offset : {std::size_t(0), std::size_t(k)}) {
    if (offset >= n) break;
    const std::int64_t runs = std::int64_t((n - offset + run - 1) / run);
    // (the head before the first shifted run is already in place: it holds
    // the k smallest of run 0, which are the k smallest overall)
    sched::parallel_for(runs > 64 ? threads : 1, 0, runs, [&](std::int64_t r) {
      const std::size_t s = offset + std::size_t(r) * run;
      sort_run(a + s, a + std::min(n, s + run));
    });
  }
}

}  // namespace ordo::detail
