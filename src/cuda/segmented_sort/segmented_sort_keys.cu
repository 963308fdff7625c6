// The segmented sort's entry points for the six key types (they pick a code
// width and forward to segsort_codes_32/64.cu), and the in-place helpers.
#include "common/segmented_sort/instantiate.hpp"
#include "ordo/cuda/segmented_sort.cuh"

namespace ordo::detail {
ORDO_FOR_EACH_KEY(ORDO_INST_SEGSORT)

void device_copy(const cuda& exec, void* dst, const void* src, std::uint64_t bytes) {
  if (bytes) ORDO_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, exec.stream));
}

}  // namespace ordo::detail
