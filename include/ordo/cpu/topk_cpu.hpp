// topk.hpp's ordo::cpu backend, compiled into libordo (src/cpu/topk/topk_cpu.cpp).
#pragma once
#include <cstdint>
#include <span>

namespace ordo::detail {

template <class Key>
void topk_cpu(const cpu& exec, std::span<const Key> keys, std::uint64_t row_length, std::uint64_t k,
              std::span<Key> values, std::span<std::int64_t> indices, const topk_options& o);

ORDO_BACKEND_CALLS(cpu, op::topk, topk_cpu);

}  // namespace ordo::detail
