// CPU primitives: one contiguous chunk per thread (cpu{1}: one chunk), and
// partial folds that may be empty, so no identity element is needed.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"
#include "ordo/execution.hpp"

namespace ordo::detail {
// The scheduler's policy under the primitives' names (sched/sched.hpp).
inline constexpr std::size_t cpu_serial_below = sched::serial_below;

inline int cpu_chunks(const cpu& exec, std::size_t n) { return sched::workers(exec, n); }
inline std::size_t chunk_begin(std::size_t n, int chunks, int c) { return sched::block_begin(n, chunks, c); }

// A partial fold that may be empty: exclusive scans and reductions need no
// identity element this way.
template <class T>
struct partial {
  bool has = false;
  T v{};
};
template <class T, class Op>
partial<T> combine(const partial<T>& a, const partial<T>& b, Op& op) {
  if (!a.has) return b;
  if (!b.has) return a;
  return {true, op(a.v, b.v)};
}

}  // namespace ordo::detail
