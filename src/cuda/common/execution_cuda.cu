// The CUDA half of execution.hpp and device_buffer.hpp.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/device_props.cuh"
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
  static detail::once_per_device kept;
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || dev < 0 || dev >= detail::max_cached_devices) return;
  kept.on(dev, [dev] {
    cudaMemPool_t pool;
    if (cudaDeviceGetDefaultMemPool(&pool, dev) == cudaSuccess) {
      std::uint64_t keep = ~std::uint64_t(0);
      cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
    }
  });
}

std::string gib(std::size_t bytes) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f GiB", double(bytes) / double(std::size_t(1) << 30));
  return b;
}

// An allocation larger than the GPU can give: the bytes asked for and what
// the device has, so that the caller can size the input (or free memory).
[[noreturn]] void throw_out_of_device_memory(std::size_t bytes) {
  std::size_t free = 0, total = 0;
  std::string have;
  if (cudaMemGetInfo(&free, &total) == cudaSuccess) have = "; the GPU has " + gib(free) + " free of " + gib(total);
  else cudaGetLastError();
  throw error(errc::out_of_memory, "out of GPU memory: an allocation of " + std::to_string(bytes) + " bytes (" +
                                       gib(bytes) + ") failed" + have);
}

class async_pool_resource final : public memory_resource {
 public:
  void* allocate(std::size_t bytes, CUstream_st* stream) override {
    keep_pool_memory(stream);
    void* p = nullptr;
    const cudaError_t e = cudaMallocAsync(&p, bytes, stream);
    if (e == cudaErrorMemoryAllocation) {
      // Not sticky: the stream and the pool stay usable after the throw.
      cudaGetLastError();
      throw_out_of_device_memory(bytes);
    }
    if (e != cudaSuccess) detail::throw_cuda(e, "cudaMallocAsync", __FILE__, __LINE__);
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

// Without a GPU the runtime answers cudaErrorInsufficientDriver when there is
// no driver at all, which reads as if a driver update would help. Tell the
// cases apart: cudaDriverGetVersion is 0 without a driver; with one, a
// version below the runtime's means the driver is too old for a device it has.
std::string cuda_unavailable_reason() {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  cudaGetLastError();
  if (e == cudaSuccess && count > 0) return "";
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  const auto version = [](int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); };
  if (e == cudaErrorInsufficientDriver && driver > 0 && driver < runtime)
    return "no usable CUDA device: the NVIDIA driver supports CUDA " + version(driver) + ", older than the CUDA " +
           version(runtime) + " runtime this ordo was built with; update the driver (or use ordo::cpu / --device cpu)";
  if (driver == 0) return "no CUDA device (no NVIDIA driver or GPU on this machine; use ordo::cpu / --device cpu)";
  return "no CUDA device (the NVIDIA driver sees no GPU: none installed, or CUDA_VISIBLE_DEVICES hides them; "
         "use ordo::cpu / --device cpu)";
}

namespace detail {
void throw_no_device(const char* what) {
  std::string why = cuda_unavailable_reason();
  if (why.empty()) why = "no CUDA device";  // a device appeared since the failing call: report the failure as it was
  throw error(errc::not_supported, why + " [" + what + " failed]");
}
void copy_to_device_on(void* dst, const void* src, std::size_t bytes, CUstream_st* stream) {
  ORDO_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(stream));
}
void copy_to_host_after(void* dst, const void* src, std::size_t bytes, CUstream_st* stream) {
  ORDO_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(stream));
}
void device_synchronize() { ORDO_CUDA_CHECK(cudaDeviceSynchronize()); }
void copy_on_device(void* dst, const void* src, std::size_t bytes, CUstream_st* stream) {
  if (bytes) ORDO_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream));
}
void stream_wait(CUstream_st* waiter, CUstream_st* producer) {
  if (waiter == producer) return;
  cudaEvent_t done;
  ORDO_CUDA_CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
  const cudaError_t recorded = cudaEventRecord(done, producer);
  const cudaError_t waited = recorded == cudaSuccess ? cudaStreamWaitEvent(waiter, done, 0) : recorded;
  cudaEventDestroy(done);  // released once the wait has happened
  ORDO_CUDA_CHECK(waited);
}
void stream_synchronize(CUstream_st* stream) { ORDO_CUDA_CHECK(cudaStreamSynchronize(stream)); }
int current_device() {
  int d = 0;
  ORDO_CUDA_CHECK(cudaGetDevice(&d));
  return d;
}
}  // namespace detail

}  // namespace ordo
