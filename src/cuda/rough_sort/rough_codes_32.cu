// The fused roughsort kernel (every run length) and the radius kernels for
// 32-bit order codes.
#include "common/rough_sort/instantiate.hpp"
#include "ordo/cuda/rough_sort/dispatch/rough_sort_dispatch.cuh"

namespace ordo::detail::rough {
ORDO_INST_ROUGH_CODES(std::uint32_t)
}  // namespace ordo::detail::rough
