// sort_idx on the CPU for the built-in orders: (key, index) through the
// parallel radix sort, the keys landing in sorted_keys (or a buffer).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/radix_sort.hpp"
#include "ordo/detail/primitives_checks.hpp"

namespace ordo::detail {

template <class Key, class Index>
void radix_sort_idx_cpu(const cpu& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
                        bool descending) {
  check_same_size("sort_idx", "perm", perm.size(), "keys", keys.size());
  if (!sorted_keys.empty()) check_same_size("sort_idx", "sorted_keys", sorted_keys.size(), "keys", keys.size());
  check_index_fits<Index>("sort_idx", keys.size());
  const std::size_t n = keys.size();
  const int w = sched::workers(exec, n);
  std::vector<Key, uninit_allocator<Key>> own;  // written below before it is read
  if (sorted_keys.empty()) own.resize(n);
  Key* k = sorted_keys.empty() ? own.data() : sorted_keys.data();
  sched::parallel_for(w, 0, std::int64_t(n), [&](std::int64_t i) {
    k[i] = keys[i];
    perm[i] = Index(i);
  });
  radix_sort(w, k, perm.data(), n, descending);
}

}  // namespace ordo::detail
