// lexsort.hpp's ordo::cuda backend, compiled into libordo (src/cuda/lexsort/lexsort.cu).
#pragma once
#include <span>

namespace ordo::detail {

template <class Index>
void lexsort_idx_cuda(const cuda& exec, std::span<const sort_key> columns, std::span<Index> perm);

ORDO_BACKEND_CALLS(cuda, op::lexsort_idx, lexsort_idx_cuda);

}  // namespace ordo::detail
