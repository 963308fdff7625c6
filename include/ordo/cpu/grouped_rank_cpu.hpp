// grouped_rank.hpp's ordo::cpu backend: compiled into libordo
// (src/cpu/rank/grouped_rank_cpu.cpp instantiates it for every key and rank
// type); the arguments arrive checked by the front door.
#pragma once
#include <span>

#include "ordo/detail/group_labels.hpp"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail {

template <class Key, class Rank>
void grouped_rank_cpu(const cpu& exec, std::span<const Key> keys, const label_desc& labels, std::span<Rank> ranks,
                      const rank_options& o);
template <class Key, class Rank>
void segmented_rank_cpu(const cpu& exec, std::span<const Key> keys, const segment_desc& segs, std::span<Rank> ranks,
                        const rank_options& o);

ORDO_BACKEND_CALLS(cpu, op::grouped_rank, grouped_rank_cpu);
ORDO_BACKEND_CALLS(cpu, op::segmented_rank, segmented_rank_cpu);

}  // namespace ordo::detail
