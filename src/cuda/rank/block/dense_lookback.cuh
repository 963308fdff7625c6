// Dense ranks count group heads across tiles: a block-wide exclusive sum
// whose carry from earlier tiles comes by CUB's decoupled look-back
// (ScanTileState + TilePrefixCallbackOp, Merrill & Garland 2016). CUB's
// version polls with the back-off tuned for each architecture and packs a
// 32-bit count with its status in one 64-bit word; ordo's own look-back
// (tile_lookback.cuh) stays for min ranks, whose max-scan may stop at the
// first predecessor that holds a head. Measured on the H100: see
// docs/benchmarks.md (dense ranks).
#pragma once
#include <cub/agent/single_pass_scan_operators.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/std/functional>

#include <cstdint>
#include <type_traits>

namespace ordo::detail::cuda_rank {

template <class Count>
using dense_tile_state = cub::ScanTileState<Count>;

// The head count's type for rank type R: uint32 ranks imply n < 2^32
// (check_rank_args), so their counts fit 32 bits; every other rank type
// counts in 64 bits.
template <class R>
using dense_count_t = std::conditional_t<std::is_same_v<R, std::uint32_t>, std::uint32_t, std::uint64_t>;

// Delay: how a waiting tile backs off between polls (CUB's delay constructors).
template <int Block, class Count, class Delay = cub::detail::default_delay_constructor_t<Count>>
struct dense_block_scan {
  using scan_t = cub::BlockScan<Count, Block, cub::BLOCK_SCAN_WARP_SCANS>;
  using prefix_t = cub::TilePrefixCallbackOp<Count, ::cuda::std::plus<>, dense_tile_state<Count>, Delay>;
  struct storage {
    typename scan_t::TempStorage scan;
    typename prefix_t::TempStorage prefix;
  };

  // The number of heads before this thread's items, earlier tiles included.
  // Tiles must be numbered in an order in which every predecessor of a
  // running tile has started (ordo numbers them by an atomic counter).
  static __device__ __forceinline__ Count exclusive(Count mine, int tile, dense_tile_state<Count>& state,
                                                    storage& s) {
    Count out;
    if (tile == 0) {
      Count total;
      scan_t(s.scan).ExclusiveSum(mine, out, total);
      if (threadIdx.x == 0) state.SetInclusive(0, total);
    } else {
      prefix_t prefix(state, s.prefix, ::cuda::std::plus<>{}, tile);
      scan_t(s.scan).ExclusiveSum(mine, out, prefix);
    }
    return out;
  }
};

template <class Count>
__global__ void init_dense_state_kernel(dense_tile_state<Count> state, int tiles) {
  state.InitializeStatus(tiles);
}

}  // namespace ordo::detail::cuda_rank
