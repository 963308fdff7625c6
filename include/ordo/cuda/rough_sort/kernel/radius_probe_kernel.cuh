// Kernel scope: a cheap lower bound of the radius, for the adaptive sort's
// first guess. Each block measures the exact radius of one window of
// probe_window keys (windows evenly spaced over the array, the first at 0 and
// the last at the end): a pair out of order inside a window is out of order
// in the array, so the largest window radius bounds the array's from below.
// 128 windows of 8192 read 0.4% of 2^28 keys (smaller arrays get fewer,
// at most one key in 16), so random input (and any radius past the tiles
// pass's 4096) goes straight to the full sort and a k-sorted array starts at
// the right run length.
#pragma once
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

#include "ordo/cuda/rough_sort/block/skewed_prefix.cuh"
#include "ordo/cuda/rough_sort/block/window_sort.cuh"  // items_per_thread
#include "ordo/cuda/rough_sort/thread/rough_status.cuh"
#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::rough {

inline constexpr int probe_threads = 1024;
inline constexpr int probe_window = probe_threads * items_per_thread;  // 8192
inline constexpr int probe_windows = 128;

// Dynamic shared memory: the window's prefix maxima, skewed.
template <class Code>
constexpr std::size_t probe_smem() {
  return std::size_t(probe_window + probe_window / 32) * sizeof(Code);
}

template <class Code>
__global__ void __launch_bounds__(probe_threads)
    radius_probe_kernel(segsort::code_io<Code> io, std::uint64_t n, rough_status* status) {
  using scan_t = cub::BlockScan<Code, probe_threads>;
  constexpr int E = items_per_thread;
  __shared__ typename scan_t::TempStorage scan;
  extern __shared__ __align__(16) unsigned char smem[];
  Code* prefix = reinterpret_cast<Code*>(smem);
  const int t = threadIdx.x;
  const std::uint64_t len = n < std::uint64_t(probe_window) ? n : std::uint64_t(probe_window);
  const std::uint64_t w0 = gridDim.x > 1 ? (n - len) / (gridDim.x - 1) * blockIdx.x : 0;
  Code c[E], p[E];
#pragma unroll
  for (int e = 0; e < E; ++e) {
    const std::uint64_t j = std::uint64_t(t) * E + e;
    c[e] = j < len ? io.load(w0 + j) : ~Code(0);  // all ones after the window: no new inversion
  }
  scan_t(scan).InclusiveScan(c, p, ::cuda::maximum<>{});
  __syncthreads();
#pragma unroll
  for (int e = 0; e < E; ++e) prefix[skew(t * E + e)] = p[e];
  __syncthreads();
  unsigned long long r = 0;
#pragma unroll 1
  for (int e = 0; e < E; ++e) {
    const int j = t * E + e;
    const int i = first_above(prefix, j, c[e]);
    if (i < j && std::uint64_t(j - i) > r) r = std::uint64_t(j - i);
  }
  for (int o = 16; o > 0; o /= 2) r = max(r, __shfl_xor_sync(0xffffffffu, r, o));
  if ((t & 31) == 0 && r) atomicMax(&status->lower_bound, r);
}

}  // namespace ordo::detail::rough
