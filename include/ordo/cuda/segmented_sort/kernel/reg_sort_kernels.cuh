// Kernel scope: the unit bin (one-element segments are copied) and the warp
// bins, where a group of M lanes sorts one segment of up to M * P elements
// in registers (reg-sort) and writes it straight to global memory, directly
// from the registers ("orig") or striped after the in-register transpose
// ("strd", Fig. 8).
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/warp/reg_sort.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

template <class IO>
__global__ void unit_bin_kernel(IO io, segment_desc d, const u32* segs, u64 count) {
  for (u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x; t < count; t += u64(gridDim.x) * blockDim.x) {
    const u64 b = d[segs[t]].begin;
    io.store(b, b, io.load(b));
  }
}

template <int M, int P, int BLOCK, bool POS, class IO>
__global__ void __launch_bounds__(BLOCK) reg_sort_bin_kernel(IO io, segment_desc d, const u32* segs, u64 count,
                                                             bool striped) {
  using K = typename IO::key_t;
  const u64 group = (u64(blockIdx.x) * BLOCK + threadIdx.x) / M;
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

}  // namespace ordo::detail::segsort
