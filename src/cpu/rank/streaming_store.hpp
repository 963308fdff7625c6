// Writes an output that will not be read back soon a 64-byte line at a time,
// with non-temporal stores where the CPU has them (SSE2). A normal store first
// reads the line it writes (read for ownership); a streaming store does not,
// so a pass that reads 4-byte keys and writes 4-byte ranks moves 8 bytes an
// element instead of 12. Below large_output the output may still be in cache
// for the caller, so small outputs take normal stores.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ordo/cpu/memory/stream_line.hpp"

namespace ordo::detail::cpu_rank {

inline constexpr std::size_t large_output = std::size_t(32) << 20;  // bytes, past a typical L3
inline constexpr std::size_t line_bytes = cache_line_bytes;

template <class T>
inline constexpr std::size_t per_line = line_bytes / sizeof(T);

// Fills out[b, e) in order: gen.one() returns the next element, gen.line(v)
// writes the next per_line<T> elements to v. Lines go to whole cache lines of
// out when streaming (one() covers the unaligned head and the tail).
template <class T, class Gen>
void fill_by_lines(T* out, std::size_t b, std::size_t e, bool stream, Gen& gen) {
  static_assert(line_bytes % sizeof(T) == 0, "whole elements per cache line");
  constexpr std::size_t m = per_line<T>;
  std::size_t i = b;
#if defined(__SSE2__)
  if (stream) {
    // Normal stores up to a line start (all of them if out is not aligned to its elements).
    for (; i < e && reinterpret_cast<std::uintptr_t>(out + i) % line_bytes != 0; ++i) out[i] = gen.one();
    for (; i + m <= e; i += m) {
      alignas(64) T v[m];
      gen.line(v);
      stream_line(out + i, v);
    }
    stream_fence();  // the streamed lines are visible before the caller's barrier
  }
#else
  (void)stream;
#endif
  for (; i + m <= e; i += m) gen.line(out + i);
  for (; i < e; ++i) out[i] = gen.one();
}

}  // namespace ordo::detail::cpu_rank
