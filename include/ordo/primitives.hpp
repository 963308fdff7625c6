// The BSGP primitives (seed 001: Hou, Zhou, Guo, "BSGP: Bulk-Synchronous GPU
// Programming", Table 1 and Listings 1-2), on the CPU and on the GPU:
//
//   scan      inclusive / exclusive prefix with a user associative operator
//             and init; segmented by head flags
//   reduce    fold with a user associative operator
//   compact   stable selection by flags or by predicate; the count stays a
//             device value on the GPU
//   split     stable partition by a flag, and the multi-way split by a small
//             bucket number (a stable counting sort)
//   fork      parent i asks for counts[i] children: each child gets its
//             parent and its index among its siblings
//   sort_idx  argsort by a stable merge sort (user comparator); optionally
//             the sorted keys too
//   merge     two sorted sequences (keys, or keys and values), stably
//
// Every function is one template on the execution type (ordo::cpu or
// ordo::cuda). On ordo::cuda they take spans over device memory, run asynchronously on exec.stream and never wait for the
// device, unless the name says so (reduce_and_wait) or an option asks for
// validation. Built-in operators (plus, minimum, maximum, fmin, fmax) and comparators
// (less, greater) are compiled into libordo for the six key types; sort_idx and
// merge also take the narrow keys (int8, uint8, int16, uint16, bool, float16,
// bfloat16; __half and __nv_bfloat16), sorted as their carrier
// (detail/narrow_keys.hpp); scan, reduce, compact and split do not. A user's
// own functor needs the templates, so include "ordo/cuda/primitives.cuh" from
// a .cu file (the CPU templates are in this header already).
//
// Floating-point minimum/maximum propagate NaN and fmin/fmax ignore it, as
// numpy's operators of those names do (ops.hpp). Totals that could wrap (fork's
// sum of counts) are checked and reported as errc::invalid_argument.
//
// Example (CPU; the same calls with ordo::cuda{} on device spans):
//   std::vector<int> v = {3, 1, 4, 1, 5};
//   std::vector<int> s(5);
//   ordo::scan(ordo::cpu{}, std::span<const int>(v), std::span<int>(s));  // 3 4 8 9 14
//   std::vector<std::uint32_t> perm(5);
//   ordo::sort_idx(ordo::cpu{}, std::span<const int>(v), std::span<std::uint32_t>(perm));  // 1 3 0 2 4
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/narrow_keys.hpp"

// The operations of this header (detail/backend.hpp): each backend
// specialises backend<Exec, op::X> (ordo/cpu/primitives_cpu.hpp,
// ordo/cuda/primitives_cuda.hpp).
namespace ordo::detail::op {
struct scan : named_op<"scan"> {};
struct reduce : named_op<"reduce"> {};
struct compact : named_op<"compact"> {};
struct split : named_op<"split"> {};
struct fork : named_op<"fork"> {};
struct fork_total_and_wait : named_op<"fork_total_and_wait", std::uint64_t> {};
struct sort_idx : named_op<"sort_idx"> {};
struct merge : named_op<"merge"> {};
template <class Acc>
struct reduce_and_wait : named_op<"reduce_and_wait", Acc> {};
// Tags that pick among a backend's overloads of one operation.
struct by_flags {};
struct by_predicate {};
struct by_bucket {};
}  // namespace ordo::detail::op

namespace ordo {

// ---------------------------------------------------------------- scan ----
enum class scan_kind {
  inclusive,  // out[i] = init op in[0] op ... op in[i]
  exclusive,  // out[i] = init op in[0] op ... op in[i-1]   (out[0] = init)
};

struct scan_options {
  scan_kind kind = scan_kind::inclusive;
  // Segmented scan when not empty (one flag per element): a nonzero flag
  // starts a new segment, and the prefix restarts from init there. Element 0
  // always starts a segment.
  std::span<const std::uint8_t> head_flags = {};
};

// in and out have one size. The operator must be associative; it need not be
// commutative. Without init, the operator's identity() is used (plus,
// minimum, maximum, fmin, fmax have one: ops.hpp).
//
// The accumulator is out's element type, Acc, which may differ from in's, In
// (numpy's dtype=): every input is converted to Acc (static_cast) before the
// operator sees it, so scan(exec, span<const int32_t>, span<int64_t>) sums
// int32 values without overflow. C++ never widens by itself: with Acc == In an
// integer plus wraps modulo 2^bits as numpy's cumsum(x, dtype=x.dtype) does
// (ordo::sum_accumulator_t<In> names numpy's default, which the Python module
// and the CLI use). out may be in (in place) only when Acc == In; with
// different types overlapping spans are an errc::invalid_argument. libordo
// holds the GPU code for Acc == In and for numpy's promotions int32 -> int64
// and uint32 -> uint64 under plus (other pairs: include
// "ordo/cuda/primitives.cuh" in a .cu file); the CPU takes any pair.
template <execution_policy Exec, class In, class Acc, class Op>
void scan(const Exec& exec, std::span<const In> in, std::span<Acc> out, Op op, std::type_identity_t<Acc> init,
          const scan_options& options = {}) {
  detail::backend<Exec, detail::op::scan>::run(exec, in, out, op, init, options);
}
template <execution_policy Exec, class In, class Acc, class Op = plus>
void scan(const Exec& exec, std::span<const In> in, std::span<Acc> out, Op op = {}, const scan_options& options = {}) {
  scan(exec, in, out, op, Op::template identity<Acc>(), options);
}

// -------------------------------------------------------------- reduce ----
// result has one element (device memory for cuda): init op in[0] op ... op in[n-1],
// accumulated in result's element type Acc as scan does (with Acc == In an
// integer plus wraps; reduce into an int64 result to sum int32 exactly). An
// empty input gives init (the identity by default: -inf for maximum, NaN for
// fmax on floating point).
template <execution_policy Exec, class In, class Acc, class Op = plus>
void reduce(const Exec& exec, std::span<const In> in, std::span<Acc> result, Op op = {},
            std::type_identity_t<Acc> init = Op::template identity<Acc>()) {
  detail::backend<Exec, detail::op::reduce>::run(exec, in, result, op, init);
}
// The same, returning the value to the host: on the GPU this waits for the
// stream. reduce_and_wait(exec, in) accumulates in In;
// reduce_and_wait<Acc>(exec, in) in Acc.
template <class Acc, execution_policy Exec, class In, class Op = plus>
  requires(!std::is_same_v<Acc, Exec>)  // reduce_and_wait<cpu>(...) names the overload below
Acc reduce_and_wait(const Exec& exec, std::span<const In> in, Op op = {},
                    std::type_identity_t<Acc> init = Op::template identity<Acc>()) {
  return detail::backend<Exec, detail::op::reduce_and_wait<Acc>>::run(exec, in, op, init);
}
template <execution_policy Exec, class T, class Op = plus>
T reduce_and_wait(const Exec& exec, std::span<const T> in, Op op = {},
                  std::type_identity_t<T> init = Op::template identity<T>()) {
  return reduce_and_wait<T, Exec, T, Op>(exec, in, op, init);
}

// ------------------------------------------------------------- compact ----
// Keeps in[i] where flags[i] != 0 (or pred(in[i])), in order, at the front of
// out; count[0] receives how many (a device value for cuda, never read back).
// out.size() >= in.size(), since the count is not known before the call.
template <execution_policy Exec, class T>
void compact(const Exec& exec, std::span<const T> in, std::span<const std::uint8_t> flags, std::span<T> out,
             std::span<std::uint64_t> count) {
  detail::backend<Exec, detail::op::compact>::run(exec, detail::op::by_flags{}, in, flags, out, count);
}
template <execution_policy Exec, class T, class Pred>
  requires std::is_invocable_r_v<bool, Pred, const T&>
void compact(const Exec& exec, std::span<const T> in, Pred pred, std::span<T> out, std::span<std::uint64_t> count) {
  detail::backend<Exec, detail::op::compact>::run(exec, detail::op::by_predicate{}, in, pred, out, count);
}

// --------------------------------------------------------------- split ----
// Stable partition: the elements whose flag is 0, in order, then those whose
// flag is nonzero, in order. zeros[0] receives the number of the former.
template <execution_policy Exec, class T>
void split(const Exec& exec, std::span<const T> in, std::span<const std::uint8_t> flags, std::span<T> out,
           std::span<std::uint64_t> zeros) {
  detail::backend<Exec, detail::op::split>::run(exec, detail::op::by_flags{}, in, flags, out, zeros);
}

// Multi-way split (a stable counting sort by a small key): bucket[i] <
// n_buckets <= 256. Bucket b's elements land, in input order, at
// out[offsets[b] .. offsets[b+1]); offsets has n_buckets + 1 entries.
// A bucket number >= n_buckets is an error: the CPU throws errc::invalid_argument;
// the GPU throws it when `validate` (which waits for the stream), and otherwise
// leaves those elements out (offsets count only valid buckets).
struct split_options {
  bool validate = false;
};
template <execution_policy Exec, class T>
void split(const Exec& exec, std::span<const T> in, std::span<const std::uint8_t> bucket, unsigned n_buckets,
           std::span<T> out, std::span<std::uint64_t> offsets, const split_options& options = {}) {
  detail::backend<Exec, detail::op::split>::run(exec, detail::op::by_bucket{}, in, bucket, n_buckets, out, offsets,
                                                options);
}

// ---------------------------------------------------------------- fork ----
enum class fork_variant {
  automatic,
  doubling,       // Listing 1: offsets by scan, then log2(max m) rounds filling 2^i children per parent
  load_balanced,  // one search per tile of children over the offsets (merge-path partitioned)
};

struct fork_options {
  fork_variant variant = fork_variant::automatic;
  // Check that the children add up to parent.size() and throw
  // errc::invalid_argument if not. On the GPU this waits for the stream;
  // without it a wrong size writes no more than the outputs hold.
  bool validate = false;
};

// counts[i] children for parent i; parent and sibling have sum(counts)
// entries: child c belongs to parent[c] and is its sibling[c]-th child.
// Children are numbered parent by parent, in parent order. sibling may be
// empty (not wanted). Count and Index: uint32 or uint64.
// The total is summed in 64 bits and checked: counts whose sum does not fit
// in uint64 are an errc::invalid_argument ("overflow") on the CPU, and on the
// GPU with `validate`; without it the GPU writes the first parent.size()
// children of the true sequence (the offsets saturate, never wrap).
template <execution_policy Exec, class Count, class Index>
void fork(const Exec& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
          const fork_options& options = {}) {
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>, "Count: uint32 or uint64");
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, std::uint64_t>, "Index: uint32 or uint64");
  detail::backend<Exec, detail::op::fork>::run(exec, counts, parent, sibling, options);
}
// sum(counts), the size parent and sibling need, waiting for the stream on
// the GPU; a sum past 2^64 - 1 is an errc::invalid_argument naming the
// overflow, never a wrapped total. Count: uint32 or uint64.
template <execution_policy Exec, class Count>
std::uint64_t fork_total_and_wait(const Exec& exec, std::span<const Count> counts) {
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>, "Count: uint32 or uint64");
  return detail::backend<Exec, detail::op::fork_total_and_wait>::run(exec, counts);
}

// ------------------------------------------------------------ sort_idx ----
enum class sort_idx_variant {
  automatic,
  merge_path,     // block sort in shared memory, then merge-path merges of sorted runs
  binary_search,  // Listing 2: every element binary-searches its rank in the neighbouring run
  sample_sort,    // GPU only: (key, index) packed in 64 bits, two sample-sort split levels, one block per
                  // bucket; integer keys of at most 32 bits under less or greater, fewer than 2^32 keys
};

struct sort_idx_options {
  sort_idx_variant variant = sort_idx_variant::automatic;
};

// perm receives the stable sorting permutation: keys[perm[0]], keys[perm[1]],
// ... is sorted by comp, equal keys in input order. sorted_keys, when not
// empty, receives that sequence. Index: uint32 (fewer than 2^32 keys) or uint64.
template <execution_policy Exec, class Key, class Index, class Compare = less>
void sort_idx(const Exec& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys = {},
              Compare comp = {}, const sort_idx_options& options = {}) {
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, std::uint64_t>, "Index: uint32 or uint64");
  if constexpr (detail::is_narrow_key_v<Key>)
    detail::via_carrier<detail::op::sort_idx>(
        exec, [&](auto k, auto sk) { ordo::sort_idx(exec, k, perm, sk, detail::carrier_compare<Key>(comp), options); },
        detail::keys_in(keys), detail::keys_out(sorted_keys));
  else
    detail::backend<Exec, detail::op::sort_idx>::run(exec, keys, perm, sorted_keys, comp, options);
}

// --------------------------------------------------------------- merge ----
// out = a and b merged by comp; on ties a's elements come first (stable).
// a and b must each be sorted by comp (not checked); out.size() == a.size() + b.size().
template <execution_policy Exec, class Key, class Compare = less>
void merge(const Exec& exec, std::span<const Key> a, std::span<const Key> b, std::span<Key> out, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>)
    detail::via_carrier<detail::op::merge>(
        exec, [&](auto ca, auto cb, auto co) { ordo::merge(exec, ca, cb, co, detail::carrier_compare<Key>(comp)); },
        detail::keys_in(a), detail::keys_in(b), detail::keys_out(out));
  else
    detail::backend<Exec, detail::op::merge>::run(exec, a, b, out, comp);
}
// Key-value: values travel with their keys. Value: any 4- or 8-byte trivially copyable type.
template <execution_policy Exec, class Key, class Value, class Compare = less>
void merge(const Exec& exec, std::span<const Key> a_keys, std::span<const Value> a_values, std::span<const Key> b_keys,
           std::span<const Value> b_values, std::span<Key> out_keys, std::span<Value> out_values, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>)
    detail::via_carrier<detail::op::merge>(
        exec,
        [&](auto ca, auto cb, auto co) {
          ordo::merge(exec, ca, a_values, cb, b_values, co, out_values, detail::carrier_compare<Key>(comp));
        },
        detail::keys_in(a_keys), detail::keys_in(b_keys), detail::keys_out(out_keys));
  else
    detail::backend<Exec, detail::op::merge>::run(exec, a_keys, a_values, b_keys, b_values, out_keys, out_values, comp);
}

// -------------------------------------------------------------- names ----
const char* to_string(fork_variant v) noexcept;
const char* to_string(sort_idx_variant v) noexcept;
fork_variant parse_fork_variant(const char* name);          // throws errc::invalid_argument
sort_idx_variant parse_sort_idx_variant(const char* name);  // throws errc::invalid_argument
// What `automatic` resolves to on each backend.
fork_variant chosen_variant(const cpu& exec, fork_variant v);
fork_variant chosen_variant(const cuda& exec, fork_variant v);
sort_idx_variant chosen_variant(const cpu& exec, sort_idx_variant v);
sort_idx_variant chosen_variant(const cuda& exec, sort_idx_variant v);  // for keys sample_sort cannot take

namespace detail {
// Keys sort_idx's sample_sort variant takes (it packs key and index in 64 bits).
template <class Key, class Compare>
inline constexpr bool sample_sortable_v = std::is_integral_v<Key> && !std::is_same_v<Key, bool> &&
                                          sizeof(Key) <= 4 &&
                                          (std::is_same_v<Compare, less> || std::is_same_v<Compare, greater>);
inline constexpr std::uint64_t sample_sort_min_keys = std::uint64_t(1) << 22;  // the sm_90 crossover (docs/benchmarks.md#tuning-primitives)
}  // namespace detail

// What `automatic` resolves to on the GPU for n keys of type Key under comp:
// sample_sort from 2^22 keys where it applies, merge_path otherwise. Before
// these, for ordo::less / greater over 4- and 8-byte arithmetic keys and
// fewer than 2^32 of them, automatic takes a radix sort of the keys' order
// codes with their positions (CUB's; the CPU backend likewise takes its own
// radix sort), which is not one of the paper's variants above.
template <class Key, class Compare>
sort_idx_variant chosen_variant(const cuda& exec, sort_idx_variant v, std::uint64_t n) {
  if (v != sort_idx_variant::automatic) return v;
  if constexpr (detail::sample_sortable_v<Key, Compare>)
    if (n >= detail::sample_sort_min_keys && n < (std::uint64_t(1) << 32)) return sort_idx_variant::sample_sort;
  return chosen_variant(exec, v);
}

}  // namespace ordo

// The backends: backend<cpu, op::...>, and backend<cuda, op::...> where ordo
// was built with CUDA (else detail/backend.hpp's "not built").
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/cpu/primitives_cpu.hpp"
#if defined(ORDO_HAS_CUDA)
#include "ordo/cuda/primitives_cuda.hpp"
#endif
