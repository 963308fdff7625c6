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
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"

namespace ordo {

template <class In, class Acc, class Op>
void scan(const cpu& exec, std::span<const In> in, std::span<Acc> out, Op op, std::type_identity_t<Acc> init,
          const scan_options& options) {
  detail::scan_cpu<In, Acc, Op>(exec, in, out, op, init, options);
}
template <class In, class Acc, class Op>
void scan(const cpu& exec, std::span<const In> in, std::span<Acc> out, Op op, const scan_options& options) {
  detail::scan_cpu<In, Acc, Op>(exec, in, out, op, Op::template identity<Acc>(), options);
}

template <class In, class Acc, class Op>
void reduce(const cpu& exec, std::span<const In> in, std::span<Acc> result, Op op, std::type_identity_t<Acc> init) {
  detail::check_count_slot("reduce", "result", result.size());
  result[0] = detail::reduce_cpu<In, Acc, Op>(exec, in, op, init);
}

template <class T>
void compact(const cpu& exec, std::span<const T> in, std::span<const std::uint8_t> flags, std::span<T> out,
             std::span<std::uint64_t> count) {
  detail::check_same_size("compact", "flags", flags.size(), "in", in.size());
  detail::check_at_least("compact", "out", out.size(), "in", in.size());
  detail::check_count_slot("compact", "count", count.size());
  // class 0: kept, class 1: dropped (the last class is not written)
  count[0] = detail::stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return flags[i] ? 0u : 1u; },
                                        false)[0];
}
template <class T, class Pred>
  requires std::is_invocable_r_v<bool, Pred, const T&>
void compact(const cpu& exec, std::span<const T> in, Pred pred, std::span<T> out, std::span<std::uint64_t> count) {
  detail::check_at_least("compact", "out", out.size(), "in", in.size());
  detail::check_count_slot("compact", "count", count.size());
  count[0] = detail::stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return pred(in[i]) ? 0u : 1u; },
                                        false)[0];
}

template <class T>
void split(const cpu& exec, std::span<const T> in, std::span<const std::uint8_t> flags, std::span<T> out,
           std::span<std::uint64_t> zeros) {
  detail::check_same_size("split", "flags", flags.size(), "in", in.size());
  detail::check_same_size("split", "out", out.size(), "in", in.size());
  detail::check_count_slot("split", "zeros", zeros.size());
  zeros[0] = detail::stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return flags[i] ? 1u : 0u; },
                                        true)[0];
}

template <class T>
void split(const cpu& exec, std::span<const T> in, std::span<const std::uint8_t> bucket, unsigned n_buckets,
           std::span<T> out, std::span<std::uint64_t> offsets, const split_options&) {
  detail::check_same_size("split", "bucket", bucket.size(), "in", in.size());
  detail::check_same_size("split", "out", out.size(), "in", in.size());
  detail::check_n_buckets("split", n_buckets, offsets.size());
  for (std::size_t i = 0; i < bucket.size(); ++i)
    if (bucket[i] >= n_buckets) detail::fail_bucket(i, bucket[i], n_buckets);
  const auto sizes = detail::stable_scatter_cpu(exec, in, out, n_buckets, [&](std::size_t i) { return unsigned(bucket[i]); },
                                                true);
  offsets[0] = 0;
  for (unsigned b = 0; b < n_buckets; ++b) offsets[b + 1] = offsets[b] + sizes[b];
}

template <class Count, class Index>
void fork(const cpu& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
          const fork_options& options) {
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>, "Count: uint32 or uint64");
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, std::uint64_t>, "Index: uint32 or uint64");
  fork_options o = options;
  o.variant = chosen_variant(exec, o.variant);
  detail::fork_cpu(exec, counts, parent, sibling, o);
}

template <class Count>
std::uint64_t fork_total_and_wait(const cpu& exec, std::span<const Count> counts) {
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>, "Count: uint32 or uint64");
  return detail::fork_total_cpu(exec, counts);
}

template <class Key, class Index, class Compare>
void sort_idx(const cpu& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
              Compare comp, const sort_idx_options& options) {
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, std::uint64_t>, "Index: uint32 or uint64");
  sort_idx_options o = options;
  o.variant = chosen_variant(exec, o.variant);
  detail::sort_idx_cpu(exec, keys, perm, sorted_keys, comp, o);
}

template <class Key, class Compare>
void merge(const cpu& exec, std::span<const Key> a, std::span<const Key> b, std::span<Key> out, Compare comp) {
  detail::check_same_size("merge", "out", out.size(), "a + b", a.size() + b.size());
  detail::merge_cpu<Key, char>(detail::cpu_chunks(exec, out.size()), a.data(), nullptr, a.size(), b.data(), nullptr,
                               b.size(), out.data(), nullptr, comp);
}
template <class Key, class Value, class Compare>
void merge(const cpu& exec, std::span<const Key> a_keys, std::span<const Value> a_values, std::span<const Key> b_keys,
           std::span<const Value> b_values, std::span<Key> out_keys, std::span<Value> out_values, Compare comp) {
  detail::check_same_size("merge", "a_values", a_values.size(), "a_keys", a_keys.size());
  detail::check_same_size("merge", "b_values", b_values.size(), "b_keys", b_keys.size());
  detail::check_same_size("merge", "out_keys", out_keys.size(), "a + b", a_keys.size() + b_keys.size());
  detail::check_same_size("merge", "out_values", out_values.size(), "out_keys", out_keys.size());
  detail::merge_cpu(detail::cpu_chunks(exec, out_keys.size()), a_keys.data(), a_values.data(), a_keys.size(),
                    b_keys.data(), b_values.data(), b_keys.size(), out_keys.data(), out_values.data(), comp);
}

template <class Acc, class Exec, class In, class Op>
  requires(!std::is_same_v<Acc, Exec>)
Acc reduce_and_wait(const Exec& exec, std::span<const In> in, Op op, std::type_identity_t<Acc> init) {
  if constexpr (std::is_same_v<Exec, cpu>) {
    return detail::reduce_cpu<In, Acc, Op>(exec, in, op, init);
  } else {
    auto cop = detail::canonical_op<Acc>(op);
    return detail::reduce_and_wait_cuda<In, Acc, decltype(cop)>(exec, in, cop, init);
  }
}
template <class Exec, class T, class Op>
T reduce_and_wait(const Exec& exec, std::span<const T> in, Op op, std::type_identity_t<T> init) {
  return reduce_and_wait<T, Exec, T, Op>(exec, in, op, init);
}

}  // namespace ordo
