// Thread scope: the short path's map from tiles to their first segment,
// written by the binning's histogram pass (bin_kernels.cuh) as it reads the
// offsets and read by short_tile_kernel.
#pragma once
#include "ordo/cuda/thread/element_io.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

// first[t] = the first segment whose begin is at or after t * tile, for
// t in [0, tiles]; segment i (0 <= i <= count) writes the t with
// begin(i - 1) < t * tile <= begin(i). Begins never decrease (validated), so
// each t has one writer; bad offsets write nothing outside [0, tiles]. The
// binning's histogram pass calls this as it reads the offsets, so the short
// path costs no pass of its own.
// TILE is a constant: a 64-bit division by a run-time tile, twice per
// segment, slowed the binned path's histogram pass
// (docs/benchmarks.md#tuning-segsort-tile-const).
template <int TILE>
__device__ __forceinline__ void write_tile_firsts(const segment_desc& d, u64 i, u64 tiles, u32* first) {
  const u64 from = i == 0 ? 0 : d[i - 1].begin / TILE + 1;
  const u64 to = i == d.count ? tiles : min(d[i].begin / TILE, tiles);
  for (u64 t = from; t <= to; ++t) first[t] = u32(i);
}

}  // namespace ordo::detail::segsort
