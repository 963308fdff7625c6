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
// (and the device must have it: arch_policy.cuh). The bound is on static and
// dynamic together: a kernel with static shared memory as well passes its
// size (cudaFuncAttributes::sharedSizeBytes), else the launch fails with
// cudaErrorInvalidValue (the split's rings: 40 KiB beside 24 KiB static).
template <class Kernel>
void allow_smem(Kernel kernel, std::size_t bytes, const char* what = "an ordo GPU kernel",
                std::size_t static_bytes = 0) {
  if (bytes + static_bytes > 48 * 1024) {
    require_smem_optin(bytes + static_bytes, what);
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
  }
}

}  // namespace ordo::detail
