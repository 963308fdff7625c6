// CPU side of the in-degree marks (common/list_rank/marks.hpp) and of the
// validating pass over them.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"

#include "common/list_rank/list_checks.hpp"
#include "common/list_rank/marks.hpp"
#include "ordo/list_rank.hpp"

namespace ordo::detail::list {

inline void set_pred_mark(std::uint32_t* marks, std::uint64_t x, bool shared_memory) {
  const std::uint32_t bit = has_pred << mark_shift(x);
  std::uint32_t& w = marks[mark_word(x)];
  if (!shared_memory) {
    if (w & bit) w |= bit << 1;
    w |= bit;
    return;
  }
  std::atomic_ref<std::uint32_t> a(w);
  if (a.fetch_or(bit, std::memory_order_relaxed) & bit) a.fetch_or(bit << 1, std::memory_order_relaxed);
}

// Marks every node's predecessors; returns the smallest out-of-range index
// (none if there is none). Out-of-range successors mark nothing.
template <class Index>
std::uint64_t mark_predecessors(const Index* succ, std::uint64_t n, std::uint32_t* marks, int threads) {
  const auto end = static_cast<std::uint64_t>(list_end<std::make_unsigned_t<Index>>);
  return sched::reduce_blocks(
      threads, n, std::uint64_t(none),
      [&](std::uint64_t b, std::uint64_t e) {
        std::uint64_t bad = none;
        for (std::uint64_t i = b; i < e; ++i) {
          const auto s = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<Index>>(succ[i]));
          if (s == end) continue;
          if (s >= n) {
            bad = std::min(bad, i);
            continue;
          }
          set_pred_mark(marks, s, threads > 1);
        }
        return bad;
      },
      [](std::uint64_t x, std::uint64_t y) { return std::min(x, y); });
}

// The validating pass: shared successors and heads.
template <class Index>
void check_marks(const Index* succ, std::uint64_t n, const std::uint32_t* marks, faults& f, int threads) {
  const auto end = static_cast<std::uint64_t>(list_end<std::make_unsigned_t<Index>>);
  struct found {
    std::uint64_t shared = none, heads = 0, first_head = none;
  };
  const found all = sched::reduce_blocks(
      threads, n, found{},
      [&](std::uint64_t b, std::uint64_t e) {
        found r;
        for (std::uint64_t i = b; i < e; ++i) {
          const auto s = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<Index>>(succ[i]));
          if (s != end && s < n && (mark_of(marks, s) & many_preds)) r.shared = std::min(r.shared, i);
          if (!(mark_of(marks, i) & has_pred)) {
            ++r.heads;
            r.first_head = std::min(r.first_head, i);
          }
        }
        return r;
      },
      [](const found& x, const found& y) {
        return found{std::min(x.shared, y.shared), x.heads + y.heads, std::min(x.first_head, y.first_head)};
      });
  f.shared_successor = all.shared;
  f.heads = all.heads;
  f.first_head = all.first_head;
}

// The questions raise_faults asks, answered by scanning the host array.
template <class Index>
struct host_lookup {
  const Index* succ;
  std::uint64_t n;
  const std::uint32_t* marks;
  std::uint64_t succ_at(std::uint64_t i) const {
    return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<Index>>(succ[i]));
  }
  std::uint64_t other_predecessor(std::uint64_t s, std::uint64_t i) const {
    for (std::uint64_t j = 0; j < n; ++j)
      if (j != i && succ_at(j) == s) return j;
    return none;
  }
  std::uint64_t second_head(std::uint64_t h) const {
    for (std::uint64_t j = h + 1; j < n; ++j)
      if (!(mark_of(marks, j) & has_pred)) return j;
    return none;
  }
};

}  // namespace ordo::detail::list
