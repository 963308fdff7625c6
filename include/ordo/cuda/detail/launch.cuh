// Launch geometry every dispatcher uses.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/device_props.cuh"

namespace ordo::detail {

// The current device's SMs (cached per device: device_props.cuh).
inline int device_sm_count() { return current_device_props().sm_count; }

// Blocks for a grid-stride elementwise kernel: enough to fill the device.
inline unsigned elementwise_blocks(std::uint64_t n, int threads = 256) {
  const std::uint64_t need = (n + threads - 1) / threads;
  return unsigned(std::max<std::uint64_t>(1, std::min<std::uint64_t>(need, std::uint64_t(device_sm_count()) * 16)));
}

inline unsigned ceil_blocks(std::uint64_t n, std::uint64_t per_block) {
  return unsigned((n + per_block - 1) / per_block);
}

// Blocks of `kernel` that fit on the device at once: a persistent grid.
template <class Kernel>
unsigned resident_blocks(Kernel kernel, int threads, std::size_t smem) {
  int per_sm = 0;
  ORDO_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem));
  return unsigned(std::max(1, per_sm) * device_sm_count());
}

// Dynamic shared memory past the 48 KiB default must be asked for per kernel
// (and the device must have it: arch_policy.cuh). The 48 KiB bound is on
// static and dynamic together: a kernel with static shared memory as well
// passes beside_static, and its static size is read (cudaFuncGetAttributes)
// and counted; without the opt-in such a launch fails with
// cudaErrorInvalidValue (the split's rings, 40 KiB beside 24 KiB static).
template <class Kernel>
void allow_smem(Kernel kernel, std::size_t bytes, const char* what = "an ordo GPU kernel",
                bool beside_static = false) {
  std::size_t total = bytes;
  if (beside_static && bytes > 0) {
    cudaFuncAttributes a{};
    ORDO_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
    total += a.sharedSizeBytes;
  }
  if (total > 48 * 1024) {
    require_smem_optin(total, what);
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
  }
}

}  // namespace ordo::detail
