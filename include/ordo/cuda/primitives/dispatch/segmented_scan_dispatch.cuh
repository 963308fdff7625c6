// Dispatch for the segmented scan (scan with head flags): the tile states of
// the decoupled look-back, then one block per tile
// (kernel/segmented_scan_kernels.cuh); with_init: init is not op's identity
// and is applied. In place is safe: a tile reads its own
// elements only, before it writes them.
#pragma once
#include <cub/agent/single_pass_scan_operators.cuh>

#include <cstdint>
#include <type_traits>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/dispatch/policies.cuh"
#include "ordo/cuda/primitives/kernel/segmented_scan_kernels.cuh"

namespace ordo::detail {

// The tile: 128 threads x 16 items (256 x 8 for 8-byte values); the probe
// suite (bench/primitives/primitives_probe.cu) times other tiles through
// Policy. H200, 2^28 uint32: 128x16 1.014 ms, 256x16 1.060, 128x24 1.054,
// 256x24 1.069, 512x8 1.120, 256x8 1.195.
template <class Acc>
using segmented_scan_default_policy =
    std::conditional_t<(sizeof(Acc) <= 4), prim::tile_policy<128, 16>, prim::tile_policy<256, 8>>;

template <class In, class Acc, class Op, class Policy = segmented_scan_default_policy<Acc>>
void segmented_scan_cuda(const cuda& exec, const In* in, const std::uint8_t* heads, std::uint64_t n, Acc* out, Op op,
                         Acc init, bool with_init, bool exclusive) {
  constexpr int threads = Policy::threads, items = Policy::items, tile = threads * items;
  using state_t = cub::ScanTileState<typename prim::segment_pair<Acc>::type>;
  const int tiles = int((n + tile - 1) / tile);
  std::size_t bytes = 0;
  ORDO_CUDA_CHECK(state_t::AllocationSize(tiles, bytes));
  scratch<unsigned char> temp(exec, bytes);
  state_t state;
  ORDO_CUDA_CHECK(state.Init(tiles, temp.data(), bytes));
  prim::segmented_scan_init_kernel<<<ceil_blocks(std::uint64_t(tiles), 256), 256, 0, exec.stream>>>(state, tiles);
  ORDO_CUDA_LAUNCH_CHECK("segmented_scan_init_kernel");
  prim::segmented_scan_kernel<threads, items><<<unsigned(tiles), threads, 0, exec.stream>>>(
      in, heads, n, out, op, init, with_init, exclusive, state);
  ORDO_CUDA_LAUNCH_CHECK("segmented_scan_kernel");
}

}  // namespace ordo::detail
