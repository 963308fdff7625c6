// One 64-byte cache line written with non-temporal stores where the CPU has
// them (SSE2): a normal store first reads the line it writes (read for
// ownership), a streaming one does not, so a pass that writes an output it
// will not read back soon moves a third fewer bytes. stream_fence() orders
// the streamed lines before the stores after it (call it before a barrier).
#pragma once
#include <cstddef>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ordo::detail {

inline constexpr std::size_t cache_line_bytes = 64;

// dst: 64-byte aligned; src: 16-byte aligned.
inline void stream_line(void* dst, const void* src) {
#if defined(__SSE2__)
  auto* d = static_cast<__m128i*>(dst);
  const auto* s = static_cast<const __m128i*>(src);
  for (int q = 0; q < 4; ++q) _mm_stream_si128(d + q, _mm_load_si128(s + q));
#else
  std::memcpy(dst, src, cache_line_bytes);
#endif
}

inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

}  // namespace ordo::detail
