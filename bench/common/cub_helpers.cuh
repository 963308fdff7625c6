// Helpers the GPU benchmark suites share: CUB's two-phase calls with their
// temporary storage kept across runs, and a device buffer read back.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/device_buffer.hpp"

namespace ordo_bench {

struct cub_temp {
  void* p = nullptr;
  std::size_t bytes = 0;
  template <class F>
  void run(F&& call) {
    std::size_t need = 0;
    ORDO_CUDA_CHECK(call(static_cast<void*>(nullptr), need));
    if (need > bytes) {
      if (p) cudaFree(p);
      ORDO_CUDA_CHECK(cudaMalloc(&p, need));
      bytes = need;
    }
    ORDO_CUDA_CHECK(call(p, need));
  }
  ~cub_temp() {
    if (p) cudaFree(p);
  }
};

template <class T>
std::vector<T> download(const ordo::device_buffer<T>& b) {
  std::vector<T> h(b.size());
  b.download(h);
  return h;
}

}  // namespace ordo_bench
