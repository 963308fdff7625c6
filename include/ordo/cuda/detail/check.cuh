// Every CUDA runtime call and kernel launch in ordo goes through these, so a
// failure becomes an ordo::error naming the call, the file and the line.
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "ordo/error.hpp"

namespace ordo::detail {

// cudaErrorNoDevice and cudaErrorInsufficientDriver: no usable GPU here
// (execution_cuda.cu says which, in words: cuda_unavailable_reason).
[[noreturn]] void throw_no_device(const char* what);

[[noreturn]] inline void throw_cuda(cudaError_t e, const char* what, const char* file, int line) {
  if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) throw_no_device(what);
  errc code = (e == cudaErrorMemoryAllocation) ? errc::out_of_memory : errc::cuda_error;
  throw error(code, std::string(what) + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
                        ") at " + file + ":" + std::to_string(line));
}

}  // namespace ordo::detail

#define ORDO_CUDA_CHECK(call)                                                   \
  do {                                                                          \
    cudaError_t ordo_e_ = (call);                                               \
    if (ordo_e_ != cudaSuccess) ::ordo::detail::throw_cuda(ordo_e_, #call, __FILE__, __LINE__); \
  } while (0)

// After a <<<...>>> launch: reports bad configurations at once (asynchronous
// faults surface at the next synchronising call).
#define ORDO_CUDA_LAUNCH_CHECK(name)                                            \
  do {                                                                          \
    cudaError_t ordo_e_ = cudaGetLastError();                                   \
    if (ordo_e_ != cudaSuccess) ::ordo::detail::throw_cuda(ordo_e_, "launch of " name, __FILE__, __LINE__); \
  } while (0)
