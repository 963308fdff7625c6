// rank.hpp's ordo::cuda backend: backend<cuda, op::rank_sorted / rank /
// chosen_rank_variant>. rank_sorted and rank are compiled into libordo
// (src/cuda/rank: one .cu per key type for rank_sorted, rank_unsorted.cu);
// the arguments arrive checked by the front door. Included by rank.hpp where
// ordo was built with CUDA.
#pragma once
#include <span>

#include "ordo/detail/rank_checks.hpp"

namespace ordo::detail {

template <class Key, class Rank>
void rank_sorted_cuda(const cuda& exec, std::span<const Key> keys, std::span<Rank> ranks,
                      const rank_sorted_options& o);
template <class Key, class Rank>
void rank_cuda(const cuda& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& o);

ORDO_BACKEND_CALLS(cuda, op::rank_sorted, rank_sorted_cuda);
ORDO_BACKEND_CALLS(cuda, op::rank, rank_cuda);

template <>
struct backend<cuda, op::chosen_rank_variant<cuda>> {
  static gpu_rank_variant run(const cuda&, const rank_sorted_options& o) {
    return gpu_rank_variant_for("chosen_variant", o.variant, o.method);
  }
};

}  // namespace ordo::detail
