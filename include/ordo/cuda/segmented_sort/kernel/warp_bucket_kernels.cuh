// Kernel scope: the 128 bin under segsort_path::radix_tiles (built-in
// orders): WARPS warps per block, each sorting one segment of up to
// 32 * ITEMS elements by warp/warp_bucket_sort.cuh. No block barrier, so a
// warp that finishes early leaves its block's others running.
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/segmented_sort/warp/warp_bucket_sort.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

// MIN_BLOCKS: blocks per SM the registers must allow (0: no bound).
template <class Code, int ITEMS, int WARPS, bool POS, int MIN_BLOCKS = 0>
__global__ void __launch_bounds__(WARPS * 32, MIN_BLOCKS)
    warp_bucket_bin_kernel(code_io<Code> io, segment_desc d, bin_segments bin) {
  using sorter = warp_bucket_sort<Code, ITEMS, POS>;
  __shared__ typename sorter::storage s[WARPS];
  const int w = int(threadIdx.x / 32);
  const u64 count = bin.size();
  const u32* segs = bin.list();
  // Each warp on its own: nothing below waits on the block.
  for (u64 k = u64(blockIdx.x) * WARPS + u64(w); k < count; k += u64(gridDim.x) * WARPS) {
    const segment_range r = d[segs[k]];
    sorter::sort(s[w], io, r.begin, int(r.end - r.begin));
    __syncwarp();  // the next segment reuses the warp's storage
  }
}

}  // namespace ordo::detail::segsort
