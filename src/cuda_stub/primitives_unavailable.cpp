// primitives.hpp's ordo::cuda entry points in a build without CUDA: each
// throws errc::not_supported.
#include "common/primitives/instantiate.hpp"

namespace ordo::detail {
[[noreturn]] void no_cuda(const char* fn);

template <class T, class Op>
void scan_cuda(const cuda&, std::span<const T>, std::span<T>, Op, T, const scan_options&) { no_cuda("scan"); }
template <class T, class Op>
void reduce_cuda(const cuda&, std::span<const T>, std::span<T>, Op, T) { no_cuda("reduce"); }
template <class T, class Op>
T reduce_and_wait_cuda(const cuda&, std::span<const T>, Op, T) { no_cuda("reduce_and_wait"); }
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

ORDO_PRIMITIVES_FOR_KEY(std::int32_t, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_FOR_KEY(std::uint32_t, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_FOR_KEY(std::int64_t, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_FOR_KEY(std::uint64_t, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_FOR_KEY(float, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_FOR_KEY(double, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_WORDS(ORDO_INST_COMPACT, ORDO_INST_SPLIT, ORDO_INST_FORK)
}  // namespace ordo::detail
