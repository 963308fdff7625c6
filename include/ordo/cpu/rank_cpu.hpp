// rank.hpp's ordo::cpu backend: backend<cpu, op::rank_sorted / rank /
// chosen_rank_variant>. rank_sorted and rank are compiled into libordo
// (src/cpu/rank/rank_cpu.cpp instantiates them for every key and rank type);
// the arguments arrive checked by the front door.
#pragma once
#include <span>

#include "ordo/detail/rank_checks.hpp"

namespace ordo::detail {

template <class Key, class Rank>
void rank_sorted_cpu(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_sorted_options& o);
template <class Key, class Rank>
void rank_cpu(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& o);

ORDO_BACKEND_CALLS(cpu, op::rank_sorted, rank_sorted_cpu);
ORDO_BACKEND_CALLS(cpu, op::rank, rank_cpu);

template <>
struct backend<cpu, op::chosen_rank_variant<cpu>> {
  static cpu_rank_variant run(const cpu& exec, const rank_sorted_options& o) {
    return cpu_rank_variant_for("chosen_variant", o.variant, o.method, exec.resolved_threads());
  }
};

}  // namespace ordo::detail
