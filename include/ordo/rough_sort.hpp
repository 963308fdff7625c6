// Radius, Roughsort and an adaptive sort (seed 002: Pfaff, Treadwell,
// "Parallel Sorting of Roughly-Sorted Sequences", after Altman-Igarashi and
// Altman-Chlebus).
//
// A sequence is k-sorted when a[i] <= a[j] whenever j - i > k; its radius is
// the smallest such k, max{j - i : i < j, a[j] < a[i]} (0 when sorted): the
// widest distance between two keys in the wrong order (seed 002 §2's
// definition). It is not the largest distance of a key from its sorted
// place, which can be smaller: [3, 4, 1, 2] has radius 3 (3 before 2), yet
// every key is 2 places from where it belongs.
//
// Every sort here is stable on both backends: equal keys keep their input
// order, so values follow it, and keys-only float sorts keep -0.0 / +0.0 and
// NaNs of other payloads or signs in their input order (NaN sorts last, first
// when descending).
//
//   radius(exec, keys)                        the radius, from the LR/RL/DM sequences
//   rough_sort(exec, keys[, values], k)       sorts a k-sorted array in place, O(n log k)
//   rough_sort_copy(exec, in, out, ..., k)    the same, out of place (the input is not modified)
//   sort(exec, keys[, values])                measures how sorted the keys are and picks
//   sort_copy(exec, in, out, ...)             roughsort or a full sort
//
// A wrong k is never returned unsorted: the keys are checked to be k-sorted
// (on the GPU inside the sorting kernel) and, by default, sorted by the
// adaptive sort instead; wrong_radius::raise throws errc::invalid_argument.
//
// Example (CPU; ordo::cuda{} takes device spans):
//   std::vector<std::uint32_t> v = {1, 3, 2, 4, 6, 5, 7};   // radius 1
//   ordo::radius(ordo::cpu{}, std::span<const std::uint32_t>(v));   // 1
//   ordo::rough_sort(ordo::cpu{}, std::span<std::uint32_t>(v), 1);  // 1 2 3 4 5 6 7
#pragma once
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"
#include "ordo/primitives.hpp"  // sort_idx (the CPU full sort)
#include "ordo/rank.hpp"  // sort_order
#include "ordo/detail/backend.hpp"
#include "ordo/detail/narrow_keys.hpp"
#include "ordo/detail/primitives_checks.hpp"

namespace ordo {

// How rough_sort sorts (each exists so it can be measured):
//   runs     Altman-Chlebus: sort every run of 2k, then every run of 2k from
//            offset k (parallel on CPU threads; on the GPU one fused kernel)
//   halving  the sequential radius halving with nth_element (Altman-Igarashi),
//            then one bubble pass for the 1-sorted rest (CPU only); made
//            stable by ordering (key, input position) where ties can show
//            (values, float keys, user comparators), n positions of memory
//   bubble   Bubblesort, the paper's baseline (CPU only)
//   radix_runs  runs as above with every run of 2k (at least 2048, k <= 4096)
//            sorted by a block radix sort in shared memory and the shifted
//            runs by one merge of their sorted halves (GPU only; `runs` and
//            `automatic` take it for long runs)
enum class rough_sort_variant { automatic, runs, halving, bubble, radix_runs };

// What a wrong radius hint does: the keys are sorted anyway (by the adaptive
// sort), or errc::invalid_argument is thrown and the output is not written.
enum class wrong_radius { fallback, raise };

struct rough_sort_options {
  sort_order order = sort_order::ascending;
  rough_sort_variant variant = rough_sort_variant::automatic;
  wrong_radius on_wrong_k = wrong_radius::fallback;
};

// How the adaptive sort sorts: `automatic` measures the radius and takes
// roughsort when it is at most max_rough_radius, else a full sort (the GPU's
// radix sort for the built-in orders, a merge sort for user comparators).
// On the GPU `automatic` reads the probed radius back, and the radix sort of
// float keys reads back whether any key is -0.0 or NaN (without either it
// moves codes alone): both synchronise exec's stream, so neither belongs in
// a CUDA graph capture.
enum class sort_variant { automatic, rough_sort, radix_sort, merge_sort };

struct sort_options {
  sort_order order = sort_order::ascending;
  sort_variant variant = sort_variant::automatic;
  // The largest radius roughsort is used for; 0 takes the backend's measured
  // crossover (docs/benchmarks.md).
  std::uint64_t max_rough_radius = 0;
};

struct radius_options {
  sort_order order = sort_order::ascending;
};

}  // namespace ordo

namespace ordo::detail::op {
// rough_sort.hpp's operations (detail/backend.hpp). Keys-only calls reach the
// backends with void values (null).
struct radius : named_op<"radius", std::uint64_t> {};
struct rough_sort : named_op<"rough_sort"> {};
struct rough_sort_copy : named_op<"rough_sort"> {};
struct sort : named_op<"sort"> {};
struct sort_copy : named_op<"sort"> {};
}  // namespace ordo::detail::op

namespace ordo {

// On the GPU every call below takes the built-in orders (ordo::less, with
// options.order) over the six key types, and values of 4 or 8 bytes; it is
// stable like the CPU's. Every call also takes the narrow keys (int8, uint8,
// int16, uint16, bool, float16, bfloat16, __half, __nv_bfloat16), sorted as
// their carrier (detail/narrow_keys.hpp): the in-place calls widen the keys,
// sort the carrier in place and narrow them back.

// ---- radius ----------------------------------------------------------------
// GPU: synchronises on exec's stream to return the number.
template <execution_policy Exec, class Key, class Compare = less>
std::uint64_t radius(const Exec& exec, std::span<const Key> keys, const radius_options& options = {},
                     Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>)
    return detail::via_carrier<detail::op::radius>(
        exec, [&](auto k) { return ordo::radius(exec, k, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_in(keys));
  else
    return detail::backend<Exec, detail::op::radius>::run(exec, keys.data(), std::uint64_t(keys.size()), options, comp);
}

// True when the keys are k-sorted (cheaper than the radius: one pass). CPU only.
template <class Key, class Compare = less>
bool is_k_sorted(const cpu& exec, std::span<const Key> keys, std::uint64_t k, sort_order order = sort_order::ascending,
                 Compare comp = {});

// ---- rough_sort ------------------------------------------------------------
template <execution_policy Exec, class Key, class Compare = less>
void rough_sort(const Exec& exec, std::span<Key> keys, std::uint64_t k, const rough_sort_options& options = {},
                Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>)
    detail::via_carrier<detail::op::rough_sort>(
        exec, [&](auto c) { ordo::rough_sort(exec, c, k, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_inout(keys));
  else
    detail::backend<Exec, detail::op::rough_sort>::run(exec, keys.data(), static_cast<void*>(nullptr),
                                                        std::uint64_t(keys.size()), k, options, comp);
}
template <execution_policy Exec, class Key, class Value, class Compare = less>
void rough_sort(const Exec& exec, std::span<Key> keys, std::span<Value> values, std::uint64_t k,
                const rough_sort_options& options = {}, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::rough_sort>(
        exec, [&](auto c) { ordo::rough_sort(exec, c, values, k, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_inout(keys));
  } else {
    detail::check_same_size("rough_sort", "values", values.size(), "keys", keys.size());
    detail::backend<Exec, detail::op::rough_sort>::run(exec, keys.data(), values.data(), std::uint64_t(keys.size()),
                                                        k, options, comp);
  }
}
template <execution_policy Exec, class Key, class Compare = less>
void rough_sort_copy(const Exec& exec, std::span<const Key> keys_in, std::span<Key> keys_out, std::uint64_t k,
                     const rough_sort_options& options = {}, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::rough_sort_copy>(
        exec,
        [&](auto ki, auto ko) { ordo::rough_sort_copy(exec, ki, ko, k, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_in(keys_in), detail::keys_out(keys_out));
  } else {
    detail::check_same_size("rough_sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
    detail::check_same_or_apart("rough_sort", "keys_out", keys_out, "keys_in", keys_in);
    detail::backend<Exec, detail::op::rough_sort_copy>::run(
        exec, keys_in.data(), keys_out.data(), static_cast<const void*>(nullptr), static_cast<void*>(nullptr),
        std::uint64_t(keys_in.size()), k, options, comp);
  }
}
template <execution_policy Exec, class Key, class Value, class Compare = less>
void rough_sort_copy(const Exec& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
                     std::span<const Value> values_in, std::span<Value> values_out, std::uint64_t k,
                     const rough_sort_options& options = {}, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::rough_sort_copy>(
        exec,
        [&](auto ki, auto ko) {
          ordo::rough_sort_copy(exec, ki, ko, values_in, values_out, k, options, detail::carrier_compare<Key>(comp));
        },
        detail::keys_in(keys_in), detail::keys_out(keys_out));
  } else {
    detail::check_copy_sizes("rough_sort", keys_in.size(), keys_out.size(), values_in.size(), values_out.size());
    detail::check_same_or_apart("rough_sort", "keys_out", keys_out, "keys_in", keys_in);
    detail::check_same_or_apart("rough_sort", "values_out", values_out, "values_in", values_in);
    detail::backend<Exec, detail::op::rough_sort_copy>::run(exec, keys_in.data(), keys_out.data(), values_in.data(),
                                                             values_out.data(), std::uint64_t(keys_in.size()), k,
                                                             options, comp);
  }
}

// ---- the adaptive sort -----------------------------------------------------
template <execution_policy Exec, class Key, class Compare = less>
void sort(const Exec& exec, std::span<Key> keys, const sort_options& options = {}, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>)
    detail::via_carrier<detail::op::sort>(
        exec, [&](auto c) { ordo::sort(exec, c, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_inout(keys));
  else
    detail::backend<Exec, detail::op::sort>::run(exec, keys.data(), static_cast<void*>(nullptr),
                                                  std::uint64_t(keys.size()), options, comp);
}
template <execution_policy Exec, class Key, class Value, class Compare = less>
void sort(const Exec& exec, std::span<Key> keys, std::span<Value> values, const sort_options& options = {},
          Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::sort>(
        exec, [&](auto c) { ordo::sort(exec, c, values, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_inout(keys));
  } else {
    detail::check_same_size("sort", "values", values.size(), "keys", keys.size());
    detail::backend<Exec, detail::op::sort>::run(exec, keys.data(), values.data(), std::uint64_t(keys.size()),
                                                  options, comp);
  }
}
// sort_copy: keys_in sorted into keys_out (values likewise), the input only
// read. keys_out is keys_in itself (the sort runs in place) or shares no
// element with it; a partial overlap throws errc::invalid_argument before
// anything is written. On the CPU the radix sort scatters from the input
// straight into the output (no copy first, no second buffer of n).
template <execution_policy Exec, class Key, class Compare = less>
void sort_copy(const Exec& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
               const sort_options& options = {}, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::sort_copy>(
        exec, [&](auto ki, auto ko) { ordo::sort_copy(exec, ki, ko, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_in(keys_in), detail::keys_out(keys_out));
  } else {
    detail::check_same_size("sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
    detail::check_same_or_apart("sort", "keys_out", keys_out, "keys_in", keys_in);
    detail::backend<Exec, detail::op::sort_copy>::run(exec, keys_in.data(), keys_out.data(),
                                                       static_cast<const void*>(nullptr), static_cast<void*>(nullptr),
                                                       std::uint64_t(keys_in.size()), options, comp);
  }
}
template <execution_policy Exec, class Key, class Value, class Compare = less>
void sort_copy(const Exec& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
               std::span<const Value> values_in, std::span<Value> values_out, const sort_options& options = {},
               Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::sort_copy>(
        exec,
        [&](auto ki, auto ko) {
          ordo::sort_copy(exec, ki, ko, values_in, values_out, options, detail::carrier_compare<Key>(comp));
        },
        detail::keys_in(keys_in), detail::keys_out(keys_out));
  } else {
    detail::check_copy_sizes("sort", keys_in.size(), keys_out.size(), values_in.size(), values_out.size());
    detail::check_same_or_apart("sort", "keys_out", keys_out, "keys_in", keys_in);
    detail::check_same_or_apart("sort", "values_out", values_out, "values_in", values_in);
    detail::backend<Exec, detail::op::sort_copy>::run(exec, keys_in.data(), keys_out.data(), values_in.data(),
                                                       values_out.data(), std::uint64_t(keys_in.size()), options,
                                                       comp);
  }
}

const char* to_string(rough_sort_variant v) noexcept;
const char* to_string(sort_variant v) noexcept;
rough_sort_variant parse_rough_sort_variant(const char* name);  // throws errc::invalid_argument
sort_variant parse_sort_variant(const char* name);              // throws errc::invalid_argument

}  // namespace ordo

// The backends: backend<cpu, op::...>, and backend<cuda, op::...> where ordo
// was built with CUDA (else detail/backend.hpp's "not built").
#include "ordo/cpu/rough_sort_cpu.hpp"
#if defined(ORDO_HAS_CUDA)
#include "ordo/cuda/rough_sort_cuda.hpp"
#endif
