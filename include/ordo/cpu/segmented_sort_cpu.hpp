// CPU segmented sort: short segments in parallel, workers claiming batches of
// up to 256 (lengths vary), then each long segment sorted by every worker at once.
// Built-in orders on the key types: the radix sort (segments of at most 64
// keys by counting in place, small_rank_sort.hpp; under 256 keys in
// cache-sized batches of many segments, longer ones one by one, the long
// ones in parallel; stable, so stable or not is one answer);
// user comparators: std::sort of (key, position) pairs per short segment, the
// primitives' parallel merge sort per long one.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/radix_order.hpp"
#include "ordo/cpu/sort/radix_segment_batch.hpp"
#include "ordo/cpu/sort/radix_sort.hpp"
#include "ordo/cpu/sort/small_rank_sort.hpp"
#include "ordo/primitives.hpp"
#include "ordo/detail/reversed_order.hpp"
#include "ordo/detail/segment_desc.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/detail/segment_overlap.hpp"
#include "ordo/detail/value_words.hpp"
#include "ordo/detail/ties_visible.hpp"

namespace ordo::detail {

// Throws on the first (lowest-numbered) bad segment, then on overlapping
// segments (segment_overlap.hpp: O(m) when the begins never decrease, else a
// sort of the segment indices).
inline void validate_segments_cpu(const cpu& exec, const char* fn, const segment_desc& d) {
  const std::uint64_t m = d.count;
  const int threads = m < (1u << 16) ? 1 : exec.resolved_threads();
  std::vector<std::uint64_t> bad(std::size_t(threads), m);  // each worker's first bad segment
  sched::for_each_worker(threads, [&](int t) {
    for (std::uint64_t i = sched::block_begin(m, threads, t), e = sched::block_begin(m, threads, t + 1); i < e; ++i)
      if (!d.valid(d[i])) {
        bad[t] = i;
        return;
      }
  });
  const std::uint64_t first_bad = *std::min_element(bad.begin(), bad.end());
  if (first_bad < m) throw_bad_segment(fn, d, first_bad, d[first_bad]);
  if (const segment_overlap o = find_segment_overlap(d); o.found) throw_segment_overlap(fn, d, o);
}

// Segments at least this long (and more than a thread's share of n) are
// sorted by all threads together, after the short ones.
inline constexpr std::uint64_t cpu_long_segment = std::uint64_t(1) << 16;

// The radix sort's value type for a segmented sort's Value (keys alone: void).
template <class Value>
using radix_value_t = std::conditional_t<std::is_same_v<Value, no_values>, void, Value>;

// Segments shorter than this go through a worker's batch of short segments
// (radix_segment_batch.hpp): one radix sort's fixed costs (a count table per
// digit) would outweigh a short segment's work.
inline constexpr std::uint64_t radix_segment_min = 256;

// Per-thread buffers reused across the segments it sorts (a cache line of
// their own: a vector of them is indexed by worker).
template <class Key, class Value>
struct alignas(64) segment_buffers {
  std::vector<std::pair<Key, std::uint32_t>> pairs;
  std::vector<Value> values;
};

// Sorts one segment [b, e) of in into out (in may be out). Stable sorts sort
// (key, position) pairs with std::sort, ties broken by position: no
// allocation per segment (std::stable_sort allocates one each call, and
// threads then queue on the allocator), and values follow by position.
template <class Key, class Value, class Compare>
void sort_one_segment(const Key* in, Key* out, const Value* vin, Value* vout, std::uint64_t b, std::uint64_t e,
                      bool stable, Compare comp, segment_buffers<Key, Value>& buf) {
  constexpr bool keys_only = std::is_same_v<Value, no_values>;
  if (keys_only && !stable) {
    if (in != out) std::copy(in + b, in + e, out + b);
    std::sort(out + b, out + e, comp);
    return;
  }
  auto& pairs = buf.pairs;
  pairs.resize(e - b);
  for (std::uint64_t i = b; i < e; ++i) pairs[i - b] = {in[i], std::uint32_t(i - b)};
  std::sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) {
    return comp(x.first, y.first) || (!comp(y.first, x.first) && x.second < y.second);
  });
  if constexpr (!keys_only) {
    buf.values.resize(e - b);
    for (std::uint64_t i = b; i < e; ++i) buf.values[i - b] = vin[b + pairs[i - b].second];
    std::copy(buf.values.begin(), buf.values.end(), vout + b);
  }
  for (std::uint64_t i = b; i < e; ++i) out[i] = pairs[i - b].first;
}

// One long segment, every thread: a stable parallel argsort, then gathers.
template <class Key, class Value, class Compare>
void sort_long_segment(const cpu& exec, const Key* in, Key* out, const Value* vin, Value* vout, std::uint64_t b,
                       std::uint64_t e, Compare comp) {
  const std::uint64_t len = e - b;
  std::vector<std::uint64_t> perm(len);
  std::vector<Key> sorted(len);
  sort_idx_cpu(exec, std::span<const Key>(in + b, len), std::span<std::uint64_t>(perm), std::span<Key>(sorted), comp,
               sort_idx_options{});
  std::copy(sorted.begin(), sorted.end(), out + b);
  if constexpr (!std::is_same_v<Value, no_values>) {
    std::vector<Value> moved(len);
    sched::parallel_for(sched::workers(exec, len), 0, std::int64_t(len),
                        [&](std::int64_t i) { moved[i] = vin[b + perm[i]]; });
    std::copy(moved.begin(), moved.end(), vout + b);
  }
}

// One segment [b, e) of in into out by the radix sort on w workers (stable;
// built-in orders only), through the worker's scratch.
template <class Key, class Value, class Compare>
void radix_sort_segment(int w, const Key* in, Key* out, const Value* vin, Value* vout, std::uint64_t b,
                        std::uint64_t e, radix_scratch<Key, radix_value_t<Value>>& scratch) {
  if (in != out) std::copy(in + b, in + e, out + b);
  if constexpr (std::is_same_v<Value, no_values>) {
    radix_sort<Key, void>(w, out + b, nullptr, std::size_t(e - b), radix_direction_v<Key, Compare> < 0, scratch);
  } else {
    if (vin != vout) std::copy(vin + b, vin + e, vout + b);
    radix_sort(w, out + b, vout + b, std::size_t(e - b), radix_direction_v<Key, Compare> < 0, scratch);
  }
}

// Ascending by comp (the caller reverses comp for descending).
template <class Key, class Value, class Compare>
void segmented_sort_ascending_cpu(const cpu& exec, const Key* in, Key* out, const Value* vin, Value* vout,
                                  const segment_desc& d, bool stable_asked, Compare comp) {
  const int threads = exec.resolved_threads();
  const std::uint64_t m = d.count;
  const std::uint64_t long_from =
      threads > 1 ? std::max<std::uint64_t>(cpu_long_segment, d.n / std::uint64_t(threads)) : ~std::uint64_t(0);
  // Only a keys-only sort of integers with a built-in order may be unstable
  // (the GPU's bitonic path is; equal integer keys are the same bits):
  // floats (-0.0 / +0.0, NaN payloads), values and user comparators show the
  // order of equal keys, and keep it on both backends.
  const bool stable = stable_asked || !std::is_same_v<Value, no_values> || ties_visible_v<Key, Compare>;
  constexpr bool radix = radix_direction_v<Key, Compare> != 0;
  // Short segments: workers claim batches of them (dynamic: lengths vary);
  // long ones are set aside, then each sorted by every worker.
  const int w = m > 1 ? threads : 1;
  std::vector<std::vector<std::uint64_t>> long_ones(static_cast<std::size_t>(w));
  std::vector<segment_buffers<Key, Value>> bufs(static_cast<std::size_t>(w));
  std::vector<radix_scratch<Key, radix_value_t<Value>>> scratches(static_cast<std::size_t>(w));
  // Built-in orders: the short segments go through a worker's batch
  // (radix_segment_batch.hpp), flushed at the end of each claimed chunk.
  using RV = radix_value_t<Value>;
  using batch_t = std::conditional_t<radix, radix_segment_batch<Key, RV>, char>;
  std::vector<batch_t> batches;
  if constexpr (radix) {
    static_assert(radix_segment_min <= batch_t::cap);
    batches.reserve(std::size_t(w));
    for (int t = 0; t < w; ++t) {
      if constexpr (std::is_void_v<RV>)
        batches.emplace_back(in, out, nullptr, nullptr, radix_direction_v<Key, Compare> < 0);
      else batches.emplace_back(in, out, vin, vout, radix_direction_v<Key, Compare> < 0);
    }
  }
  // The shortest ones sort in place by counting (small_rank_sort.hpp).
  using U = key_code_t<Key>;
  const radix_code<Key> small_code{radix_direction_v<Key, Compare> < 0 ? U(~U(0)) : U(0)};
  // Chunks of 256 segments, fewer when there are fewer than 16 chunks a
  // worker: 16 segments of 2^20 keys would otherwise all go to one worker.
  const std::uint64_t grain = std::clamp<std::uint64_t>(m / (std::uint64_t(w) * 16), 1, 256);
  sched::for_each_claimed(w, m, grain, [&](int t, std::uint64_t s0, std::uint64_t s1) {
    bool ties = false;  // small_rank_sort's hint: the last small segment had tied keys
    for (std::uint64_t i = s0; i < s1; ++i) {
      const segment_range r = d[i];
      if (r.end - r.begin >= long_from || r.end - r.begin > 0xffffffffull) long_ones[t].push_back(i);
      else if constexpr (radix) {
        if (r.end - r.begin <= small_rank_sort_max)
          small_rank_sort<Key, RV>(in, out, vin, vout, r.begin, r.end, small_code, ties);
        else if (r.end - r.begin < radix_segment_min) batches[t].add(r.begin, r.end);
        else radix_sort_segment<Key, Value, Compare>(1, in, out, vin, vout, r.begin, r.end, scratches[t]);
      } else {
        sort_one_segment(in, out, vin, vout, r.begin, r.end, stable, comp, bufs[t]);
      }
    }
    if constexpr (radix) batches[t].flush();
  });
  radix_scratch<Key, radix_value_t<Value>> scratch;
  for (const auto& mine : long_ones)
    for (const std::uint64_t i : mine) {
      const segment_range r = d[i];
      if constexpr (radix)
        radix_sort_segment<Key, Value, Compare>(sched::workers(exec, r.end - r.begin), in, out, vin, vout, r.begin,
                                                r.end, scratch);
      else sort_long_segment(exec, in, out, vin, vout, r.begin, r.end, comp);
    }
}

template <class Key, class Value, class Compare>
void segmented_sort_cpu(const cpu& exec, const Key* in, Key* out, const Value* vin, Value* vout,
                        const segment_desc& d, const segmented_sort_options& o, Compare comp) {
  if (o.validate) validate_segments_cpu(exec, "segmented_sort", d);
  if (o.order == sort_order::descending)
    segmented_sort_ascending_cpu(exec, in, out, vin, vout, d, o.stable, reversed_order<Compare>{comp});
  else
    segmented_sort_ascending_cpu(exec, in, out, vin, vout, d, o.stable, comp);
}

// Compiled into libordo (src/cpu/compiled/segmented_sort.cpp): the built-in
// order (ordo::greater arrives as ordo::less, descending) on every key type,
// keys alone or with 4- or 8-byte values as words (value_words.hpp); other
// translation units call these instances.
#define ORDO_SEGMENTED_SORT_CPU_INSTANCE(PREFIX, K, V)                                                    \
  PREFIX void segmented_sort_cpu<K, V, less>(const cpu&, const K*, K*, const V*, V*, const segment_desc&, \
                                             const segmented_sort_options&, less);
#define ORDO_SEGMENTED_SORT_CPU_KEY(PREFIX, K)                                                                 \
  ORDO_SEGMENTED_SORT_CPU_INSTANCE(PREFIX, K, no_values) ORDO_SEGMENTED_SORT_CPU_INSTANCE(PREFIX, K, word4) \
  ORDO_SEGMENTED_SORT_CPU_INSTANCE(PREFIX, K, word8)
ORDO_FOR_EACH_KEY_WITH(ORDO_SEGMENTED_SORT_CPU_KEY, extern template)

// Calls segmented_sort_cpu with values as words and greater as less, descending.
template <class Key, class Value, class Compare>
void segmented_sort_dispatch_cpu(const cpu& exec, const Key* in, Key* out, const Value* vin, Value* vout,
                                 const segment_desc& d, const segmented_sort_options& o, Compare comp) {
  if constexpr (std::is_same_v<Compare, greater>) {
    segmented_sort_options f = o;
    f.order = o.order == sort_order::descending ? sort_order::ascending : sort_order::descending;
    segmented_sort_cpu(exec, in, out, as_words(vin), as_words(vout), d, f, less{});
  } else {
    segmented_sort_cpu(exec, in, out, as_words(vin), as_words(vout), d, o, comp);
  }
}

template <>
struct backend<cpu, op::segmented_sort> {
  template <class Key, class Value, class Compare>
  static void run(const cpu& exec, const Key* in, Key* out, const Value* vin, Value* vout, const segment_desc& d,
                  const segmented_sort_options& o, Compare comp) {
    segmented_sort_dispatch_cpu(exec, in, out, vin, vout, d, o, comp);
  }
};

// In place: each segment is sorted through a buffer of its own.
template <>
struct backend<cpu, op::segmented_sort_in_place> {
  template <class Key, class Value, class Compare>
  static void run(const cpu& exec, Key* keys, Value* values, const segment_desc& d, const segmented_sort_options& o,
                  Compare comp) {
    segmented_sort_dispatch_cpu(exec, static_cast<const Key*>(keys), keys, static_cast<const Value*>(values), values,
                                d, o, comp);
  }
};

}  // namespace ordo::detail
