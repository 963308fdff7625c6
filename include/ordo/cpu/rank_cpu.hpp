// rank.hpp's ordo::cpu backend: backend<cpu, op::rank_sorted / rank /
// chosen_rank_variant>. rank_sorted and rank are compiled into libordo
// (src/cpu/rank/rank_cpu.cpp instantiates backend<cpu, op::rank_sorted / rank>,
// declared in rank.hpp, for every key and rank type);
// the arguments arrive checked by the front door.
#pragma once

#include "ordo/detail/rank_checks.hpp"

namespace ordo::detail {

template <>
struct backend<cpu, op::chosen_rank_variant<cpu>> {
  static cpu_rank_variant run(const cpu& exec, const rank_sorted_options& o) {
    return cpu_rank_variant_for("chosen_variant", o.variant, o.method, exec.resolved_threads());
  }
};

}  // namespace ordo::detail
