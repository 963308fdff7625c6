// The CUDA half of execution.hpp and device_buffer.hpp.
#include <cuda_runtime.h>

#include <cstdint>
#include <mutex>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/device_buffer.hpp"
#include "ordo/execution.hpp"

namespace ordo {
namespace {

// The device's default pool gives memory back to the system at every
// synchronisation unless told to keep it, which makes each call re-map its
// scratch (milliseconds for gigabytes). Keep it, once per device, but not
// while `stream` is being captured into a graph: setting a pool attribute
// then invalidates the capture (the first call outside a capture does it).
void keep_pool_memory(CUstream_st* stream) {
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(stream, &capture) != cudaSuccess) {
    cudaGetLastError();  // the legacy stream beside another thread's capture: not an error of ours
    return;
  }
  if (capture != cudaStreamCaptureStatusNone) return;
  static std::mutex m;
  static bool done[64] = {};
  std::lock_guard<std::mutex> lock(m);
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || dev >= 64 || done[dev]) return;
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, dev) == cudaSuccess) {
    std::uint64_t keep = ~std::uint64_t(0);
    cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
  }
  done[dev] = true;
}

class async_pool_resource final : public memory_resource {
 public:
  void* allocate(std::size_t bytes, CUstream_st* stream) override {
    keep_pool_memory(stream);
    void* p = nullptr;
    ORDO_CUDA_CHECK(cudaMallocAsync(&p, bytes, stream));
    return p;
  }
  void deallocate(void* p, std::size_t, CUstream_st* stream) override {
    cudaFreeAsync(p, stream);  // no throw from a destructor path
  }
};

}  // namespace

memory_resource* default_device_resource() {
  static async_pool_resource resource;
  return &resource;
}

bool cuda_available() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no device" error
    return false;
  }
  return count > 0;
}

namespace detail {
void* device_alloc(std::size_t bytes) {
  void* p = nullptr;
  ORDO_CUDA_CHECK(cudaMalloc(&p, bytes));
  return p;
}
void device_free(void* p) noexcept {
  if (p) cudaFree(p);
}
void copy_to_device(void* dst, const void* src, std::size_t bytes) {
  ORDO_CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
}
void copy_to_host(void* dst, const void* src, std::size_t bytes) {
  ORDO_CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
}
void copy_to_host_after(void* dst, const void* src, std::size_t bytes, CUstream_st* stream) {
  ORDO_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(stream));
}
void device_synchronize() { ORDO_CUDA_CHECK(cudaDeviceSynchronize()); }
}  // namespace detail

}  // namespace ordo
