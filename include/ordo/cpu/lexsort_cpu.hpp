// lexsort.hpp's ordo::cpu backend, compiled into libordo (src/cpu/lexsort/lexsort_cpu.cpp).
#pragma once
#include <span>

namespace ordo::detail {

template <class Index>
void lexsort_idx_cpu(const cpu& exec, std::span<const sort_key> columns, std::span<Index> perm);

ORDO_BACKEND_CALLS(cpu, op::lexsort_idx, lexsort_idx_cpu);

}  // namespace ordo::detail
