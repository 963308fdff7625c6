// Kernel scope: the unit bin (one-element segments are copied) and the warp
// bins, where a group of M lanes sorts one segment of up to M * P elements
// in registers (reg-sort) and writes it straight to global memory, directly
// from the registers ("orig") or striped after the in-register transpose
// ("strd", Fig. 8).
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/segmented_sort/warp/reg_sort.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

// Every bin kernel takes its list as a bin_segments (block/bin_segments.cuh) and
// loops over the grid, which is exact where the host knows the bin's size
// (one round) and a bound otherwise.
template <class IO>
__global__ void unit_bin_kernel(IO io, segment_desc d, bin_segments bin) {
  const u64 count = bin.size();
  const u32* segs = bin.list();
  for (u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x; t < count; t += u64(gridDim.x) * blockDim.x) {
    const u64 b = d[segs[t]].begin;
    io.store(b, b, io.load(b));
  }
}

// Group `group` of M lanes sorts segment segs[group].
template <int M, int P, bool POS, class IO>
__device__ __forceinline__ void reg_sort_group(const IO& io, const segment_desc& d, const u32* segs, u64 count,
                                               u64 group, bool striped) {
  using K = typename IO::key_t;
  const int lane = threadIdx.x % M;
  u64 begin = 0;
  u32 len = 0;
  if (group < count) {  // groups past the end still join the warp's shuffles
    const segment_range r = d[segs[group]];
    begin = r.begin;
    len = u32(r.end - r.begin);
  }
  K k[P];
  u32 p[P];
#pragma unroll
  for (int r = 0; r < P; ++r) {  // striped within the segment: coalesced
    const u32 x = u32(lane + M * r);
    k[r] = x < len ? io.load(begin + x) : IO::pad();
    p[r] = x;
  }
  reg_sort<M, P, POS>(k, p, lane, io.template order<POS>(len));
  if (striped && M > 1 && P > 1) {
    transpose_to_striped<M, P, POS>(k, p, lane);
#pragma unroll
    for (int r = 0; r < P; ++r) {
      const u32 e = u32(striped_element<M, P>(lane, r));
      if (e < len) io.store(begin + e, begin + p[r], k[r]);
    }
  } else {
#pragma unroll
    for (int r = 0; r < P; ++r) {
      const u32 e = u32(lane * P + r);
      if (e < len) io.store(begin + e, begin + p[r], k[r]);
    }
  }
}

template <int M, int P, int BLOCK, bool POS, class IO>
__global__ void __launch_bounds__(BLOCK) reg_sort_bin_kernel(IO io, segment_desc d, bin_segments bin,
                                                             bool striped) {
  static_assert(BLOCK % M == 0, "whole groups per block");
  const u64 count = bin.size();
  const u32* segs = bin.list();
  for (u64 blk = blockIdx.x; blk * (BLOCK / M) < count; blk += gridDim.x)  // block-uniform: the shuffles agree
    reg_sort_group<M, P, POS>(io, d, segs, count, (blk * BLOCK + threadIdx.x) / M, striped);
}

}  // namespace ordo::detail::segsort
