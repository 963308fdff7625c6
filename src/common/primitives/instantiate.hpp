// The primitives libordo compiles for callers that do not include the CUDA
// templates: the built-in functors over the six key types, and moved-only
// elements as 4- and 8-byte words (the CUDA build only).
#pragma once
#include <cstdint>
#include <span>

#include "ordo/detail/key_types.hpp"
#include "ordo/primitives.hpp"

// Everything keyed by T (one translation unit per key type). fmin and fmax
// only where T has NaN (the cuda forwards call minimum / maximum otherwise):
// DO_FLOAT_OPS is ORDO_FLOAT_OPS for float and double, ORDO_NO_OPS else.
#define ORDO_NO_OPS(T, DO_SCAN, DO_REDUCE)
#define ORDO_FLOAT_OPS(T, DO_SCAN, DO_REDUCE)                                                      \
  DO_SCAN(T, T, ::ordo::fmin) DO_SCAN(T, T, ::ordo::fmax)                                          \
  DO_REDUCE(T, T, ::ordo::fmin) DO_REDUCE(T, T, ::ordo::fmax)
#define ORDO_PRIMITIVES_FOR_KEY(T, DO_FLOAT_OPS, DO_SCAN, DO_REDUCE, DO_SORT_IDX, DO_MERGE)            \
  DO_SCAN(T, T, ::ordo::plus) DO_SCAN(T, T, ::ordo::minimum) DO_SCAN(T, T, ::ordo::maximum)          \
  DO_REDUCE(T, T, ::ordo::plus) DO_REDUCE(T, T, ::ordo::minimum) DO_REDUCE(T, T, ::ordo::maximum)    \
  DO_FLOAT_OPS(T, DO_SCAN, DO_REDUCE)                                                                \
  DO_SORT_IDX(T, std::uint32_t, ::ordo::less) DO_SORT_IDX(T, std::uint32_t, ::ordo::greater)         \
  DO_SORT_IDX(T, std::uint64_t, ::ordo::less) DO_SORT_IDX(T, std::uint64_t, ::ordo::greater)         \
  DO_MERGE(T, std::uint32_t, ::ordo::less) DO_MERGE(T, std::uint32_t, ::ordo::greater)               \
  DO_MERGE(T, std::uint64_t, ::ordo::less) DO_MERGE(T, std::uint64_t, ::ordo::greater)

// numpy's sum promotions (ordo::sum_accumulator_t) of the 32-bit key types,
// int32 -> int64 and uint32 -> uint64: the only (In, Acc) pairs with In != Acc
// that libordo holds (in the int32 and uint32 units).
#define ORDO_PRIMITIVES_PROMOTED(I, A, DO_SCAN, DO_REDUCE) DO_SCAN(I, A, ::ordo::plus) DO_REDUCE(I, A, ::ordo::plus)

// Moved-only words and fork's (Count, Index) pairs.
#define ORDO_PRIMITIVES_WORDS(DO_COMPACT, DO_SPLIT, DO_FORK, DO_FORK_TOTAL)                           \
  DO_COMPACT(std::uint32_t) DO_COMPACT(std::uint64_t)                                  \
  DO_SPLIT(std::uint32_t) DO_SPLIT(std::uint64_t)                                      \
  DO_FORK(std::uint32_t, std::uint32_t) DO_FORK(std::uint32_t, std::uint64_t)          \
  DO_FORK(std::uint64_t, std::uint32_t) DO_FORK(std::uint64_t, std::uint64_t)          \
  DO_FORK_TOTAL(std::uint32_t) DO_FORK_TOTAL(std::uint64_t)

#define ORDO_INST_SCAN(I, A, Op)                                                                       \
  template void scan_cuda<I, A, Op>(const cuda&, std::span<const I>, std::span<A>, Op, A, const scan_options&);
#define ORDO_INST_REDUCE(I, A, Op)                                                              \
  template void reduce_cuda<I, A, Op>(const cuda&, std::span<const I>, std::span<A>, Op, A);    \
  template A reduce_and_wait_cuda<I, A, Op>(const cuda&, std::span<const I>, Op, A);
#define ORDO_INST_SORT_IDX(K, I, C)                                                                            \
  template void sort_idx_cuda<K, I, C>(const cuda&, std::span<const K>, std::span<I>, std::span<K>, C,         \
                                       const sort_idx_options&);
#define ORDO_INST_MERGE(K, W, C)                                                                               \
  template void merge_cuda<K, W, C>(const cuda&, std::span<const K>, std::span<const W>, std::span<const K>,   \
                                    std::span<const W>, std::span<K>, std::span<W>, C);
#define ORDO_INST_COMPACT(W)                                                                                   \
  template void compact_flags_cuda<W>(const cuda&, std::span<const W>, std::span<const std::uint8_t>,          \
                                      std::span<W>, std::span<std::uint64_t>);
#define ORDO_INST_SPLIT(W)                                                                                     \
  template void split_cuda<W>(const cuda&, std::span<const W>, std::span<const std::uint8_t>, unsigned, bool,  \
                              std::span<W>, std::span<std::uint64_t>, bool);
#define ORDO_INST_FORK(C, I)                                                                                   \
  template void fork_cuda<C, I>(const cuda&, std::span<const C>, std::span<I>, std::span<I>, const fork_options&);
#define ORDO_INST_FORK_TOTAL(C) template std::uint64_t fork_total_and_wait_cuda<C>(const cuda&, std::span<const C>);
