// The composition a CUB user writes today for competition ranks over sorted
// keys (bench-protocol.md): an inclusive max-scan over a transform iterator
// giving i+1 at each group head and 0 elsewhere. Dense ranks: a sum-scan of
// the head flags.
#pragma once
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstdint>

#include "ordo/cuda/detail/check.cuh"

namespace ordo_bench {

template <class K, class R>
struct head_rank {
  const K* d;
  __device__ R operator()(std::uint32_t i) const { return (i == 0 || d[i] != d[i - 1]) ? R(i + 1) : R(0); }
};
template <class K, class R>
struct head_flag {
  const K* d;
  __device__ R operator()(std::uint32_t i) const { return (i == 0 || d[i] != d[i - 1]) ? R(1) : R(0); }
};
struct max_fn {
  template <class T>
  __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

template <class K, class R>
class cub_rank_scan {
 public:
  cub_rank_scan(const K* keys, R* ranks, std::uint32_t n, bool dense) : keys_(keys), ranks_(ranks), n_(n), dense_(dense) {
    run_impl(nullptr);
    ORDO_CUDA_CHECK(cudaMalloc(&temp_, bytes_ ? bytes_ : 1));
  }
  ~cub_rank_scan() { cudaFree(temp_); }
  void operator()() { run_impl(temp_); }

 private:
  void run_impl(void* temp) {
    auto idx = thrust::make_counting_iterator<std::uint32_t>(0);
    if (dense_) {
      auto in = thrust::make_transform_iterator(idx, head_flag<K, R>{keys_});
      ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, bytes_, in, ranks_, n_));
    } else {
      auto in = thrust::make_transform_iterator(idx, head_rank<K, R>{keys_});
      ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveScan(temp, bytes_, in, ranks_, max_fn{}, n_));
    }
  }
  const K* keys_;
  R* ranks_;
  std::uint32_t n_;
  bool dense_;
  void* temp_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace ordo_bench
