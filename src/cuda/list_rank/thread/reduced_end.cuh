// Thread scope: the successor that ends a reduced list (succ1), written by
// the sublist walks (walk_kernel.cuh) and the run contraction (run_kernels.cuh).
#pragma once
#include <cstdint>

namespace ordo::detail::cuda_list {

inline constexpr std::uint32_t end32 = 0xffffffffu;

}  // namespace ordo::detail::cuda_list
