// CPU fork: Listing 1 (doubling rounds) and the load-balanced walk.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ordo/cpu/primitives/chunks.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/primitives_checks.hpp"

namespace ordo::detail {
// --- fork -----------------------------------------------------------------
// The first child of every parent, and the total last; a total past 2^64 - 1
// is an error, never a wrapped offset.
template <class Count>
std::vector<std::uint64_t> fork_offsets_cpu(std::span<const Count> counts) {
  std::vector<std::uint64_t> off(counts.size() + 1, 0);
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (__builtin_add_overflow(off[i], std::uint64_t(counts[i]), &off[i + 1])) fail_fork_overflow(i);
  return off;
}

template <class Count>
std::uint64_t fork_total_cpu(const cpu& exec, std::span<const Count> counts) {
  const std::size_t n = counts.size();
  const int chunks = cpu_chunks(exec, n);
  std::vector<std::uint64_t> part(chunks, 0);
  std::vector<char> wrapped(chunks, 0);
  sched::for_each_worker(chunks, [&](int c) {
    std::uint64_t t = 0;
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e && !wrapped[c]; ++i)
      wrapped[c] = __builtin_add_overflow(t, std::uint64_t(counts[i]), &t);
    part[c] = t;
  });
  std::uint64_t total = 0;
  for (int c = 0; c < chunks; ++c)
    if (wrapped[c] || __builtin_add_overflow(total, part[c], &total)) fail_fork_overflow();
  return total;
}

template <class Count, class Index>
void fork_cpu(const cpu& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
              const fork_options& o) {
  if (!sibling.empty()) check_same_size("fork", "sibling", sibling.size(), "parent", parent.size());
  check_index_fits<Index>("fork", std::max(counts.size(), parent.size()));
  const std::vector<std::uint64_t> off = fork_offsets_cpu(counts);
  const std::uint64_t total = off.back();
  if (total != parent.size()) fail_fork_total(total, parent.size());
  const std::size_t np = counts.size();
  const int chunks = cpu_chunks(exec, total);
  if (o.variant == fork_variant::doubling) {
    // Listing 1: parents still owed children fill 1, 2, 4, ... entries per
    // round, then drop out once done (the kill/compact step).
    struct owed { std::uint64_t first; std::uint64_t left; Index id; };
    std::vector<owed> live, next;
    for (std::size_t i = 0; i < np; ++i)
      if (counts[i]) live.push_back({off[i], std::uint64_t(counts[i]), Index(i)});
    for (std::uint64_t sz = 1; !live.empty(); sz *= 2) {
      const std::int64_t nl = std::int64_t(live.size());
      sched::parallel_for(chunks, 0, nl, [&](std::int64_t j) {
        const owed& p = live[j];
        for (std::uint64_t f = 0; f < std::min(sz, p.left); ++f) parent[p.first + f] = p.id;
      });
      next.clear();
      for (const owed& p : live)
        if (p.left > sz) next.push_back({p.first + sz, p.left - sz, p.id});
      live.swap(next);
    }
    if (!sibling.empty()) {
      sched::parallel_for(chunks, 0, std::int64_t(total),
                          [&](std::int64_t c) { sibling[c] = Index(c - off[parent[c]]); });
    }
    return;
  }
  // Load-balanced: each chunk of children finds its first parent by binary
  // search over the offsets, then walks parents and children together.
  sched::for_each_worker(chunks, [&](int c) {
    const std::uint64_t b = chunk_begin(total, chunks, c), e = chunk_begin(total, chunks, c + 1);
    if (b == e) return;
    std::size_t p = std::size_t(std::upper_bound(off.begin(), off.end(), b) - off.begin()) - 1;
    for (std::uint64_t k = b; k < e; ++k) {
      while (off[p + 1] <= k) ++p;
      parent[k] = Index(p);
      if (!sibling.empty()) sibling[k] = Index(k - off[p]);
    }
  });
}

}  // namespace ordo::detail
