// The GPU baselines of `ordo demo` (see demo_baselines.hpp): CUB, as a user
// of the CUDA toolkit would call it. Scratch memory is kept between calls
// (grown when too small) so the timings are CUB's work, not cudaMalloc's.
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

#include "demo_baselines.hpp"
#include "ordo/error.hpp"

namespace ordo::tools::demo {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw error(errc::cuda_error, std::string("demo baseline: ") + what + ": " + cudaGetErrorString(e));
}

// One grow-only device buffer per use.
struct scratch {
  void* p = nullptr;
  std::size_t bytes = 0;
  void* get(std::size_t want) {
    if (want > bytes) {
      if (p) check(cudaFree(p), "cudaFree");
      check(cudaMalloc(&p, want), "cudaMalloc");
      bytes = want;
    }
    return p;
  }
};
scratch temp, aux, aux2, offsets;  // offsets: the segmented sort's, kept between calls

__global__ void head_flags(const std::int32_t* k, std::uint32_t* f, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) f[i] = (i == 0 || k[i] != k[i - 1]) ? 1u : 0u;
}
__global__ void head_positions(const std::int32_t* k, std::uint32_t* f, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) f[i] = (i == 0 || k[i] != k[i - 1]) ? std::uint32_t(i + 1) : 0u;
}
__global__ void iota(std::uint32_t* v, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) v[i] = std::uint32_t(i);
}
struct max_op {
  __device__ std::uint32_t operator()(std::uint32_t a, std::uint32_t b) const { return a > b ? a : b; }
};
unsigned blocks(std::size_t n) { return unsigned((n + 255) / 256); }
void sync() { check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }

// CUB's two calls, as a user makes them: the size query, then the work in
// `temp` grown to that size; then waits for it.
template <class Call>
void cub_twice(Call&& call) {
  std::size_t bytes = 0;
  call(nullptr, bytes);
  call(temp.get(bytes), bytes);
  sync();
}

}  // namespace

std::string gpu_name() {
  int dev = 0;
  cudaDeviceProp p{};
  check(cudaGetDevice(&dev), "cudaGetDevice");
  check(cudaGetDeviceProperties(&p, dev), "cudaGetDeviceProperties");
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s (sm_%d%d, %d SMs)", p.name, p.major, p.minor, p.multiProcessorCount);
  return buf;
}

void cub_rank_sorted_dense(std::span<const std::int32_t> k, std::span<std::uint32_t> r) {
  const std::size_t n = k.size();
  if (n == 0) return;
  auto* f = static_cast<std::uint32_t*>(aux.get(n * sizeof(std::uint32_t)));
  head_flags<<<blocks(n), 256>>>(k.data(), f, n);
  cub_twice([&](void* p, std::size_t& b) { return cub::DeviceScan::InclusiveSum(p, b, f, r.data(), n); });
}

void cub_rank_sorted_min(std::span<const std::int32_t> k, std::span<std::uint32_t> r) {
  const std::size_t n = k.size();
  if (n == 0) return;
  auto* f = static_cast<std::uint32_t*>(aux.get(n * sizeof(std::uint32_t)));
  head_positions<<<blocks(n), 256>>>(k.data(), f, n);
  cub_twice([&](void* p, std::size_t& b) { return cub::DeviceScan::InclusiveScan(p, b, f, r.data(), max_op{}, n); });
}

void cub_argsort(std::span<const std::int32_t> k, std::span<std::uint32_t> perm) {
  const std::size_t n = k.size();
  if (n == 0) return;
  auto* idx = static_cast<std::uint32_t*>(aux.get(n * sizeof(std::uint32_t)));
  auto* sorted = static_cast<std::int32_t*>(aux2.get(n * sizeof(std::int32_t)));
  iota<<<blocks(n), 256>>>(idx, n);
  cub_twice([&](void* p, std::size_t& b) {
    return cub::DeviceRadixSort::SortPairs(p, b, k.data(), sorted, idx, perm.data(), n);
  });
}

void cub_scan(std::span<const std::uint32_t> v, std::span<std::uint32_t> out) {
  if (v.empty()) return;
  cub_twice([&](void* p, std::size_t& b) {
    return cub::DeviceScan::InclusiveSum(p, b, v.data(), out.data(), v.size());
  });
}

void cub_sort(std::span<const std::int32_t> k, std::span<std::int32_t> out) {
  if (k.empty()) return;
  cub_twice([&](void* p, std::size_t& b) {
    return cub::DeviceRadixSort::SortKeys(p, b, k.data(), out.data(), k.size());
  });
}

void cub_segmented_sort(std::span<const std::int32_t> k, std::span<std::int32_t> out, std::uint64_t length) {
  const std::size_t n = k.size();
  if (n == 0) return;
  // Offsets 0, L, 2L, ..., n: built once per shape, outside what is timed after the warm-up.
  static std::size_t built_n = 0, built_len = 0;
  const std::size_t segs = (n + length - 1) / length;
  auto* offs = static_cast<std::int64_t*>(offsets.get((segs + 1) * sizeof(std::int64_t)));
  if (built_n != n || built_len != length) {  // offsets.get only grows, so a kept shape stays valid
    std::vector<std::int64_t> h(segs + 1);
    for (std::size_t s = 0; s <= segs; ++s) h[s] = std::int64_t(std::min<std::size_t>(s * length, n));
    check(cudaMemcpy(offs, h.data(), h.size() * sizeof(std::int64_t), cudaMemcpyHostToDevice), "cudaMemcpy");
    built_n = n;
    built_len = length;
  }
  cub_twice([&](void* p, std::size_t& b) {
    return cub::DeviceSegmentedSort::StableSortKeys(p, b, k.data(), out.data(), std::int64_t(n), std::int64_t(segs),
                                                    offs, offs + 1);
  });
}

}  // namespace ordo::tools::demo
