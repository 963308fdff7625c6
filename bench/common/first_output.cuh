// The check before a timing: run once into an output poisoned with 0xff
// bytes, so a variant that skips elements cannot pass on stale values.
#pragma once
#include <vector>

#include <cuda_runtime.h>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/device_buffer.hpp"

namespace ordo_bench {

// What `run` wrote into `out`.
template <class T, class Run>
std::vector<T> first_output(ordo::device_buffer<T>& out, Run&& run) {
  ORDO_CUDA_CHECK(cudaMemset(out.data(), 0xff, out.size() * sizeof(T)));
  run();
  std::vector<T> got(out.size());
  out.download(got);
  return got;
}

}  // namespace ordo_bench
