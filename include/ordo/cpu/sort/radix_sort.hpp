// The CPU's parallel radix sort: stable, 8-bit digits over the key model's
// order-preserving code (detail/key_traits.hpp: ints flip the sign bit,
// floats are canonical so -0.0 ties +0.0 and NaN sorts last), keys alone or
// keys with values (any trivially copyable type; an argsort carries indices).
// One buffer of n keys (and values) besides the input.
//
// MSD first, LSD in cache (the hybrid of the fast CPU radix sorts):
//   parallel level:  one read takes the OR and AND of the codes (which
//                    digits vary) and counts the top digit; the most
//                    significant digit that is not the same for all keys
//                    splits the range into 256 buckets (one stable scatter:
//                    bucket-major, worker-minor offsets; a second count read
//                    where the top digit does not vary; past 32 MB the
//                    scatter goes a cache line at a time by streaming
//                    stores, scatter_by_lines).
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

#include "ordo/cpu/memory/stream_line.hpp"
#include "ordo/cpu/memory/uninit_allocator.hpp"
#include "ordo/cpu/primitives/bucket_offsets.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail {

inline constexpr std::size_t radix_small_n = 64;
// A range whose keys and values fit in this many bytes is finished by LSD in
// cache (the ping-pong doubles it: 2 MB, a server core's L2).
inline constexpr std::size_t radix_cache_bytes = std::size_t(1) << 20;
// The parallel level scatters a range of at least this many bytes (keys and
// values) a cache line at a time with streaming stores: past the caches.
inline constexpr std::size_t radix_stream_bytes = std::size_t(32) << 20;
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
  if (m == 0) return;  // the pointers of an empty range may be null
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

// counts[p][b]: how many of the m keys have digit p equal to b, for every p
// below top, in one read. The digit loop has a constant trip count (one
// instance per top), so that it unrolls: with top a run-time bound the loop's
// compares were a third of the count's time.
template <class K>
void count_digits(const K* keys, std::size_t m, int top, radix_code<K> code, std::size_t (&counts)[sizeof(K)][R]) {
  using U = key_code_t<K>;
  auto count = [&]<int T>() {
    static_assert(T <= int(sizeof(K)));
    for (std::size_t i = 0; i < m; ++i) {
      const U x = code(keys[i]);
      for (int p = 0; p < T; ++p) ++counts[p][digit(x, p)];
    }
  };
  static_assert(sizeof(K) == 4 || sizeof(K) == 8, "the radix sort takes 4- and 8-byte codes");
  switch (top) {
    case 1: return count.template operator()<1>();
    case 2: return count.template operator()<2>();
    case 3: return count.template operator()<3>();
    case 4: return count.template operator()<4>();
  }
  if constexpr (sizeof(K) == 8) {
    switch (top) {
      case 5: return count.template operator()<5>();
      case 6: return count.template operator()<6>();
      case 7: return count.template operator()<7>();
      case 8: return count.template operator()<8>();
    }
  }
}

// Sorts the m elements of s by digits [0, top) on this thread, leaving the
// result in s.k when in_other is false, in s.ok when it is true.
template <class K, class V, class Done = no_report>
void sort_seq(span2<K, V> s, std::size_t m, int top, radix_code<K> code, bool in_other,
              const reporter<K, Done>* rep = nullptr) {
  auto finished = [&] {
    if constexpr (!std::is_same_v<Done, no_report>) rep->range(in_other ? s.ok : s.k, m);
  };
  if (m <= radix_small_n || top == 0) {
    if (top > 0) insertion_sort_by_code(s.k, s.v, m, code);
    if (in_other) copy_range(s.ok, s.ov, s.k, s.v, m);
    return finished();
  }
  std::size_t counts[sizeof(K)][R] = {};
  count_digits(s.k, m, top, code, counts);
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

// Values the line scatter buffers beside the keys: none, or up to 8 bytes
// (its buffers live on the worker's stack: 256 lines of keys and of values).
template <class V>
inline constexpr bool line_scatter_takes = value_bytes<V> <= 8;

// s.k[b, e) scattered stably by digit p into s.ok (and s.v into s.ov) at the
// cursors o[], through a line-sized buffer per bucket: a bucket's keys leave
// a whole cache line at a time, by streaming stores where the line is
// aligned, so the output is not read for ownership first (the parallel level
// of a range past the caches writes into memory that no cache holds: a
// 4-byte key then moves 8 bytes, not 12). Values follow with plain copies.
template <class K, class V>
void scatter_by_lines(span2<K, V> s, std::size_t b, std::size_t e, std::size_t* o, int p, radix_code<K> code) {
  constexpr std::size_t L = cache_line_bytes / sizeof(K);
  using VS = std::conditional_t<std::is_void_v<V>, char, V>;
  alignas(64) K kb[R * L];
  alignas(64) VS vb[std::is_void_v<V> ? 1 : R * L];
  unsigned fill[R], cap[R];  // keys waiting in bucket d's line; how many it takes before a flush
  for (std::size_t d = 0; d < R; ++d) {
    fill[d] = 0;
    cap[d] = unsigned(L - (reinterpret_cast<std::uintptr_t>(s.ok + o[d]) % cache_line_bytes) / sizeof(K));
  }
  auto flush = [&](std::size_t d) {
    const std::size_t n = fill[d];
    if (n == L) stream_line(s.ok + o[d], kb + d * L);  // cap was L: the line is aligned
    else std::memcpy(static_cast<void*>(s.ok + o[d]), kb + d * L, n * sizeof(K));
    if constexpr (!std::is_void_v<V>) std::memcpy(static_cast<void*>(s.ov + o[d]), vb + d * L, n * sizeof(V));
    o[d] += n;
    fill[d] = 0;
    cap[d] = unsigned(L);
  };
  for (std::size_t i = b; i < e; ++i) {
    const std::size_t d = digit(code(s.k[i]), p);
    kb[d * L + fill[d]] = s.k[i];
    if constexpr (!std::is_void_v<V>) vb[d * L + fill[d]] = s.v[i];
    if (++fill[d] == cap[d]) flush(d);
  }
  for (std::size_t d = 0; d < R; ++d)
    if (fill[d]) flush(d);
  stream_fence();
}

// The parallel MSD level: the most significant digit below top that is not
// the same for all keys splits s.k stably into s.ok (bucket-major,
// worker-minor offsets). Which digits vary comes from the OR and the AND of
// the codes (a digit varies where they differ), taken in the same read that
// counts the highest digit, the one that varies on most inputs; where it does
// not (a narrow range), a second read counts the digit that does. Counting
// every digit in one read cost 4 (8) increments a key, a fifth of a 2^26
// sort. Returns that digit, with the buckets' starts in start[0..R], or -1
// when the keys agree on every digit below top (nothing moved). s.k is only
// read.
template <class K, class V>
int split_par(int w, span2<K, V> s, std::size_t m, int top, radix_code<K> code, std::size_t (&start)[R + 1]) {
  using U = key_code_t<K>;
  if (top <= 0) return -1;  // a bucket of the last digit: every key the same
  std::vector<std::size_t> counts(std::size_t(w) * R, 0);  // worker t's at counts[t * R]
  std::vector<U> ors(static_cast<std::size_t>(w)), ands(static_cast<std::size_t>(w));
  auto count = [&](int p, auto with_or_and) {
    sched::for_each_worker(w, [&](int t) {
      std::size_t* c = counts.data() + std::size_t(t) * R;
      U o = 0, a = U(~U(0));
      for (std::size_t i = sched::block_begin(m, w, t), e = sched::block_begin(m, w, t + 1); i < e; ++i) {
        const U x = code(s.k[i]);
        if constexpr (decltype(with_or_and)::value) o |= x, a &= x;
        ++c[digit(x, p)];
      }
      ors[std::size_t(t)] = o, ands[std::size_t(t)] = a;
    });
  };
  count(top - 1, std::true_type{});
  U o = 0, a = U(~U(0));
  for (int t = 0; t < w; ++t) o |= ors[std::size_t(t)], a &= ands[std::size_t(t)];
  int hi = top - 1;
  while (hi >= 0 && digit(U(o ^ a), hi) == 0) --hi;
  if (hi < 0) return hi;
  if (hi != top - 1) {
    std::fill(counts.begin(), counts.end(), std::size_t(0));
    count(hi, std::false_type{});
  }
  counts_to_offsets(counts.data(), R, R, w, start);
  [[maybe_unused]] const bool by_lines = m * (sizeof(K) + value_bytes<V>) >= radix_stream_bytes;
  sched::for_each_worker(w, [&](int t) {
    std::size_t* c = counts.data() + std::size_t(t) * R;
    const std::size_t b = sched::block_begin(m, w, t), e = sched::block_begin(m, w, t + 1);
    if constexpr (line_scatter_takes<V>) {
      if (by_lines) return scatter_by_lines(s, b, e, c, hi, code);
    }
    for (std::size_t i = b; i < e; ++i) {
      const std::size_t j = c[digit(code(s.k[i]), hi)]++;
      s.ok[j] = s.k[i];
      if constexpr (!std::is_void_v<V>) s.ov[j] = s.v[i];
    }
  });
  return hi;
}

// Whether bucket [a, b) of a range of m split on w workers is split again on
// all of them (at least 1/w of the range) or sorted by one worker.
inline bool is_big_bucket(std::size_t a, std::size_t b, std::size_t m, int w) {
  return (b - a) * std::size_t(w) >= m;
}

// After split_par: big(b) for each big bucket, one after another (each uses
// every worker); then small(t, b) for the other non-empty ones, claimed by the
// workers one by one, largest first (t: the claimant).
template <class Big, class Small>
void sort_buckets(int w, std::size_t m, const std::size_t (&start)[R + 1], Big&& big, Small&& small) {
  std::vector<std::uint32_t> rest;
  for (std::uint32_t b = 0; b < R; ++b) {
    if (is_big_bucket(start[b], start[b + 1], m, w)) big(b);
    else if (start[b + 1] > start[b]) rest.push_back(b);
  }
  std::sort(rest.begin(), rest.end(), [&](std::uint32_t a, std::uint32_t b) {
    return start[a + 1] - start[a] > start[b + 1] - start[b];
  });
  sched::for_each_claimed(w, rest.size(), 1, [&](int t, std::uint64_t i, std::uint64_t) { small(t, rest[i]); });
}

// The workers a range of m keys is sorted on: at least 4096 keys each.
inline int radix_workers(int w, std::size_t m) { return std::max(1, std::min<int>(w, int(m / 4096) + 1)); }

// The same as sort_seq on w workers: one parallel MSD level, then the buckets.
template <class K, class V, class Done = no_report>
void sort_par(int w, span2<K, V> s, std::size_t m, int top, radix_code<K> code, bool in_other,
              const reporter<K, Done>* rep = nullptr) {
  w = radix_workers(w, m);
  if (w == 1 || m < radix_parallel_n) return sort_seq(s, m, top, code, in_other, rep);
  std::size_t start[R + 1];
  const int hi = split_par(w, s, m, top, code, start);
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
  const span2<K, V> t = s.swapped();
  sort_buckets(
      w, m, start,
      [&](std::uint32_t b) { sort_par(w, t.at(start[b]), start[b + 1] - start[b], hi, code, !in_other, rep); },
      [&](int, std::uint32_t b) { sort_seq(t.at(start[b]), start[b + 1] - start[b], hi, code, !in_other, rep); });
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

// radix_sort out of place: keys[0, n) (and vals) sorted into out (and vout);
// the input is only read. The parallel level scatters from the input straight
// into out, and the buckets are then sorted inside out with scratch the size
// of a bucket (per worker), not of the input: one buffer of n fewer than a
// copy followed by radix_sort, and one pass through memory fewer (the CLI
// sorts a mapped .npy file so, and sort_copy takes it).
template <class K, class V>
void radix_sort_copy(int w, const K* keys, const V* vals, K* out, V* vout, std::size_t n, bool descending) {
  using U = key_code_t<K>;
  using VS = std::conditional_t<std::is_void_v<V>, char, V>;  // scratch's value type (unused for keys alone)
  w = radix_detail::radix_workers(w, n);
  if (n < radix_parallel_n) {
    radix_detail::copy_range(out, vout, keys, vals, n);
    return radix_sort(w, out, vout, n, descending);
  }
  const radix_code<K> code{descending ? U(~U(0)) : U(0)};
  // The input is the read-only side of the split (split_par never writes s.k).
  const radix_detail::span2<K, V> in{const_cast<K*>(keys), const_cast<V*>(vals), out, vout};
  std::size_t start[radix_detail::R + 1];
  const int hi = radix_detail::split_par(w, in, n, int(sizeof(K)), code, start);
  if (hi < 0) {  // every key the same: a copy
    sched::for_each_worker(w, [&](int t) {
      const std::size_t b = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1);
      const radix_detail::span2<K, V> x = in.at(b);
      radix_detail::copy_range(x.ok, x.ov, x.k, x.v, e - b);
    });
    return;
  }
  // Scratch, sized before any parallel region: the largest big bucket (sorted
  // on all workers, one at a time) and w times the largest of the others.
  std::size_t big = 0, small = 0;
  for (std::size_t b = 0; b < radix_detail::R; ++b) {
    std::size_t& most = radix_detail::is_big_bucket(start[b], start[b + 1], n, w) ? big : small;
    most = std::max(most, start[b + 1] - start[b]);
  }
  const std::size_t each = std::max(big, small * std::size_t(w));
  std::vector<K, uninit_allocator<K>> sk(each);
  std::vector<VS, uninit_allocator<VS>> sv(std::is_void_v<V> ? 0 : each);
  auto at = [&](std::uint32_t b, std::size_t scratch_off) {
    radix_detail::span2<K, V> x{out + start[b], nullptr, sk.data() + scratch_off, nullptr};
    if constexpr (!std::is_void_v<V>) x.v = vout + start[b], x.ov = sv.data() + scratch_off;
    return x;
  };
  radix_detail::sort_buckets(
      w, n, start,
      [&](std::uint32_t b) { radix_detail::sort_par(w, at(b, 0), start[b + 1] - start[b], hi, code, false); },
      [&](int t, std::uint32_t b) {
        radix_detail::sort_seq(at(b, std::size_t(t) * small), start[b + 1] - start[b], hi, code, false);
      });
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
