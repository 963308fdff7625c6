// grouped_rank.hpp's ordo::cuda backend: compiled into libordo
// (src/cuda/rank/grouped/grouped_rank.cu). Included by grouped_rank.hpp where
// ordo was built with CUDA.
#pragma once
#include <span>

#include "ordo/detail/group_labels.hpp"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail {

template <class Key, class Rank>
void grouped_rank_cuda(const cuda& exec, std::span<const Key> keys, const label_desc& labels, std::span<Rank> ranks,
                       const rank_options& o);
template <class Key, class Rank>
void segmented_rank_cuda(const cuda& exec, std::span<const Key> keys, const segment_desc& segs,
                         std::span<Rank> ranks, const rank_options& o);

ORDO_BACKEND_CALLS(cuda, op::grouped_rank, grouped_rank_cuda);
ORDO_BACKEND_CALLS(cuda, op::segmented_rank, segmented_rank_cuda);

}  // namespace ordo::detail
