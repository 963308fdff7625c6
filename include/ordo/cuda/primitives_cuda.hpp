// primitives.hpp's ordo::cuda backend: backend<cuda, op::...> forward to the
// templates defined in ordo/cuda/primitives.cuh (compiled into libordo for the
// built-in functors and types). Included by primitives.hpp where ordo was
// built with CUDA. Element types that only move
// (compact, split, merge values) are forwarded as unsigned words of their size,
// so any 4- or 8-byte trivially copyable type works without a new instantiation.
#pragma once
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/detail/primitives_checks.hpp"
#include "ordo/ops.hpp"

namespace ordo::detail {

template <class T>
using word_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T>
constexpr void require_word() {
  static_assert(std::is_trivially_copyable_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "on the GPU, elements that are moved must be 4- or 8-byte trivially copyable types");
}

template <class T, class U = word_t<T>>
std::span<const U> as_words(std::span<const T> s) {
  return {reinterpret_cast<const U*>(s.data()), s.size()};
}
template <class T, class U = word_t<T>>
std::span<U> as_words(std::span<T> s) {
  return {reinterpret_cast<U*>(s.data()), s.size()};
}

template <class In, class Acc, class Op>
void scan_cuda(const cuda& exec, std::span<const In> in, std::span<Acc> out, Op op, Acc init, const scan_options& o);
template <class In, class Acc, class Op>
void reduce_cuda(const cuda& exec, std::span<const In> in, std::span<Acc> result, Op op, Acc init);
template <class In, class Acc, class Op>
Acc reduce_and_wait_cuda(const cuda& exec, std::span<const In> in, Op op, Acc init);
template <class Count>
std::uint64_t fork_total_and_wait_cuda(const cuda& exec, std::span<const Count> counts);

// fmin and fmax are minimum and maximum on types without NaN: libordo holds
// them once, under the latter names.
template <class T, class Op>
constexpr auto canonical_op(Op op) {
  if constexpr (!has_nan_v<T> && std::is_same_v<Op, fmin>) return minimum{};
  else if constexpr (!has_nan_v<T> && std::is_same_v<Op, fmax>) return maximum{};
  else return op;
}
template <class W>
void compact_flags_cuda(const cuda& exec, std::span<const W> in, std::span<const std::uint8_t> flags, std::span<W> out,
                        std::span<std::uint64_t> count);
template <class T, class Pred>
void compact_pred_cuda(const cuda& exec, std::span<const T> in, Pred pred, std::span<T> out,
                       std::span<std::uint64_t> count);
template <class W>
void split_cuda(const cuda& exec, std::span<const W> in, std::span<const std::uint8_t> bucket, unsigned n_buckets,
                bool flags, std::span<W> out, std::span<std::uint64_t> offsets, bool validate);
template <class Count, class Index>
void fork_cuda(const cuda& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
               const fork_options& o);
template <class Key, class Index, class Compare>
void sort_idx_cuda(const cuda& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
                   Compare comp, const sort_idx_options& o);
template <class Key, class W, class Compare>
void merge_cuda(const cuda& exec, std::span<const Key> a, std::span<const W> av, std::span<const Key> b,
                std::span<const W> bv, std::span<Key> out, std::span<W> outv, Compare comp);

template <>
struct backend<cuda, op::scan> {
  template <class In, class Acc, class Op>
  static void run(const cuda& exec, std::span<const In> in, std::span<Acc> out, Op op, Acc init,
                  const scan_options& options) {
    auto cop = canonical_op<Acc>(op);
    scan_cuda<In, Acc, decltype(cop)>(exec, in, out, cop, init, options);
  }
};

template <>
struct backend<cuda, op::reduce> {
  template <class In, class Acc, class Op>
  static void run(const cuda& exec, std::span<const In> in, std::span<Acc> result, Op op, Acc init) {
    auto cop = canonical_op<Acc>(op);
    reduce_cuda<In, Acc, decltype(cop)>(exec, in, result, cop, init);
  }
};

template <class Acc>
struct backend<cuda, op::reduce_and_wait<Acc>> {
  template <class In, class Op>
  static Acc run(const cuda& exec, std::span<const In> in, Op op, Acc init) {
    auto cop = canonical_op<Acc>(op);
    return reduce_and_wait_cuda<In, Acc, decltype(cop)>(exec, in, cop, init);
  }
};

template <>
struct backend<cuda, op::compact> {
  template <class T>
  static void run(const cuda& exec, op::by_flags, std::span<const T> in, std::span<const std::uint8_t> flags,
                  std::span<T> out, std::span<std::uint64_t> count) {
    require_word<T>();
    compact_flags_cuda(exec, as_words(in), flags, as_words(out), count);
  }
  template <class T, class Pred>
  static void run(const cuda& exec, op::by_predicate, std::span<const T> in, Pred pred, std::span<T> out,
                  std::span<std::uint64_t> count) {
    compact_pred_cuda(exec, in, pred, out, count);
  }
};

template <>
struct backend<cuda, op::split> {
  template <class T>
  static void run(const cuda& exec, op::by_flags, std::span<const T> in, std::span<const std::uint8_t> flags,
                  std::span<T> out, std::span<std::uint64_t> zeros) {
    require_word<T>();
    split_cuda(exec, as_words(in), flags, 2, true, as_words(out), zeros, false);
  }
  template <class T>
  static void run(const cuda& exec, op::by_bucket, std::span<const T> in, std::span<const std::uint8_t> bucket,
                  unsigned n_buckets, std::span<T> out, std::span<std::uint64_t> offsets,
                  const split_options& options) {
    require_word<T>();
    split_cuda(exec, as_words(in), bucket, n_buckets, false, as_words(out), offsets, options.validate);
  }
};

ORDO_BACKEND_CALLS(cuda, op::fork, fork_cuda);
ORDO_BACKEND_CALLS(cuda, op::fork_total_and_wait, fork_total_and_wait_cuda);
ORDO_BACKEND_CALLS(cuda, op::sort_idx, sort_idx_cuda);

template <>
struct backend<cuda, op::merge> {
  template <class Key, class Compare>
  static void run(const cuda& exec, std::span<const Key> a, std::span<const Key> b, std::span<Key> out,
                  Compare comp) {
    merge_cuda<Key, std::uint32_t, Compare>(exec, a, {}, b, {}, out, {}, comp);
  }
  template <class Key, class Value, class Compare>
  static void run(const cuda& exec, std::span<const Key> a_keys, std::span<const Value> a_values,
                  std::span<const Key> b_keys, std::span<const Value> b_values, std::span<Key> out_keys,
                  std::span<Value> out_values, Compare comp) {
    require_word<Value>();
    merge_cuda(exec, a_keys, as_words(a_values), b_keys, as_words(b_values), out_keys, as_words(out_values), comp);
  }
};

}  // namespace ordo::detail
