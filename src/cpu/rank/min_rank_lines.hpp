// Min ranks of a sorted run, a cache line of ranks at a time, for the threaded
// loop of Sec. III.D. A line's heads (keys unlike the one before) are gathered
// into a bit mask first; then all-ties and all-heads lines are a fill or an
// iota, and a mixed line gives each element the highest head at or before it.
// No branch depends on a single key, so the pass stays bound by memory at any
// tie probability (a per-key branch mispredicts on every other key at p = 0.5).
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ordo/detail/key_traits.hpp"
#include "cpu/rank/streaming_store.hpp"

namespace ordo::detail::cpu_rank {

template <class K, class R>
struct min_rank_lines {
  static constexpr unsigned m = unsigned(per_line<R>);
  static_assert(m <= 32, "a line's heads fit in 32 bits");
  const K* keys;
  std::size_t i;      // the next position; i > 0
  std::size_t group;  // 1 + the position where the current group begins

  R one() {
    if (!keys_tie(keys[i], keys[i - 1])) group = i + 1;
    ++i;
    return R(group);
  }

  void line(R* v) {
#if defined(__SSE2__)
    if constexpr (sizeof(K) == 4 && std::is_same_v<R, std::uint32_t>) return line_sse2(v);
#endif
    std::uint32_t heads = 0;
    for (unsigned j = 0; j < m; ++j) heads |= std::uint32_t(!keys_tie(keys[i + j], keys[i + j - 1])) << j;
    if (heads == 0) {
      for (unsigned j = 0; j < m; ++j) v[j] = R(group);
    } else if (heads == (std::uint32_t(-1) >> (32 - m))) {
      for (unsigned j = 0; j < m; ++j) v[j] = R(i + j + 1);
      group = i + m;
    } else {
      std::size_t g = group;
      for (unsigned j = 0; j < m; ++j) {  // a select by mask: no branch per key
        const std::size_t take = std::size_t(0) - ((heads >> j) & 1u);
        g = (g & ~take) | ((i + j + 1) & take);
        v[j] = R(g);
      }
      group = g;
    }
    i += m;
  }

#if defined(__SSE2__)
  // 4-byte keys, 4-byte ranks, 16 a line. Byte j of `at` is j + 1 where key j
  // is a head, else 0; its prefix maximum (four shifted byte maxima) is
  // 1 + the position in the line of the last head at or before j, or 0 where
  // the line has none yet and the group goes on from before the line.
  static __m128i ties4(const K* a, const K* b) {
    if constexpr (std::is_floating_point_v<K>) {  // equal, or both NaN
      const __m128 x = _mm_loadu_ps(a), y = _mm_loadu_ps(b);
      const __m128 both_nan = _mm_and_ps(_mm_cmpunord_ps(x, x), _mm_cmpunord_ps(y, y));
      return _mm_castps_si128(_mm_or_ps(_mm_cmpeq_ps(x, y), both_nan));
    } else {
      return _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a)),
                             _mm_loadu_si128(reinterpret_cast<const __m128i*>(b)));
    }
  }

  void line_sse2(R* v) {
    const K* k = keys + i;
    const __m128i tie16 = _mm_packs_epi16(_mm_packs_epi32(ties4(k, k - 1), ties4(k + 4, k + 3)),
                                          _mm_packs_epi32(ties4(k + 8, k + 7), ties4(k + 12, k + 11)));
    const __m128i one_to_16 = _mm_setr_epi8(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
    __m128i at = _mm_andnot_si128(tie16, one_to_16);
    at = _mm_max_epu8(at, _mm_slli_si128(at, 1));
    at = _mm_max_epu8(at, _mm_slli_si128(at, 2));
    at = _mm_max_epu8(at, _mm_slli_si128(at, 4));
    at = _mm_max_epu8(at, _mm_slli_si128(at, 8));
    const __m128i zero = _mm_setzero_si128();
    const __m128i base = _mm_set1_epi32(int(std::uint32_t(i))), carried = _mm_set1_epi32(int(std::uint32_t(group)));
    const __m128i lo = _mm_unpacklo_epi8(at, zero), hi = _mm_unpackhi_epi8(at, zero);
    const __m128i at4[4] = {_mm_unpacklo_epi16(lo, zero), _mm_unpackhi_epi16(lo, zero),
                            _mm_unpacklo_epi16(hi, zero), _mm_unpackhi_epi16(hi, zero)};
    for (int q = 0; q < 4; ++q) {
      const __m128i none = _mm_cmpeq_epi32(at4[q], zero);
      const __m128i r = _mm_or_si128(_mm_and_si128(none, carried), _mm_andnot_si128(none, _mm_add_epi32(base, at4[q])));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(v) + q, r);
    }
    const unsigned last = unsigned(_mm_extract_epi16(at, 7)) >> 8;  // byte 15
    if (last != 0) group = i + last;
    i += m;
  }
#endif
};

}  // namespace ordo::detail::cpu_rank
