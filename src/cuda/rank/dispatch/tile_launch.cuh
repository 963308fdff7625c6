// Launch helpers shared by rank_sorted and rank: the tile policy and the
// carry pre-pass of the tile kernel.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/rank/kernel/tile_carries.cuh"
#include "cuda/rank/kernel/tile_rank_kernel.cuh"

namespace ordo::detail::cuda_rank {

// Tuning (H100): 256 threads; 32 bytes of keys per thread where the carries
// come from the search pre-pass (full occupancy streams best), 64 bytes where
// tiles wait on look-back (fewer, larger tiles wait less).
template <std::size_t KeyBytes, bool Lookback>
using rank_tile_policy = tile_policy<256, (KeyBytes == 4 ? 8 : 4) * (Lookback ? 2 : 1)>;

// Step 2 of the carry pre-pass (tile_carry_scan.cu): in place, heads becomes
// the exclusive max-scan and tails_reversed the exclusive min-scan.
void scan_tile_carries(const cuda& exec, std::uint64_t* heads, std::uint64_t* tails_reversed, std::uint64_t tiles);

// Runs the carry pre-pass for the facts the method needs; returns the carries.
template <class K>
tile_carries search_carries(const cuda& exec, const K* keys, std::uint64_t n, std::uint64_t tile,
                            bool first, bool last, scratch<std::uint64_t>& storage) {
  const std::uint64_t tiles = (n + tile - 1) / tile;
  if (!first && !last) return {nullptr, nullptr};
  storage = scratch<std::uint64_t>(exec, tiles * 2);
  std::uint64_t* f = first ? storage.get() : nullptr;
  std::uint64_t* l = last ? storage.get() + tiles : nullptr;
  constexpr int warps = 8;
  tile_heads_tails_kernel<K><<<unsigned((tiles + warps - 1) / warps), warps * 32, 0, exec.stream>>>(
      keys, n, tile, tiles, f, l);
  ORDO_CUDA_LAUNCH_CHECK("tile_heads_tails_kernel");
  scan_tile_carries(exec, f, l, tiles);
  return {f, l};
}

}  // namespace ordo::detail::cuda_rank
