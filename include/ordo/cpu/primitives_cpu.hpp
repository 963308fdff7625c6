// CPU backend of the primitives (primitives.hpp): OpenMP over contiguous
// chunks, one per thread; cpu{1} runs the same code with one chunk and is the
// sequential reference. Templates, so user operators and comparators work.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "ordo/cpu/primitives/fork.hpp"
#include "ordo/cpu/primitives/merge_sort.hpp"
#include "ordo/cpu/primitives/scan_reduce.hpp"
#include "ordo/cpu/primitives/stable_scatter.hpp"
#include "ordo/cpu/sort/radix_argsort.hpp"
#include "ordo/cpu/sort/radix_order.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/detail/value_words.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"

namespace ordo::detail {

template <>
struct backend<cpu, op::scan> {
  template <class In, class Acc, class Op>
  static void run(const cpu& exec, std::span<const In> in, std::span<Acc> out, Op op, Acc init,
                  const scan_options& options) {
    scan_cpu<In, Acc, Op>(exec, in, out, op, init, options);
  }
};

template <>
struct backend<cpu, op::reduce> {
  template <class In, class Acc, class Op>
  static void run(const cpu& exec, std::span<const In> in, std::span<Acc> result, Op op, Acc init) {
    check_count_slot("reduce", "result", result.size());
    result[0] = reduce_cpu<In, Acc, Op>(exec, in, op, init);
  }
};

template <class Acc>
struct backend<cpu, op::reduce_and_wait<Acc>> {
  template <class In, class Op>
  static Acc run(const cpu& exec, std::span<const In> in, Op op, Acc init) {
    return reduce_cpu<In, Acc, Op>(exec, in, op, init);
  }
};

template <>
struct backend<cpu, op::compact> {
  template <class T>
  static void run(const cpu& exec, op::by_flags, std::span<const T> in, std::span<const std::uint8_t> flags,
                  std::span<T> out, std::span<std::uint64_t> count) {
    check_same_size("compact", "flags", flags.size(), "in", in.size());
    check_at_least("compact", "out", out.size(), "in", in.size());
    check_count_slot("compact", "count", count.size());
    // class 0: kept, class 1: dropped (the last class is not written)
    count[0] = stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return flags[i] ? 0u : 1u; }, false)[0];
  }
  template <class T, class Pred>
  static void run(const cpu& exec, op::by_predicate, std::span<const T> in, Pred pred, std::span<T> out,
                  std::span<std::uint64_t> count) {
    check_at_least("compact", "out", out.size(), "in", in.size());
    check_count_slot("compact", "count", count.size());
    count[0] = stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return pred(in[i]) ? 0u : 1u; }, false)[0];
  }
};

template <>
struct backend<cpu, op::split> {
  template <class T>
  static void run(const cpu& exec, op::by_flags, std::span<const T> in, std::span<const std::uint8_t> flags,
                  std::span<T> out, std::span<std::uint64_t> zeros) {
    check_same_size("split", "flags", flags.size(), "in", in.size());
    check_same_size("split", "out", out.size(), "in", in.size());
    check_count_slot("split", "zeros", zeros.size());
    zeros[0] = stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return flags[i] ? 1u : 0u; }, true)[0];
  }
  template <class T>
  static void run(const cpu& exec, op::by_bucket, std::span<const T> in, std::span<const std::uint8_t> bucket,
                  unsigned n_buckets, std::span<T> out, std::span<std::uint64_t> offsets, const split_options&) {
    check_same_size("split", "bucket", bucket.size(), "in", in.size());
    check_same_size("split", "out", out.size(), "in", in.size());
    check_n_buckets("split", n_buckets, offsets.size());
    for (std::size_t i = 0; i < bucket.size(); ++i)
      if (bucket[i] >= n_buckets) fail_bucket(i, bucket[i], n_buckets);
    const auto sizes =
        stable_scatter_cpu(exec, in, out, n_buckets, [&](std::size_t i) { return unsigned(bucket[i]); }, true);
    offsets[0] = 0;
    for (unsigned b = 0; b < n_buckets; ++b) offsets[b + 1] = offsets[b] + sizes[b];
  }
};

template <>
struct backend<cpu, op::fork> {
  template <class Count, class Index>
  static void run(const cpu& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
                  const fork_options& options) {
    fork_options o = options;
    o.variant = chosen_variant(exec, o.variant);
    fork_cpu(exec, counts, parent, sibling, o);
  }
};

ORDO_BACKEND_CALLS(cpu, op::fork_total_and_wait, fork_total_cpu);

// Compiled into libordo (src/cpu/compiled/sort_idx.cpp, merge.cpp): sort_idx and merge
// under the built-in orders on every key type, merge's values as 4- or 8-byte
// words (value_words.hpp); other translation units call these instances.
#define ORDO_PRIMITIVES_CPU_SORT_IDX(PREFIX, K, I)                                                            \
  PREFIX void radix_sort_idx_cpu<K, I>(const cpu&, std::span<const K>, std::span<I>, std::span<K>, bool);    \
  PREFIX void sort_idx_cpu<K, I, less>(const cpu&, std::span<const K>, std::span<I>, std::span<K>, less,      \
                                       const sort_idx_options&);                                              \
  PREFIX void sort_idx_cpu<K, I, greater>(const cpu&, std::span<const K>, std::span<I>, std::span<K>, greater, \
                                          const sort_idx_options&);
#define ORDO_PRIMITIVES_CPU_MERGE(PREFIX, K, V)                                                                 \
  PREFIX void merge_cpu<K, V, less>(int, const K*, const V*, std::size_t, const K*, const V*, std::size_t, K*, \
                                    V*, less);                                                                \
  PREFIX void merge_cpu<K, V, greater>(int, const K*, const V*, std::size_t, const K*, const V*, std::size_t,  \
                                       K*, V*, greater);
#define ORDO_PRIMITIVES_CPU_SORT_IDX_KEY(PREFIX, K) \
  ORDO_PRIMITIVES_CPU_SORT_IDX(PREFIX, K, std::uint32_t) ORDO_PRIMITIVES_CPU_SORT_IDX(PREFIX, K, std::uint64_t)
#define ORDO_PRIMITIVES_CPU_MERGE_KEY(PREFIX, K)                                          \
  ORDO_PRIMITIVES_CPU_MERGE(PREFIX, K, char) ORDO_PRIMITIVES_CPU_MERGE(PREFIX, K, word4) \
  ORDO_PRIMITIVES_CPU_MERGE(PREFIX, K, word8)
ORDO_FOR_EACH_KEY_WITH(ORDO_PRIMITIVES_CPU_SORT_IDX_KEY, extern template)
ORDO_FOR_EACH_KEY_WITH(ORDO_PRIMITIVES_CPU_MERGE_KEY, extern template)

template <>
struct backend<cpu, op::sort_idx> {
  template <class Key, class Index, class Compare>
  static void run(const cpu& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
                  Compare comp, const sort_idx_options& options) {
    // automatic takes the radix sort for the built-in orders (the variants
    // named explicitly stay what they say, so each can be measured).
    if constexpr (radix_direction_v<Key, Compare> != 0)
      if (options.variant == sort_idx_variant::automatic)
        return radix_sort_idx_cpu(exec, keys, perm, sorted_keys, radix_direction_v<Key, Compare> < 0);
    // automatic reaches sort_idx_cpu as such: the sample sort where it pays,
    // else what chosen_variant names (merge_path).
    sort_idx_cpu(exec, keys, perm, sorted_keys, comp, options);
  }
};

template <>
struct backend<cpu, op::merge> {
  template <class Key, class Compare>
  static void run(const cpu& exec, std::span<const Key> a, std::span<const Key> b, std::span<Key> out, Compare comp) {
    check_same_size("merge", "out", out.size(), "a + b", a.size() + b.size());
    merge_cpu<Key, char>(cpu_chunks(exec, out.size()), a.data(), nullptr, a.size(), b.data(), nullptr, b.size(),
                         out.data(), nullptr, comp);
  }
  template <class Key, class Value, class Compare>
  static void run(const cpu& exec, std::span<const Key> a_keys, std::span<const Value> a_values,
                  std::span<const Key> b_keys, std::span<const Value> b_values, std::span<Key> out_keys,
                  std::span<Value> out_values, Compare comp) {
    check_same_size("merge", "a_values", a_values.size(), "a_keys", a_keys.size());
    check_same_size("merge", "b_values", b_values.size(), "b_keys", b_keys.size());
    check_same_size("merge", "out_keys", out_keys.size(), "a + b", a_keys.size() + b_keys.size());
    check_same_size("merge", "out_values", out_values.size(), "out_keys", out_keys.size());
    merge_cpu(cpu_chunks(exec, out_keys.size()), a_keys.data(), as_words(a_values.data()), a_keys.size(),
              b_keys.data(), as_words(b_values.data()), b_keys.size(), out_keys.data(), as_words(out_values.data()),
              comp);
  }
};

}  // namespace ordo::detail
