// Where work runs. The first argument of every ordo entry point.
//
//   ordo::cpu{}          every core (OpenMP)
//   ordo::cpu{1}         the sequential reference
//   ordo::cuda{stream}   the GPU, asynchronous on `stream`, scratch from a
//                        stream-ordered memory resource (default cudaMallocAsync)
#pragma once
#include <cstddef>
#include <string>

struct CUstream_st;  // cudaStream_t is CUstream_st*; no CUDA header needed here

namespace ordo {

struct cpu {
  int threads = 0;  // 0: every core; 1: the sequential reference
  int resolved_threads() const;
};

// Stream-ordered scratch memory. allocate/deallocate are ordered on `stream`
// like cudaMallocAsync/cudaFreeAsync; the default resource is exactly those.
class memory_resource {
 public:
  virtual ~memory_resource() = default;
  virtual void* allocate(std::size_t bytes, CUstream_st* stream) = 0;
  virtual void deallocate(void* p, std::size_t bytes, CUstream_st* stream) = 0;
};

// The default resource: cudaMallocAsync / cudaFreeAsync on the device's pool.
memory_resource* default_device_resource();

struct cuda {
  CUstream_st* stream = nullptr;      // the legacy default stream when null
  memory_resource* mr = nullptr;      // default_device_resource() when null
};

// True when ordo was built with CUDA and a device is visible.
bool cuda_available();

// Why ordo::cuda cannot run here, in a sentence ("" when it can): built
// without CUDA; no CUDA device (no GPU, or no NVIDIA driver); or a driver
// older than the CUDA runtime ordo was built with. ordo::cuda calls made
// anyway throw errc::not_supported with this sentence.
std::string cuda_unavailable_reason();

}  // namespace ordo
