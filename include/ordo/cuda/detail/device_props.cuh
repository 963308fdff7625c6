// The current device's properties the dispatchers read, and per-device
// one-time setup, cached per device id: a process may use several GPUs, and
// each keeps its own properties and its own kernel attributes
// (cudaFuncSetAttribute sets them for the current device only).
#pragma once
#include <cuda_runtime.h>

#include <mutex>
#include <string>
#include <utility>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/execution.hpp"

namespace ordo::detail {

struct device_props {
  int sm_count = 0;
  int cc_major = 0, cc_minor = 0;
  int smem_per_block_optin = 0;  // the most dynamic shared memory a kernel may opt into, bytes
  int arch() const { return cc_major * 10 + cc_minor; }  // 90 for sm_90
};

// Device ids past this are refused (the caches are fixed arrays).
inline constexpr int max_cached_devices = 64;

// Without a GPU a device query may answer cudaErrorInvalidDevice, which
// means "no CUDA device" (not_supported) here, as in cub_backed.cuh.
inline void check_device_query(cudaError_t e, const char* what, int line) {
  if (e == cudaSuccess) return;
  if (e == cudaErrorInvalidDevice && !cuda_available()) throw_no_device(what);
  throw_cuda(e, what, __FILE__, line);
}

// The current device's id, checked against max_cached_devices.
inline int cached_device_slot() {
  int dev = 0;
  check_device_query(cudaGetDevice(&dev), "cudaGetDevice", __LINE__);
  if (dev < 0 || dev >= max_cached_devices)
    throw error(errc::not_supported, "CUDA device " + std::to_string(dev) + ": ordo handles device ids below " +
                                         std::to_string(max_cached_devices));
  return dev;
}

// Runs a setup step once on each device it is used on (e.g. a kernel's
// shared-memory opt-in). Keep one as a function-local static per step. If the
// step throws, the next call on that device tries again.
class once_per_device {
 public:
  template <class F>
  void operator()(F&& f) {
    on(cached_device_slot(), std::forward<F>(f));
  }
  template <class F>
  void on(int slot, F&& f) {
    std::call_once(done_[slot], std::forward<F>(f));
  }

 private:
  std::once_flag done_[max_cached_devices];
};

// The current device's properties, read once per device.
inline const device_props& current_device_props() {
  static once_per_device read;
  static device_props props[max_cached_devices];
  const int dev = cached_device_slot();
  read.on(dev, [dev] {
    const auto get = [dev](int& out, cudaDeviceAttr attr, const char* what) {
      check_device_query(cudaDeviceGetAttribute(&out, attr, dev), what, __LINE__);
    };
    device_props p;
    get(p.sm_count, cudaDevAttrMultiProcessorCount, "cudaDeviceGetAttribute(MultiProcessorCount)");
    get(p.cc_major, cudaDevAttrComputeCapabilityMajor, "cudaDeviceGetAttribute(ComputeCapabilityMajor)");
    get(p.cc_minor, cudaDevAttrComputeCapabilityMinor, "cudaDeviceGetAttribute(ComputeCapabilityMinor)");
    get(p.smem_per_block_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
        "cudaDeviceGetAttribute(MaxSharedMemoryPerBlockOptin)");
    props[dev] = p;
  });
  return props[dev];
}

}  // namespace ordo::detail
