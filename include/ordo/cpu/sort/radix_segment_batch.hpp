// Many short segments sorted at once by the radix sort's digits: a worker
// gathers the keys of consecutive short segments (up to `cap` keys, a
// cache-sized batch) tagged with their segment, runs LSD passes over the
// 11-bit key digits that vary in the batch, then one stable pass by segment puts
// each segment's keys back at its own place, sorted. Stable (every pass is),
// so it serves stable and unstable requests alike; built-in orders only
// (radix_order.hpp), through the key model's codes (radix_sort.hpp).
//
// Why: a comparison sort per 32-key segment costs as much as an OpenMP loop
// of std::sort (the baseline); the batch pays each digit pass once for 4096
// keys, in L1/L2, with no per-segment count tables.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "ordo/cpu/sort/radix_sort.hpp"

namespace ordo::detail {

// Cache-line aligned: the workers' batches sit side by side in a vector,
// and each writes its own count and begins on every segment it adds.
template <class K, class V>
class alignas(64) radix_segment_batch {
 public:
  static constexpr std::size_t cap = 4096;  // keys per batch; segments of up to cap keys are taken
  static_assert(cap <= 65536, "segment tags are 16-bit");

  radix_segment_batch(const K* in, K* out, const V* vin, V* vout, bool descending)
      : in_(in), out_(out), vin_(vin), vout_(vout), code_{descending ? U(~U(0)) : U(0)} {
    k_.resize(cap), k2_.resize(cap), s_.resize(cap), s2_.resize(cap);
    if constexpr (has_values) v_.resize(cap), v2_.resize(cap);
  }
  ~radix_segment_batch() = default;

  // Segment [b, e), e - b <= cap: gathered now, sorted at the next flush
  // (which add runs first when the batch would overflow).
  void add(std::uint64_t b, std::uint64_t e) {
    const std::size_t len = std::size_t(e - b);
    if (len == 0) return;
    if (n_ + len > cap) flush();
    const auto tag = std::uint16_t(begins_.size());
    begins_.push_back(b);
    for (std::size_t i = 0; i < len; ++i) {
      k_[n_ + i] = in_[b + i];
      s_[n_ + i] = tag;
      if constexpr (has_values) v_[n_ + i] = vin_[b + i];
    }
    n_ += len;
  }

  void flush() {
    const std::size_t m = n_;
    if (m == 0) return;
    // 11-bit digits: three passes for 32-bit keys (four of 8 bits), six for
    // 64-bit; the 2048-entry count tables stay in L1 with a 4096-key batch.
    std::uint32_t counts[digits][radix]{};
    U any = 0, all = U(~U(0));  // a digit is constant in the batch where these agree
    for (std::size_t i = 0; i < m; ++i) {
      const U x = code_(k_[i]);
      any |= x, all &= x;
      for (int p = 0; p < digits; ++p) ++counts[p][digit(x, p)];
    }
    for (int p = 0; p < digits; ++p) {
      if (digit(any ^ all, p) == 0) continue;  // constant digit: the pass would not move a key
      std::uint32_t run = 0;
      for (std::size_t b = 0; b < radix; ++b) {
        const std::uint32_t c = counts[p][b];
        counts[p][b] = run;
        run += c;
      }
      for (std::size_t i = 0; i < m; ++i) {
        const std::uint32_t j = counts[p][digit(code_(k_[i]), p)]++;
        k2_[j] = k_[i];
        s2_[j] = s_[i];
        if constexpr (has_values) v2_[j] = v_[i];
      }
      k_.swap(k2_);
      s_.swap(s2_);
      if constexpr (has_values) v_.swap(v2_);
    }
    // By segment, stably: each segment's keys, now in key order, to its place.
    for (std::size_t i = 0; i < m; ++i) {
      const std::uint64_t j = begins_[s_[i]]++;
      out_[j] = k_[i];
      if constexpr (has_values) vout_[j] = v_[i];
    }
    begins_.clear();
    n_ = 0;
  }

 private:
  using U = key_code_t<K>;
  static constexpr int digit_bits = 11;
  static constexpr std::size_t radix = std::size_t(1) << digit_bits;
  static constexpr int digits = int((8 * sizeof(K) + digit_bits - 1) / digit_bits);
  static unsigned digit(U x, int p) { return unsigned(x >> (digit_bits * p)) & unsigned(radix - 1); }
  static constexpr bool has_values = !std::is_void_v<V>;
  using VS = std::conditional_t<has_values, V, char>;
  const K* in_;
  K* out_;
  const V* vin_;
  V* vout_;
  radix_code<K> code_;
  std::vector<K, uninit_allocator<K>> k_, k2_;
  std::vector<std::uint16_t, uninit_allocator<std::uint16_t>> s_, s2_;
  std::vector<VS, uninit_allocator<VS>> v_, v2_;
  std::vector<std::uint64_t> begins_;  // each tagged segment's next output position
  std::size_t n_ = 0;
};

}  // namespace ordo::detail
