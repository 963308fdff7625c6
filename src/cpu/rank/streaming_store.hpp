// Writes an output that will not be read back soon with non-temporal stores
// where the CPU has them (SSE2). A normal store first reads the line it
// writes (read for ownership); a streaming store does not, so a pass that
// reads 4-byte keys and writes 4-byte ranks moves 8 bytes an element instead
// of 12. Below large_output the output may still be in cache for the caller,
// so small outputs take normal stores.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ordo::detail::cpu_rank {

inline constexpr std::size_t large_output = std::size_t(32) << 20;  // bytes, past a typical L3

// out[i] = next() for i in [b, e), in order (next may keep state).
template <class T, class Next>
void fill_streaming(T* out, std::size_t b, std::size_t e, bool stream, Next&& next) {
  std::size_t i = b;
#if defined(__SSE2__)
  constexpr std::size_t line = 64, per_line = line / sizeof(T);
  static_assert(line % sizeof(T) == 0, "whole elements per cache line");
  if (stream) {
    // Normal stores up to a line start (all of them if out is not aligned to its elements).
    for (; i < e && reinterpret_cast<std::uintptr_t>(out + i) % line != 0; ++i) out[i] = next();
    for (; i + per_line <= e; i += per_line) {
      alignas(64) T v[per_line];
      for (std::size_t x = 0; x < per_line; ++x) v[x] = next();
      auto* dst = reinterpret_cast<__m128i*>(out + i);
      for (int q = 0; q < 4; ++q) _mm_stream_si128(dst + q, _mm_load_si128(reinterpret_cast<const __m128i*>(v) + q));
    }
    _mm_sfence();  // the streamed lines are visible before the caller's barrier
  }
#else
  (void)stream;
#endif
  for (; i < e; ++i) out[i] = next();
}

}  // namespace ordo::detail::cpu_rank
