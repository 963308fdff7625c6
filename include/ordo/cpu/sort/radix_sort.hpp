// The CPU's parallel radix sort: stable, 8-bit digits over the key model's
// order-preserving code (detail/key_traits.hpp: ints flip the sign bit,
// floats are canonical so -0.0 ties +0.0 and NaN sorts last), keys alone or
// keys with values (any trivially copyable type; an argsort carries indices).
// One buffer of n keys (and values) besides the input.
//
// MSD first, LSD in cache (the hybrid of the fast CPU radix sorts):
//   parallel level:  every worker counts every digit of its block in one
//                    read; the most significant digit that is not the same
//                    for all keys splits the range into 256 buckets (one
//                    stable scatter: bucket-major, worker-minor offsets).
//                    Digits equal over all keys cost nothing (all-equal,
//                    small ranges, sign-only differences).
//   buckets:         a bucket of at least 1/w of the range is split again on
//                    all workers; the others are claimed by the workers one
//                    by one and sorted sequentially.
//   sequential:      one read counts every remaining digit; a range larger
//                    than radix_cache_bytes is split once more by its top
//                    non-constant digit (MSD), a smaller one is finished by
//                    LSD passes that stay in the core's cache.
// The data moves between the input and the buffer at each level (ping-pong
// over the same positions), so only DRAM-sized ranges pay DRAM traffic: 2^26
// uint32 keys take one parallel count read and one scatter in DRAM, then
// three in-cache passes per 1 MB bucket (an LSD sort over the whole range
// took four scatters and four counting reads through DRAM).
//
// Below radix_small_n an insertion sort (stable). With one worker it is the
// sequential sort, which segmented_sort uses per segment.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "ordo/cpu/memory/uninit_allocator.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail {

inline constexpr std::size_t radix_small_n = 64;
// A range whose keys and values fit in this many bytes is finished by LSD in
// cache (the ping-pong doubles it: 2 MB, a server core's L2).
inline constexpr std::size_t radix_cache_bytes = std::size_t(1) << 20;
// Ranges this long or longer are split on all workers.
inline constexpr std::size_t radix_parallel_n = std::size_t(1) << 16;

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

// Scratch a caller may keep across calls (segmented sort: one per thread,
// side by side in a vector: a cache line each).
template <class K, class V>
struct alignas(64) radix_scratch {
  std::vector<K, uninit_allocator<K>> keys;
  std::vector<std::conditional_t<std::is_void_v<V>, char, V>, uninit_allocator<std::conditional_t<std::is_void_v<V>, char, V>>> vals;
};

namespace radix_detail {

constexpr std::size_t R = 256;

template <class U>
unsigned digit(U x, int p) {
  return unsigned(x >> (8 * p)) & 0xffu;
}

// One range in two buffers: the data is in (k, v); (ok, ov) is the other
// buffer at the same positions. V = void: keys only (v, ov unused).
template <class K, class V>
struct span2 {
  K* k;
  V* v;
  K* ok;
  V* ov;
  span2 at(std::size_t off) const {
    if constexpr (std::is_void_v<V>) return {k + off, nullptr, ok + off, nullptr};
    else return {k + off, v + off, ok + off, ov + off};
  }
  span2 swapped() const { return {ok, ov, k, v}; }
};

// Bytes of one value (keys alone: none).
template <class V>
inline constexpr std::size_t value_bytes = sizeof(V);
template <>
inline constexpr std::size_t value_bytes<void> = 0;

template <class K, class V>
void copy_range(K* dk, V* dv, const K* sk, const V* sv, std::size_t m) {
  std::memcpy(static_cast<void*>(dk), sk, m * sizeof(K));
  if constexpr (!std::is_void_v<V>) std::memcpy(static_cast<void*>(dv), sv, m * sizeof(V));
}

// The highest digit below `top` whose count is not m in a single bucket
// (totals[p * R + b]), or -1: the keys agree on every digit below top.
inline int top_varying_digit(const std::size_t* totals, int top, std::size_t m) {
  for (int p = top - 1; p >= 0; --p) {
    const std::size_t* c = totals + std::size_t(p) * R;
    if (std::none_of(c, c + R, [m](std::size_t x) { return x == m; })) return p;
  }
  return -1;
}

// What radix_sort_each reports: done(b, e, first, last) once [b, e) of the
// result is final, first / last being the first position of keys[b]'s ties
// and the last of keys[e - 1]'s (ties never straddle two reports unless the
// whole run is one group, reported in blocks). Offsets are into the caller's
// keys (base); ranges are disjoint and may come from several workers at once.
struct no_report {
  void operator()(std::size_t, std::size_t, std::size_t, std::size_t) const {}
};
template <class K, class Done>
struct reporter {
  const K* base;
  const Done& done;
  // The m elements at final (their place in the caller's keys) are done.
  void range(const K* final, std::size_t m) const {
    const std::size_t b = std::size_t(final - base);
    done(b, b + m, b, b + m - 1);
  }
};

// Sorts the m elements of s by digits [0, top) on this thread, leaving the
// result in s.k when in_other is false, in s.ok when it is true.
template <class K, class V, class Done = no_report>
void sort_seq(span2<K, V> s, std::size_t m, int top, radix_code<K> code, bool in_other,
              const reporter<K, Done>* rep = nullptr) {
  using U = key_code_t<K>;
  auto finished = [&] {
    if constexpr (!std::is_same_v<Done, no_report>) rep->range(in_other ? s.ok : s.k, m);
  };
  if (m <= radix_small_n || top == 0) {
    if (top > 0) insertion_sort_by_code(s.k, s.v, m, code);
    if (in_other) copy_range(s.ok, s.ov, s.k, s.v, m);
    return finished();
  }
  std::size_t counts[sizeof(K)][R] = {};
  for (std::size_t i = 0; i < m; ++i) {
    const U x = code(s.k[i]);
    for (int p = 0; p < top; ++p) ++counts[p][digit(x, p)];
  }
  const int hi = top_varying_digit(&counts[0][0], top, m);
  if (hi < 0) {
    if (in_other) copy_range(s.ok, s.ov, s.k, s.v, m);
    return finished();
  }
  auto scatter = [&](span2<K, V> d, int p) {  // d.k -> d.ok by digit p, stable
    std::size_t off[R];
    std::size_t run = 0;
    for (std::size_t b = 0; b < R; ++b) off[b] = run, run += counts[p][b];
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t j = off[digit(code(d.k[i]), p)]++;
      d.ok[j] = d.k[i];
      if constexpr (!std::is_void_v<V>) d.ov[j] = d.v[i];
    }
  };
  if (m * (sizeof(K) + value_bytes<V>) > radix_cache_bytes && hi > 0) {
    // MSD: split by digit hi into the other buffer, then each bucket there.
    scatter(s, hi);
    const span2<K, V> t = s.swapped();
    std::size_t off = 0;
    for (std::size_t b = 0; b < R; ++b) {
      const std::size_t c = counts[hi][b];
      if (c) sort_seq(t.at(off), c, hi, code, !in_other, rep);
      off += c;
    }
    return;
  }
  // LSD over the varying digits up to hi, in cache.
  span2<K, V> d = s;
  bool moved = false;
  for (int p = 0; p <= hi; ++p) {
    if (std::any_of(counts[p], counts[p] + R, [m](std::size_t x) { return x == m; })) continue;
    scatter(d, p);
    d = d.swapped();
    moved = !moved;
  }
  if (moved != in_other) copy_range(d.ok, d.ov, d.k, d.v, m);
  finished();
}

// The same on w workers: one parallel MSD level, then the buckets.
template <class K, class V, class Done = no_report>
void sort_par(int w, span2<K, V> s, std::size_t m, int top, radix_code<K> code, bool in_other,
              const reporter<K, Done>* rep = nullptr) {
  using U = key_code_t<K>;
  w = std::max(1, std::min<int>(w, int(m / 4096) + 1));
  if (w == 1 || m < radix_parallel_n) return sort_seq(s, m, top, code, in_other, rep);
  // cnt(t, p)[b]: worker t's keys whose digit p is b; every digit in one read.
  std::vector<std::size_t> counts(std::size_t(w) * top * R, 0);
  auto cnt = [&](int t, int p) { return counts.data() + (std::size_t(t) * top + p) * R; };
  sched::for_each_worker(w, [&](int t) {
    std::size_t* c = cnt(t, 0);
    for (std::size_t i = sched::block_begin(m, w, t), e = sched::block_begin(m, w, t + 1); i < e; ++i) {
      const U x = code(s.k[i]);
      for (int p = 0; p < top; ++p) ++c[std::size_t(p) * R + digit(x, p)];
    }
  });
  std::vector<std::size_t> totals(std::size_t(top) * R, 0);
  for (int t = 0; t < w; ++t)
    for (std::size_t j = 0; j < totals.size(); ++j) totals[j] += cnt(t, 0)[j];
  const int hi = top_varying_digit(totals.data(), top, m);
  if (hi < 0) {  // one group: reported in the workers' blocks, each with the group's ends
    if constexpr (std::is_same_v<Done, no_report>)
      if (!in_other) return;
    const K* final = in_other ? s.ok : s.k;
    sched::for_each_worker(w, [&](int t) {
      const std::size_t b = sched::block_begin(m, w, t), e = sched::block_begin(m, w, t + 1);
      const span2<K, V> x = s.at(b);
      if (in_other) copy_range(x.ok, x.ov, x.k, x.v, e - b);
      if constexpr (!std::is_same_v<Done, no_report>) {
        const std::size_t g = std::size_t(final - rep->base);
        if (e > b) rep->done(g + b, g + e, g, g + m - 1);
      }
    });
    return;
  }
  std::size_t run = 0;  // worker t's offsets for digit hi: bucket-major, worker-minor (stable)
  for (std::size_t b = 0; b < R; ++b)
    for (int t = 0; t < w; ++t) {
      std::size_t& c = cnt(t, hi)[b];
      const std::size_t x = c;
      c = run;
      run += x;
    }
  sched::for_each_worker(w, [&](int t) {
    std::size_t* o = cnt(t, hi);
    for (std::size_t i = sched::block_begin(m, w, t), e = sched::block_begin(m, w, t + 1); i < e; ++i) {
      const std::size_t j = o[digit(code(s.k[i]), hi)]++;
      s.ok[j] = s.k[i];
      if constexpr (!std::is_void_v<V>) s.ov[j] = s.v[i];
    }
  });
  const span2<K, V> t = s.swapped();
  std::size_t start[R + 1];
  start[0] = 0;
  for (std::size_t b = 0; b < R; ++b) start[b + 1] = start[b] + totals[std::size_t(hi) * R + b];
  // Buckets of at least 1/w of the range: split again on every worker.
  std::vector<std::uint32_t> small;
  for (std::uint32_t b = 0; b < R; ++b) {
    const std::size_t c = start[b + 1] - start[b];
    if (c * std::size_t(w) >= m) sort_par(w, t.at(start[b]), c, hi, code, !in_other, rep);
    else if (c) small.push_back(b);
  }
  // The rest: claimed one by one, largest first.
  std::sort(small.begin(), small.end(), [&](std::uint32_t a, std::uint32_t b) {
    return start[a + 1] - start[a] > start[b + 1] - start[b];
  });
  sched::for_each_claimed(w, small.size(), 1, [&](int, std::uint64_t i, std::uint64_t) {
    const std::uint32_t b = small[i];
    sort_seq(t.at(start[b]), start[b + 1] - start[b], hi, code, !in_other, rep);
  });
}

}  // namespace radix_detail

// Sorts keys[0, n) (and vals alongside when V is not void) by code, stably,
// on w workers.
template <class K, class V>
void radix_sort(int w, K* keys, V* vals, std::size_t n, bool descending, radix_scratch<K, V>& s) {
  using U = key_code_t<K>;
  const radix_code<K> code{descending ? U(~U(0)) : U(0)};
  if (n <= radix_small_n) return insertion_sort_by_code(keys, vals, n, code);
  if (s.keys.size() < n) s.keys.resize(n);
  radix_detail::span2<K, V> sp{keys, vals, s.keys.data(), nullptr};
  if constexpr (!std::is_void_v<V>) {
    if (s.vals.size() < n) s.vals.resize(n);
    sp.ov = s.vals.data();
  }
  radix_detail::sort_par(w, sp, n, int(sizeof(K)), code, false);
}

template <class K, class V>
void radix_sort(int w, K* keys, V* vals, std::size_t n, bool descending) {
  radix_scratch<K, V> s;
  radix_sort(w, keys, vals, n, descending, s);
}

// radix_sort that reports each final range while it is still in the core's
// cache: done(b, e, first, last) (radix_detail::no_report says what the
// arguments are), so a caller can consume the sorted keys without another
// pass through memory (rank() on the CPU).
template <class K, class V, class Done>
void radix_sort_each(int w, K* keys, V* vals, std::size_t n, bool descending, const Done& done) {
  using U = key_code_t<K>;
  const radix_code<K> code{descending ? U(~U(0)) : U(0)};
  if (n <= radix_small_n) {
    insertion_sort_by_code(keys, vals, n, code);
    if (n) done(0, n, 0, n - 1);  // groups within: the caller's walk finds them
    return;
  }
  radix_scratch<K, V> s;
  s.keys.resize(n);
  radix_detail::span2<K, V> sp{keys, vals, s.keys.data(), nullptr};
  if constexpr (!std::is_void_v<V>) {
    s.vals.resize(n);
    sp.ov = s.vals.data();
  }
  const radix_detail::reporter<K, Done> rep{keys, done};
  radix_detail::sort_par(w, sp, n, int(sizeof(K)), code, false, &rep);
}

}  // namespace ordo::detail
