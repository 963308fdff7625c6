// The cpu overloads of rough_sort.hpp: radius, rough_sort and the adaptive
// sort. Key-value calls sort (key, value) pairs in a buffer and write them
// back, so every variant serves both.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ordo/cpu/primitives/merge_sort.hpp"
#include "ordo/cpu/rough_sort/radius_cpu.hpp"
#include "ordo/cpu/rough_sort/roughsort_cpu_variants.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/radix_order.hpp"
#include "ordo/cpu/sort/radix_sort.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/detail/narrow_keys.hpp"
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/detail/reversed_order.hpp"
#include "ordo/detail/ties_visible.hpp"
#include "ordo/detail/value_words.hpp"

namespace ordo::detail {

// The radius up to which the CPU's adaptive sort takes roughsort (runs of 2k
// sorted by std::sort, n log 2k work). Roughsort still wins well at k = 1024,
// so 4096 is conservative (docs/benchmarks.md#tuning-rough-cpu).
inline constexpr std::uint64_t cpu_max_rough_radius = 4096;

// f(comparator) for `order`: comp, or comp reversed. ordo::greater arrives as
// ordo::less reversed (the same order), so that one compiled instance
// (compiled_sorts below) serves both.
template <class Compare, class F>
decltype(auto) with_order(sort_order order, Compare comp, F&& f) {
  if constexpr (std::is_same_v<Compare, greater>) {
    return with_order(order == sort_order::descending ? sort_order::ascending : sort_order::descending, less{},
                      std::forward<F>(f));
  } else {
    if (order == sort_order::descending) return f(reversed_order<Compare>{comp});
    return f(comp);
  }
}

template <class Compare>
struct by_first {
  Compare comp;
  template <class P>
  bool operator()(const P& a, const P& b) const { return comp(a.first, b.first); }
};

// Runs `f(T* data, comparator)` over the keys alone, or over (key, value)
// pairs copied out of keys/values and written back afterwards.
template <class Key, class Value, class Compare, class F>
void over_elements(Key* keys, Value* values, std::size_t n, Compare comp, F&& f) {
  if constexpr (std::is_void_v<Value>) {
    f(keys, comp);
  } else {
    std::vector<std::pair<Key, Value>> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {keys[i], values[i]};
    f(p.data(), by_first<Compare>{comp});
    for (std::size_t i = 0; i < n; ++i) keys[i] = p[i].first, values[i] = p[i].second;
  }
}

// The input copied to the output unless they are the same.
template <class Key, class Value>
void copy_in(std::span<const Key> ki, std::span<Key> ko, const Value* vi, Value* vo, std::size_t n) {
  if (ki.data() != ko.data()) std::copy(ki.begin(), ki.end(), ko.begin());
  if constexpr (!std::is_void_v<Value>)
    if (vi != vo) std::copy(vi, vi + n, vo);
}

// Whether a sort of these elements must be stable to keep its promise: the
// order of equal keys shows with values, float keys and user comparators.
template <class Key, class Value, class Compare>
inline constexpr bool must_be_stable_v = !std::is_void_v<Value> || ties_visible_v<Key, Compare>;

// A full sort in place, stable. Built-in orders on the key types: the
// parallel radix sort (sort/radix_sort.hpp) unless `radix` is false (the
// merge_sort variant asked by name); user comparators: std::sort
// (integer keys alone) / std::stable_sort on one thread, the primitives'
// parallel merge sort otherwise.
template <class Key, class Value, class Compare>
void full_sort_cpu(const cpu& exec, Key* keys, Value* values, std::size_t n, Compare comp, bool radix = true) {
  const int chunks = cpu_chunks(exec, n);
  if constexpr (radix_direction_v<Key, Compare> != 0)
    if (radix) return radix_sort(chunks, keys, values, n, radix_direction_v<Key, Compare> < 0);
  if (chunks == 1) {
    if constexpr (!must_be_stable_v<Key, Value, Compare>) std::sort(keys, keys + n, comp);
    else over_elements(keys, values, n, comp, [&](auto* p, auto c) { std::stable_sort(p, p + n, c); });
    return;
  }
  auto run = [&](auto index_tag) {
    using Index = decltype(index_tag);
    std::vector<Index> perm(n);
    std::vector<Key> sorted(n);
    sort_idx_cpu(exec, std::span<const Key>(keys, n), std::span<Index>(perm), std::span<Key>(sorted), comp,
                 sort_idx_options{});
    if constexpr (!std::is_void_v<Value>) {
      std::vector<Value> v(values, values + n);
      sched::parallel_for(chunks, 0, std::int64_t(n), [&](std::int64_t i) { values[i] = v[perm[i]]; });
    }
    std::copy(sorted.begin(), sorted.end(), keys);
  };
  if (n <= 0xffffffffull) run(std::uint32_t{});
  else run(std::uint64_t{});
}

template <class Key, class Value, class Compare>
void rough_sort_variant_cpu(const cpu& exec, Key* keys, Value* values, std::size_t n, std::uint64_t k,
                            rough_sort_variant v, Compare comp) {
  if (n < 2 || k == 0) return;
  k = std::min<std::uint64_t>(k, n - 1);
  constexpr bool stable = must_be_stable_v<Key, Value, Compare>;
  over_elements(keys, values, n, comp, [&](auto* a, auto c) {
    switch (v) {
      case rough_sort_variant::halving:
        if constexpr (stable) roughsort_halving_stable(a, n, k, c);
        else roughsort_halving(a, n, k, c);
        break;
      case rough_sort_variant::bubble: bubble_sort(a, n, c); break;
      default: {
        const int threads = cpu_chunks(exec, n);
        roughsort_runs(threads, a, n, k, [&](auto* first, auto* last) {
          if constexpr (stable) std::stable_sort(first, last, c);
          else std::sort(first, last, c);
        });
      }
    }
  });
}

// full_sort_cpu from `in` into keys (in == keys: in place; values likewise):
// the radix sort reads the input where it lies (radix_sort_copy), the others
// sort a copy.
template <class Key, class Value, class Compare>
void full_sort_from(const cpu& exec, const Key* in, Key* keys, const Value* vin, Value* values, std::size_t n,
                    Compare comp) {
  if constexpr (radix_direction_v<Key, Compare> != 0)
    if (in != keys)
      return radix_sort_copy(cpu_chunks(exec, n), in, vin, keys, values, n, radix_direction_v<Key, Compare> < 0);
  copy_in(std::span<const Key>(in, n), std::span<Key>(keys, n), vin, values, n);
  full_sort_cpu(exec, keys, values, n, comp);
}

// The adaptive sort from `in` into keys (in == keys: in place; values
// likewise); the input is only read.
template <class Key, class Value, class Compare>
void adaptive_sort_cpu(const cpu& exec, const Key* in, Key* keys, const Value* vin, Value* values, std::size_t n,
                       const sort_options& o, Compare comp) {
  if (o.variant == sort_variant::radix_sort)
    throw error(errc::not_supported, "sort: radix_sort is a GPU variant (the CPU has rough_sort and merge_sort)");
  const auto copied = [&] { copy_in(std::span<const Key>(in, n), std::span<Key>(keys, n), vin, values, n); };
  if (n < 2) return copied();
  if (o.variant == sort_variant::merge_sort) {
    copied();
    return full_sort_cpu(exec, keys, values, n, comp, false);
  }
  const int chunks = cpu_chunks(exec, n);
  const std::uint64_t limit = o.max_rough_radius ? o.max_rough_radius : cpu_max_rough_radius;
  // Whether the radius is within the limit, first: the check stops at the
  // first key too far out of place (at once on random keys), where the radius
  // itself takes two scans and 2n keys of memory. A prefix that is not
  // k-sorted means the whole is not: a short sequential look goes first.
  if (o.variant != sort_variant::rough_sort) {
    const std::size_t prefix = std::size_t(std::min<std::uint64_t>(n, limit + 1 + (std::uint64_t(1) << 14)));
    if (!is_k_sorted_cpu(1, in, prefix, limit, comp) || !is_k_sorted_cpu(chunks, in, n, limit, comp))
      return full_sort_from(exec, in, keys, vin, values, n, comp);
  }
  copied();
  const std::uint64_t r = radius_parallel(chunks, keys, n, comp);
  if (o.variant == sort_variant::rough_sort || r <= limit)
    return rough_sort_variant_cpu(exec, keys, values, n, r, rough_sort_variant::runs, comp);
  full_sort_cpu(exec, keys, values, n, comp);
}

[[noreturn]] inline void throw_not_k_sorted(std::uint64_t k, std::uint64_t radius) {
  throw error(errc::invalid_argument, "rough_sort: the keys are not " + std::to_string(k) +
                                          "-sorted (their radius is " + std::to_string(radius) + ")");
}

template <class Key, class Value, class Compare>
void rough_sort_cpu(const cpu& exec, Key* keys, Value* values, std::size_t n, std::uint64_t k,
                    const rough_sort_options& o, Compare comp) {
  if (o.variant == rough_sort_variant::radix_runs)
    throw error(errc::not_supported, "rough_sort: radix_runs is a GPU variant (the CPU sorts its runs by `runs`)");
  if (!is_k_sorted_cpu(cpu_chunks(exec, n), keys, n, k, comp)) {
    if (o.on_wrong_k == wrong_radius::raise)
      throw_not_k_sorted(k, radius_parallel(cpu_chunks(exec, n), keys, n, comp));
    return adaptive_sort_cpu(exec, keys, keys, values, values, n, sort_options{}, comp);
  }
  rough_sort_variant_cpu(exec, keys, values, n, k, o.variant, comp);
}

// rough_sort_copy with wrong_radius::raise throws before writing the output.
template <class Key, class Compare>
void check_k_sorted_before_copy(const cpu& exec, std::span<const Key> keys, std::uint64_t k,
                                const rough_sort_options& o, Compare comp) {
  if (o.on_wrong_k != wrong_radius::raise) return;
  with_order(o.order, comp, [&](auto c) {
    const int chunks = cpu_chunks(exec, keys.size());
    if (!is_k_sorted_cpu(chunks, keys.data(), keys.size(), k, c))
      throw_not_k_sorted(k, radius_parallel(chunks, keys.data(), keys.size(), c));
  });
}

// Compiled into libordo (src/cpu/compiled/rough_sort_{keys,pairs}.cpp): the built-in order
// on every key type, ascending and descending, keys alone or with values of 4
// or 8 bytes (value_words.hpp). Every other translation unit calls these
// instances instead of compiling the sorts again (the CLI, the Python module,
// every test); user comparators and other value types instantiate here.
#define ORDO_ROUGH_SORT_CPU_INSTANCE(PREFIX, K, V, C)                                                          \
  PREFIX void adaptive_sort_cpu<K, V, C>(const cpu&, const K*, K*, const V*, V*, std::size_t, const sort_options&, C); \
  PREFIX void rough_sort_cpu<K, V, C>(const cpu&, K*, V*, std::size_t, std::uint64_t, const rough_sort_options&, \
                                      C);
// Two halves, so that libordo builds them in parallel: keys alone (with
// radius and is_k_sorted), and keys with values.
#define ORDO_ROUGH_SORT_CPU_KEYS_ORDER(PREFIX, K, C)                         \
  ORDO_ROUGH_SORT_CPU_INSTANCE(PREFIX, K, void, C)                           \
  PREFIX std::uint64_t radius_parallel<K, C>(int, const K*, std::size_t, C); \
  PREFIX bool is_k_sorted_cpu<K, C>(int, const K*, std::size_t, std::uint64_t, C);
#define ORDO_ROUGH_SORT_CPU_PAIRS_ORDER(PREFIX, K, C) \
  ORDO_ROUGH_SORT_CPU_INSTANCE(PREFIX, K, word4, C) ORDO_ROUGH_SORT_CPU_INSTANCE(PREFIX, K, word8, C)
#define ORDO_ROUGH_SORT_CPU_KEYS(PREFIX, K) \
  ORDO_ROUGH_SORT_CPU_KEYS_ORDER(PREFIX, K, less) ORDO_ROUGH_SORT_CPU_KEYS_ORDER(PREFIX, K, reversed_order<less>)
#define ORDO_ROUGH_SORT_CPU_PAIRS(PREFIX, K) \
  ORDO_ROUGH_SORT_CPU_PAIRS_ORDER(PREFIX, K, less) ORDO_ROUGH_SORT_CPU_PAIRS_ORDER(PREFIX, K, reversed_order<less>)
ORDO_FOR_EACH_KEY_WITH(ORDO_ROUGH_SORT_CPU_KEYS, extern template)
ORDO_FOR_EACH_KEY_WITH(ORDO_ROUGH_SORT_CPU_PAIRS, extern template)

template <>
struct backend<cpu, op::radius> {
  template <class Key, class Compare>
  static std::uint64_t run(const cpu& exec, const Key* keys, std::uint64_t n, const radius_options& o, Compare comp) {
    return with_order(o.order, comp, [&](auto c) { return radius_parallel(cpu_chunks(exec, n), keys, n, c); });
  }
};

template <>
struct backend<cpu, op::rough_sort> {
  template <class Key, class Value, class Compare>
  static void run(const cpu& exec, Key* keys, Value* values, std::uint64_t n, std::uint64_t k,
                  const rough_sort_options& o, Compare comp) {
    with_order(o.order, comp, [&](auto c) { rough_sort_cpu(exec, keys, as_words(values), n, k, o, c); });
  }
};

// Out of place: the keys are checked to be k-sorted before anything is
// written (wrong_radius::raise leaves the output alone), then copied and
// sorted in place.
template <>
struct backend<cpu, op::rough_sort_copy> {
  template <class Key, class Value, class Compare>
  static void run(const cpu& exec, const Key* keys_in, Key* keys_out, const Value* values_in, Value* values_out,
                  std::uint64_t n, std::uint64_t k, const rough_sort_options& o, Compare comp) {
    check_k_sorted_before_copy(exec, std::span<const Key>(keys_in, n), k, o, comp);
    copy_in(std::span<const Key>(keys_in, n), std::span<Key>(keys_out, n), values_in, values_out, n);
    backend<cpu, op::rough_sort>::run(exec, keys_out, values_out, n, k, o, comp);
  }
};

template <>
struct backend<cpu, op::sort> {
  template <class Key, class Value, class Compare>
  static void run(const cpu& exec, Key* keys, Value* values, std::uint64_t n, const sort_options& o, Compare comp) {
    with_order(o.order, comp,
               [&](auto c) { adaptive_sort_cpu(exec, keys, keys, as_words(values), as_words(values), n, o, c); });
  }
};

template <>
struct backend<cpu, op::sort_copy> {
  template <class Key, class Value, class Compare>
  static void run(const cpu& exec, const Key* keys_in, Key* keys_out, const Value* values_in, Value* values_out,
                  std::uint64_t n, const sort_options& o, Compare comp) {
    with_order(o.order, comp, [&](auto c) {
      adaptive_sort_cpu(exec, keys_in, keys_out, as_words(values_in), as_words(values_out), n, o, c);
    });
  }
};

}  // namespace ordo::detail

namespace ordo {

template <class Key, class Compare>
bool is_k_sorted(const cpu& exec, std::span<const Key> keys, std::uint64_t k, sort_order order, Compare comp) {
  if constexpr (detail::is_narrow_key_v<Key>)
    return detail::run_via_carrier<detail::cpu_key_conversion>(
        exec, [&](auto c) { return ordo::is_k_sorted(exec, c, k, order, detail::carrier_compare<Key>(comp)); },
        detail::keys_in(keys));
  else return detail::with_order(order, comp, [&](auto c) {
    return detail::is_k_sorted_cpu(detail::cpu_chunks(exec, keys.size()), keys.data(), keys.size(), k, c);
  });
}

}  // namespace ordo
