// The CPU's parallel LSD radix sort: stable, 8-bit digits over the key
// model's order-preserving code (detail/key_traits.hpp: ints flip the sign
// bit, floats are canonical so -0.0 ties +0.0 and NaN sorts last), keys
// alone or keys with values (any trivially copyable type; an argsort carries
// indices). One buffer of n keys (and values) besides the input.
//
//   one read:  every worker counts all digits of its block at once;
//              a digit with one value over all n keys is skipped (all-equal,
//              small ranges, sign-only differences cost no pass)
//   per pass:  worker t scatters its block in order to its own offsets
//              (bucket-major, worker-minor: stable), then src/dst swap; the
//              next digit's counts are one more streaming read
//   small n:   below radix_small_n an insertion sort (stable), no buffer
//
// Runs on the scheduler (sched.hpp); with one worker it is the sequential
// radix sort, which is what segmented_sort uses per segment.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail {

inline constexpr std::size_t radix_small_n = 64;

// The key's code in the sort's direction.
template <class K>
struct radix_code {
  using U = key_code_t<K>;
  U flip;  // 0 ascending, all ones descending
  U operator()(const K& k) const { return key_traits<K>::encode(k) ^ flip; }
};

// Stable insertion sort by code, values following (V = void: keys only).
template <class K, class V>
void insertion_sort_by_code(K* keys, V* vals, std::size_t n, radix_code<K> code) {
  for (std::size_t i = 1; i < n; ++i) {
    const K k = keys[i];
    const auto c = code(k);
    std::size_t j = i;
    if constexpr (std::is_void_v<V>) {
      while (j > 0 && c < code(keys[j - 1])) keys[j] = keys[j - 1], --j;
    } else {
      const V v = vals[i];
      while (j > 0 && c < code(keys[j - 1])) keys[j] = keys[j - 1], vals[j] = vals[j - 1], --j;
      vals[j] = v;
    }
    keys[j] = k;
  }
}

// Scratch a caller may keep across calls (segmented sort: one per thread).
template <class K, class V>
struct radix_scratch {
  std::vector<K> keys;
  std::vector<std::conditional_t<std::is_void_v<V>, char, V>> vals;
  std::vector<std::size_t> counts;
};

// Sorts keys[0, n) (and vals alongside when V is not void) by code, stably,
// on w workers.
template <class K, class V>
void radix_sort(int w, K* keys, V* vals, std::size_t n, bool descending, radix_scratch<K, V>& s) {
  using U = key_code_t<K>;
  const radix_code<K> code{descending ? U(~U(0)) : U(0)};
  if (n <= radix_small_n) return insertion_sort_by_code(keys, vals, n, code);
  constexpr int passes = int(sizeof(K));
  constexpr std::size_t R = 256;
  w = std::max(1, std::min<int>(w, int(n / 4096) + 1));
  // counts[t][p][b]: worker t's keys whose digit p is b.
  s.counts.assign(std::size_t(w) * passes * R, 0);
  std::size_t* const counts = s.counts.data();
  auto cnt = [&](int t, int p) { return counts + (std::size_t(t) * passes + p) * R; };
  sched::for_each_worker(w, [&](int t) {
    std::size_t* c = cnt(t, 0);
    for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
      const U x = code(keys[i]);
      for (int p = 0; p < passes; ++p) ++c[std::size_t(p) * R + ((x >> (8 * p)) & 0xff)];
    }
  });
  std::vector<int> todo;
  for (int p = 0; p < passes; ++p) {
    bool trivial = false;
    for (std::size_t b = 0; b < R && !trivial; ++b) {
      std::size_t tot = 0;
      for (int t = 0; t < w; ++t) tot += cnt(t, p)[b];
      trivial = tot == n;
    }
    if (!trivial) todo.push_back(p);
  }
  if (todo.empty()) return;
  if (s.keys.size() < n) s.keys.resize(n);
  if constexpr (!std::is_void_v<V>)
    if (s.vals.size() < n) s.vals.resize(n);
  K* src = keys;
  K* dst = s.keys.data();
  V* vsrc = vals;
  V* vdst = nullptr;
  if constexpr (!std::is_void_v<V>) vdst = s.vals.data();
  for (std::size_t k = 0; k < todo.size(); ++k) {
    const int p = todo[k];
    const int shift = 8 * p;
    if (k > 0)  // the first pass's counts came from the first read
      sched::for_each_worker(w, [&](int t) {
        std::size_t* c = cnt(t, p);
        std::fill(c, c + R, std::size_t(0));
        for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i)
          ++c[(code(src[i]) >> shift) & 0xff];
      });
    std::size_t run = 0;  // counts become offsets: bucket-major, worker-minor
    for (std::size_t b = 0; b < R; ++b)
      for (int t = 0; t < w; ++t) {
        std::size_t& c = cnt(t, p)[b];
        const std::size_t m = c;
        c = run;
        run += m;
      }
    sched::for_each_worker(w, [&](int t) {
      std::size_t* o = cnt(t, p);
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
        const std::size_t d = o[(code(src[i]) >> shift) & 0xff]++;
        dst[d] = src[i];
        if constexpr (!std::is_void_v<V>) vdst[d] = vsrc[i];
      }
    });
    std::swap(src, dst);
    if constexpr (!std::is_void_v<V>) std::swap(vsrc, vdst);
  }
  if (src != keys) {  // an odd number of passes: the result is in the scratch
    sched::parallel_for(w, 0, std::int64_t(n), [&](std::int64_t i) {
      keys[i] = src[i];
      if constexpr (!std::is_void_v<V>) vals[i] = vsrc[i];
    });
  }
}

template <class K, class V>
void radix_sort(int w, K* keys, V* vals, std::size_t n, bool descending) {
  radix_scratch<K, V> s;
  radix_sort(w, keys, vals, n, descending, s);
}

}  // namespace ordo::detail
