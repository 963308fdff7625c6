// Launch geometry shared by the rank dispatchers (ordo/cuda/detail/launch.cuh).
#pragma once
#include "ordo/cuda/detail/launch.cuh"

namespace ordo::detail::cuda_rank {
using ordo::detail::ceil_blocks;
using ordo::detail::elementwise_blocks;
}  // namespace ordo::detail::cuda_rank
