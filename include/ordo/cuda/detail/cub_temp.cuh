// Calling a CUB device-wide algorithm from ordo: its temporary storage from
// exec's memory resource (with_cub_temp), and the item count as the type
// that picks CUB's faster offset path (with_cub_count). Shared by the
// CUB-backed primitives and the GPU radix sorts.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/execution.hpp"  // cuda_available

namespace ordo::detail {

// Runs a CUB device-wide call twice, first for its temporary-storage size.
template <class F>
void with_cub_temp(const cuda& exec, const char* what, F&& call) {
  std::size_t bytes = 0;
  // CUB's size query is often a primitive's first CUDA call; without a GPU it
  // answers cudaErrorInvalidDevice, which means "no CUDA device" here.
  if (cudaError_t e0 = call(static_cast<void*>(nullptr), bytes); e0 != cudaSuccess) {
    if (e0 == cudaErrorInvalidDevice && !cuda_available()) throw_no_device(what);
    throw_cuda(e0, what, __FILE__, __LINE__);
  }
  scratch<unsigned char> temp(exec, bytes ? bytes : 1);
  cudaError_t e = call(static_cast<void*>(temp.data()), bytes);
  if (e != cudaSuccess) throw_cuda(e, what, __FILE__, __LINE__);
}

// f(count): n as an int below 2^31 (what a caller passes there), else as
// std::int64_t. CUB picks its offset type from the count's type, and its
// 64-bit path is slower (radix SortPairs of 2^28 int32 pairs: 8.7 against
// 7.5 ms on an H200).
template <class F>
void with_cub_count(std::uint64_t n, F&& f) {
  if (n <= std::uint64_t(INT32_MAX)) f(int(n));
  else f(std::int64_t(n));
}

}  // namespace ordo::detail
