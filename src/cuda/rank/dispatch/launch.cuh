// Launch geometry shared by the rank dispatchers (cuda/common/launch.cuh).
#pragma once
#include "cuda/common/launch.cuh"

namespace ordo::detail::cuda_rank {
using ordo::detail::ceil_blocks;
using ordo::detail::elementwise_blocks;
}  // namespace ordo::detail::cuda_rank
