// Validation of by_bounds segments on the GPU: do any two share an element?
// (detail/segment_overlap.hpp defines the rule and the pair reported.)
//
// Begins in order (the usual case): one pass writes each valid non-empty
// segment's end (0 for the others) and notes whether the begins ever
// decrease; a max-scan gives the furthest end before each segment, which a
// segment overlaps when it begins before it; then one 24-byte read-back.
// Begins out of order: a radix sort of (begin, index) first, the same scan
// over the sorted order, and a second read-back. Only when an overlap is
// found are the bounds copied to the host, where the CPU's code names the
// pair. Invalid segments are left to the binning pass, which reports them.
// validate = false skips all of this.
#pragma once
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/detail/segment_overlap.hpp"

namespace ordo::detail::segsort {

struct overlap_flags {
  unsigned long long bad = 0;       // some segment is invalid (the binning reports it)
  unsigned long long unsorted = 0;  // some begin is below the one before it
  unsigned long long overlap = 0;   // (in the order checked) some segment begins before an earlier one ends
};

struct max_u64 {
  __host__ __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a > b ? a : b; }
};

// The segment at sorted position k: k itself, or order[k].
__device__ __forceinline__ std::uint64_t segment_at(const std::uint32_t* order, std::uint64_t k) {
  return order ? order[k] : k;
}

template <int = 0>
__global__ void overlap_reach_kernel(segment_desc d, const std::uint32_t* order, std::uint64_t* reach,
                                     overlap_flags* f) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t k = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; k < d.count; k += stride) {
    const segment_range r = d[segment_at(order, k)];
    const bool ok = d.valid(r);
    reach[k] = ok && r.begin < r.end ? r.end : 0;
    if (!ok) f->bad = 1;
    if (!order && k > 0 && d[k - 1].begin > r.begin) f->unsorted = 1;
  }
}

template <int = 0>
__global__ void overlap_find_kernel(segment_desc d, const std::uint32_t* order, const std::uint64_t* reach,
                                    overlap_flags* f) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t k = 1 + blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; k < d.count; k += stride) {
    const segment_range r = d[segment_at(order, k)];
    if (d.valid(r) && r.begin < r.end && r.begin < reach[k - 1]) f->overlap = 1;
  }
}

template <int = 0>
__global__ void overlap_keys_kernel(segment_desc d, std::uint64_t* begins, std::uint32_t* index) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < d.count; i += stride) {
    begins[i] = d[i].begin;
    index[i] = std::uint32_t(i);
  }
}

// reach (in place) -> its running maximum, then the find pass; one read-back.
inline overlap_flags overlap_pass(const cuda& exec, const segment_desc& d, const std::uint32_t* order,
                                  overlap_flags* f_dev) {
  cudaStream_t s = exec.stream;
  const std::uint64_t m = d.count;
  scratch<std::uint64_t> reach(exec, m);
  overlap_reach_kernel<<<elementwise_blocks(m), 256, 0, s>>>(d, order, reach.data(), f_dev);
  ORDO_CUDA_LAUNCH_CHECK("overlap_reach_kernel");
  std::size_t bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, bytes, reach.data(), reach.data(), max_u64{}, m, s));
  scratch<unsigned char> temp(exec, bytes);
  ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveScan(temp.data(), bytes, reach.data(), reach.data(), max_u64{}, m, s));
  overlap_find_kernel<<<elementwise_blocks(m), 256, 0, s>>>(d, order, reach.data(), f_dev);
  ORDO_CUDA_LAUNCH_CHECK("overlap_find_kernel");
  overlap_flags h;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, f_dev, sizeof(h), cudaMemcpyDeviceToHost, s));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(s));
  return h;
}

// Throws errc::invalid_argument naming the first overlapping pair, as the CPU does.
inline void check_overlaps_cuda(const cuda& exec, const segment_desc& d) {
  const std::uint64_t m = d.count;
  if (d.kind != segment_kind::bounds || m < 2 || m > 0xffffffffull) return;  // (segsort_run refuses m >= 2^32)
  cudaStream_t s = exec.stream;
  scratch<overlap_flags> f(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(f.data(), 0, sizeof(overlap_flags), s));
  overlap_flags h = overlap_pass(exec, d, nullptr, f.data());
  if (h.bad) return;
  if (h.unsorted) {
    h.overlap = 0;
    ORDO_CUDA_CHECK(cudaMemsetAsync(f.data(), 0, sizeof(overlap_flags), s));
    scratch<std::uint64_t> keys(exec, m), keys_out(exec, m);
    scratch<std::uint32_t> index(exec, m), order(exec, m);
    overlap_keys_kernel<<<elementwise_blocks(m), 256, 0, s>>>(d, keys.data(), index.data());
    ORDO_CUDA_LAUNCH_CHECK("overlap_keys_kernel");
    int bits = 1;  // begins are at most n (every segment is valid)
    while (bits < 64 && (d.n >> bits) != 0) ++bits;
    std::size_t bytes = 0;
    ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys.data(), keys_out.data(), index.data(),
                                                    order.data(), m, 0, bits, s));
    scratch<unsigned char> temp(exec, bytes);
    ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), bytes, keys.data(), keys_out.data(), index.data(),
                                                    order.data(), m, 0, bits, s));
    h = overlap_pass(exec, d, order.data(), f.data());
  }
  if (!h.overlap) return;
  // The error path: the bounds to the host, and the CPU's search names the pair.
  std::vector<unsigned char> hb(m * d.width), he(m * d.width);
  ORDO_CUDA_CHECK(cudaMemcpy(hb.data(), d.begins, hb.size(), cudaMemcpyDeviceToHost));
  ORDO_CUDA_CHECK(cudaMemcpy(he.data(), d.ends, he.size(), cudaMemcpyDeviceToHost));
  segment_desc host = d;
  host.begins = hb.data();
  host.ends = he.data();
  const segment_overlap o = find_segment_overlap(host);
  if (o.found) throw_segment_overlap("segmented_sort", host, o);
}

}  // namespace ordo::detail::segsort
