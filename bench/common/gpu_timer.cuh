// Times device work per the benchmark protocol: CUDA events around the
// region, two warm-up runs, the median of `reps` timed runs.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "ordo/cuda/detail/check.cuh"

namespace ordo_bench {

// As median_ms, for a baseline that consumes its input (CUB's in-place
// sorts): prep() restores the input before each run (warm-ups included) and
// is not timed.
template <class P, class F>
double median_ms_prepared(P&& prep, F&& run, int reps, cudaStream_t stream = nullptr) {
  cudaEvent_t a, b;
  ORDO_CUDA_CHECK(cudaEventCreate(&a));
  ORDO_CUDA_CHECK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < reps + 2; ++i) {
    prep();
    ORDO_CUDA_CHECK(cudaEventRecord(a, stream));
    run();
    ORDO_CUDA_CHECK(cudaEventRecord(b, stream));
    ORDO_CUDA_CHECK(cudaEventSynchronize(b));
    float ms = 0;
    ORDO_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    if (i >= 2) t.push_back(ms);
  }
  ORDO_CUDA_CHECK(cudaEventDestroy(a));
  ORDO_CUDA_CHECK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class F>
double median_ms(F&& run, int reps, cudaStream_t stream = nullptr) {
  return median_ms_prepared([] {}, run, reps, stream);
}

// The protocol's copy floor: a device-to-device copy of half the bytes the
// algorithm must move (a copy reads and writes each byte), same run.
inline double copy_floor_ms(std::size_t bytes_read_plus_written, int reps) {
  const std::size_t bytes = bytes_read_plus_written / 2;
  void *src = nullptr, *dst = nullptr;
  ORDO_CUDA_CHECK(cudaMalloc(&src, bytes));
  ORDO_CUDA_CHECK(cudaMalloc(&dst, bytes));
  ORDO_CUDA_CHECK(cudaMemset(src, 1, bytes));
  double ms = median_ms([&] { ORDO_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice)); }, reps);
  cudaFree(src);
  cudaFree(dst);
  return ms;
}

}  // namespace ordo_bench
