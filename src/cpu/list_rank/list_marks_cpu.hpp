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

// The fast marks, for the walks of level 0 when nothing is validated: one
// byte per node, set by plain stores. A relaxed atomic store of a byte is a
// plain mov, where the 2-bit marks need a locked OR, which serialises the
// core's memory operations and made this pass a quarter of list_rank's time.
// Bytes carry no many_preds bit: the successors are distinct iff the marked
// nodes number the in-range successors (count_marked), and the caller falls
// back to the 2-bit marks when they are not.
struct byte_marks_result {
  std::uint64_t targets = 0;       // in-range successors
  std::uint64_t out_of_range = none;  // the smallest index whose successor is out of range
};
template <class Index>
byte_marks_result mark_predecessor_bytes(const Index* succ, std::uint64_t n, unsigned char* pred, int threads) {
  const auto end = static_cast<std::uint64_t>(list_end<std::make_unsigned_t<Index>>);
  sched::for_each_worker(threads, [&](int t) {
    const std::uint64_t b = sched::block_begin(n, threads, t), e = sched::block_begin(n, threads, t + 1);
    std::fill(pred + b, pred + e, static_cast<unsigned char>(0));
  });
  return sched::reduce_blocks(
      threads, n, byte_marks_result{},
      [&](std::uint64_t b, std::uint64_t e) {
        byte_marks_result r;
        for (std::uint64_t i = b; i < e; ++i) {
          const auto s = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<Index>>(succ[i]));
          if (s == end) continue;
          if (s >= n) {
            r.out_of_range = std::min(r.out_of_range, i);
            continue;
          }
          ++r.targets;
          std::atomic_ref<unsigned char>(pred[s]).store(1, std::memory_order_relaxed);
        }
        return r;
      },
      [](const byte_marks_result& x, const byte_marks_result& y) {
        return byte_marks_result{x.targets + y.targets, std::min(x.out_of_range, y.out_of_range)};
      });
}

inline std::uint64_t count_marked(const unsigned char* pred, std::uint64_t n, int threads) {
  return sched::reduce_blocks(
      threads, n, std::uint64_t(0),
      [&](std::uint64_t b, std::uint64_t e) {
        std::uint64_t c = 0;
        for (std::uint64_t i = b; i < e; ++i) c += pred[i];
        return c;
      },
      [](std::uint64_t x, std::uint64_t y) { return x + y; });
}

// What a level's walks read of the marks: the 2-bit marks, or (level 0 of a
// list with distinct successors) the bytes above, where no walk has to stop
// at a shared successor.
struct level_marks {
  const std::uint32_t* bits = nullptr;
  const unsigned char* bytes = nullptr;
  bool has_pred_at(std::uint64_t x) const { return bytes ? bytes[x] != 0 : (mark_of(bits, x) & has_pred) != 0; }
  bool shared_at(std::uint64_t x) const { return bytes ? false : (mark_of(bits, x) & many_preds) != 0; }
};

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
