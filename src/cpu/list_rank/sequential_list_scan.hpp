// The reference: walk every list from its head (Sec. 2 of the paper calls
// this the sequential algorithm). It also serves as the base case of the CPU
// Helman-JaJa recursion.
//
//   Src   V src(x): the value of node x
//   Emit  emit(x, v, cyclic): the inclusive prefix v of node x; `cyclic` for
//         nodes no head reaches (they lie on cycles)
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "common/list_rank/marks.hpp"
#include "ordo/list_rank.hpp"

namespace ordo::detail::list {

template <class Index>
std::uint64_t succ_value(Index s) {
  return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<Index>>(s));
}

// marks: from mark_predecessors. A walk stops at a successor that is out of
// range or has several predecessors, so it terminates on any input.
template <class V, class Index, class Src, class Op, class Emit>
void sequential_list_scan(const Index* succ, std::uint64_t n, const std::uint32_t* marks, Src src, Op op,
                          Emit&& emit) {
  std::vector<unsigned char> seen(n, 0);
  for (std::uint64_t h = 0; h < n; ++h) {
    if (mark_of(marks, h) & has_pred) continue;
    V acc = src(h);
    emit(h, acc, false);
    seen[h] = 1;
    for (std::uint64_t cur = h;;) {
      const std::uint64_t s = succ_value(succ[cur]);
      if (s >= n || (mark_of(marks, s) & many_preds)) break;  // the end marker is >= n too
      acc = op(acc, src(s));
      emit(s, acc, false);
      seen[s] = 1;
      cur = s;
    }
  }
  for (std::uint64_t x = 0; x < n; ++x)
    if (!seen[x]) emit(x, Op::template identity<V>(), true);
}

}  // namespace ordo::detail::list
