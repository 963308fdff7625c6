// primitives.hpp's ordo::cuda entry points in a build without CUDA: each
// throws errc::not_supported.
#include "common/primitives/instantiate.hpp"

namespace ordo::detail {
[[noreturn]] void no_cuda(const char* fn);

template <class I, class A, class Op>
void scan_cuda(const cuda&, std::span<const I>, std::span<A>, Op, A, const scan_options&) { no_cuda("scan"); }
template <class I, class A, class Op>
void reduce_cuda(const cuda&, std::span<const I>, std::span<A>, Op, A) { no_cuda("reduce"); }
template <class I, class A, class Op>
A reduce_and_wait_cuda(const cuda&, std::span<const I>, Op, A) { no_cuda("reduce_and_wait"); }
template <class C>
std::uint64_t fork_total_and_wait_cuda(const cuda&, std::span<const C>) { no_cuda("fork_total_and_wait"); }
template <class K, class I, class C>
void sort_idx_cuda(const cuda&, std::span<const K>, std::span<I>, std::span<K>, C, const sort_idx_options&) {
  no_cuda("sort_idx");
}
template <class K, class W, class C>
void merge_cuda(const cuda&, std::span<const K>, std::span<const W>, std::span<const K>, std::span<const W>,
                std::span<K>, std::span<W>, C) {
  no_cuda("merge");
}
template <class W>
void compact_flags_cuda(const cuda&, std::span<const W>, std::span<const std::uint8_t>, std::span<W>,
                        std::span<std::uint64_t>) {
  no_cuda("compact");
}
template <class W>
void split_cuda(const cuda&, std::span<const W>, std::span<const std::uint8_t>, unsigned, bool, std::span<W>,
                std::span<std::uint64_t>, bool) {
  no_cuda("split");
}
template <class C, class I>
void fork_cuda(const cuda&, std::span<const C>, std::span<I>, std::span<I>, const fork_options&) { no_cuda("fork"); }

// fmin and fmax for every key type: the stubs cost nothing, and the list
// needs no per-type column (integer keys never call them).
#define ORDO_STUB_PRIMITIVES_KEY(T) \
  ORDO_PRIMITIVES_FOR_KEY(T, ORDO_FLOAT_OPS, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_FOR_EACH_KEY(ORDO_STUB_PRIMITIVES_KEY)
ORDO_PRIMITIVES_PROMOTED(std::int32_t, std::int64_t, ORDO_INST_SCAN, ORDO_INST_REDUCE)
ORDO_PRIMITIVES_PROMOTED(std::uint32_t, std::uint64_t, ORDO_INST_SCAN, ORDO_INST_REDUCE)
ORDO_PRIMITIVES_WORDS(ORDO_INST_COMPACT, ORDO_INST_SPLIT, ORDO_INST_FORK, ORDO_INST_FORK_TOTAL)
}  // namespace ordo::detail
