// topk.hpp's ordo::cuda backend, compiled into libordo (src/cuda/topk/topk.cu).
#pragma once
#include <cstdint>
#include <span>

namespace ordo::detail {

template <class Key>
void topk_cuda(const cuda& exec, std::span<const Key> keys, std::uint64_t row_length, std::uint64_t k,
              std::span<Key> values, std::span<std::int64_t> indices, const topk_options& o);

ORDO_BACKEND_CALLS(cuda, op::topk, topk_cuda);

}  // namespace ordo::detail
