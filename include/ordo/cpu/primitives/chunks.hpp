// CPU primitives: one contiguous chunk per thread (cpu{1}: one chunk), and
// partial folds that may be empty, so no identity element is needed.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ordo/execution.hpp"

namespace ordo::detail {
// Below this many elements one thread does the work (thread start-up costs more).
inline constexpr std::size_t cpu_serial_below = std::size_t(1) << 15;

inline int cpu_chunks(const cpu& exec, std::size_t n) {
  if (n < cpu_serial_below) return 1;
  return std::max(1, exec.resolved_threads());
}
inline std::size_t chunk_begin(std::size_t n, int chunks, int c) {
  return std::size_t((unsigned __int128)n * unsigned(c) / unsigned(chunks));
}

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
