// rank.hpp's ordo::cuda backend: backend<cuda, op::rank_sorted / rank /
// chosen_rank_variant>. rank_sorted and rank are compiled into libordo
// (backend<cuda, op::rank_sorted / rank>, declared in rank.hpp; src/cuda/rank:
// one .cu per key type for rank_sorted, rank_unsorted.cu);
// the arguments arrive checked by the front door. Included by rank.hpp where
// ordo was built with CUDA.
#pragma once

#include "ordo/detail/rank_checks.hpp"

namespace ordo::detail {

template <>
struct backend<cuda, op::chosen_rank_variant<cuda>> {
  static gpu_rank_variant run(const cuda&, const rank_sorted_options& o) {
    return gpu_rank_variant_for("chosen_variant", o.variant, o.method);
  }
};

}  // namespace ordo::detail
