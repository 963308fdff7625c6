// A segment of a few dozen keys sorted by counting: each key's place is the
// number of keys whose code is below its own, plus the equal ones before it
// (stable). L^2 code comparisons in two branch-free loops the compiler
// vectorises, one pass to place the keys (and values), no digit passes and
// no scratch beyond the segment's codes on the stack.
//
// Why: the segmented sort's short segments (uniform 32, a power law's many
// segments of a few keys) went through the batch radix sort
// (radix_segment_batch.hpp): four passes over a gathered batch per key. For
// L <= small_rank_sort_max the L comparisons per key cost less than that:
// with the bound at 64 instead of 32, one core sorts the power-law shape of
// the CPU bench (2^24 keys) in 132 ms instead of 140 (docs/benchmarks.md).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/cpu/sort/radix_sort.hpp"  // radix_code

namespace ordo::detail {

inline constexpr std::uint64_t small_rank_sort_max = 64;
inline constexpr unsigned small_rank_distinct_max = 40;  // the distinct-codes count up to this length

// Sorts [b, e) of in into out by code (in may be out), values following
// (V = void: keys only); e - b <= small_rank_sort_max. ties: whether the
// caller's previous segment had tied codes (updated: see below).
template <class K, class V>
void small_rank_sort(const K* in, K* out, const V* vin, V* vout, std::uint64_t b, std::uint64_t e,
                     radix_code<K> code, bool& ties) {
  using U = key_code_t<K>;
  constexpr bool has_values = !std::is_void_v<V>;
  using VS = std::conditional_t<has_values, V, char>;
  const unsigned len = unsigned(e - b);
  if (len == 0) return;
  if (len <= 2) {  // a power law's most common lengths: a copy or one compare
    const K k0 = in[b], k1 = len == 2 ? in[b + 1] : k0;
    VS v0{}, v1{};
    if constexpr (has_values) v0 = vin[b], v1 = len == 2 ? vin[b + 1] : v0;
    const bool swap = len == 2 && code(k1) < code(k0);  // stable: equal codes keep their order
    out[b] = swap ? k1 : k0;
    if constexpr (has_values) vout[b] = swap ? v1 : v0;
    if (len == 2) {
      out[b + 1] = swap ? k0 : k1;
      if constexpr (has_values) vout[b + 1] = swap ? v0 : v1;
    }
    return;
  }
  U c[small_rank_sort_max];
  K k[small_rank_sort_max];
  VS v[has_values ? small_rank_sort_max : 1];
  // One loop that loads and encodes: GCC would otherwise split the copy out
  // into a memcpy call per segment (its loop distribution), 3% of a power
  // law's time on one core.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)  // nvcc's front end warns on GCC pragmas
#pragma GCC unroll 4
#endif
  for (unsigned i = 0; i < len; ++i) {
    const K x = in[b + i];
    c[i] = code(x);
    k[i] = x;
    if constexpr (has_values) v[i] = vin[b + i];
  }
  // Distinct codes: a key's place is the number of codes below its own, one
  // loop over the whole segment per key, which vectorises without a
  // remainder (one core, 2^24 keys: segments of 24 keys 64 -> 48 ms, of 32
  // 69 -> 58; from 64 keys on it lost, 99 -> 110). The places are then
  // 0..len-1, so their sum tells whether a tie made two keys share one. Ties
  // take the stable count, and `ties` (the caller's, kept across its
  // segments) sends the next segments straight there: tied data pays the
  // first count once, not on every segment.
  if (!ties && len <= small_rank_distinct_max) {
    unsigned place[small_rank_distinct_max];
    unsigned sum = 0;
    for (unsigned i = 0; i < len; ++i) {
      const U x = c[i];
      unsigned p = 0;
      for (unsigned j = 0; j < len; ++j) p += c[j] < x ? 1u : 0u;
      place[i] = p;
      sum += p;
    }
    if (sum == len * (len - 1) / 2) {
      for (unsigned i = 0; i < len; ++i) {
        out[b + place[i]] = k[i];
        if constexpr (has_values) vout[b + place[i]] = v[i];
      }
      return;
    }
    ties = true;
  }
  for (unsigned i = 0; i < len; ++i) {
    const U x = c[i];
    unsigned place = 0;
    for (unsigned j = 0; j < i; ++j) place += c[j] <= x ? 1u : 0u;  // equal and before: stable
    for (unsigned j = i + 1; j < len; ++j) place += c[j] < x ? 1u : 0u;
    out[b + place] = k[i];
    if constexpr (has_values) vout[b + place] = v[i];
  }
}

}  // namespace ordo::detail
