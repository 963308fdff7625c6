// Launch helpers shared by rank_sorted and rank: the tile policy and the
// carry pre-pass of the tile kernel.
#pragma once
#include <climits>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/rank/kernel/tile_carries.cuh"
#include "cuda/rank/kernel/tile_rank_kernel.cuh"
#include "common/rank_value.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank {

// 256 threads; 32 bytes of keys per thread where the carries come from the
// search pre-pass (full occupancy streams best), 64 bytes where tiles wait on
// look-back: fastest on sm_90 (docs/benchmarks.md#tuning-rank-tile).
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
  std::uint64_t* f = first ? storage.data() : nullptr;
  std::uint64_t* l = last ? storage.data() + tiles : nullptr;
  constexpr int warps = 8;
  tile_heads_tails_kernel<K><<<unsigned((tiles + warps - 1) / warps), warps * 32, 0, exec.stream>>>(
      keys, n, tile, tiles, f, l);
  ORDO_CUDA_LAUNCH_CHECK("tile_heads_tails_kernel");
  scan_tile_carries(exec, f, l, tiles);
  return {f, l};
}

// What tiles that wait on each other share, for one launch of
// tile_rank_kernel or dense_scan_kernel: a counter that numbers tiles in
// launch order, ordo's look-back words (min ranks in lookback mode) and
// CUB's tile status (dense ranks).
template <class Count>
struct lookback_storage {
  scratch<unsigned long long> words;
  scratch<unsigned char> dense_bytes;
  tile_state own{nullptr, nullptr};
  dense_tile_state<Count> dense;

  lookback_storage(const cuda& exec, std::uint64_t tiles, bool ordered, bool dense_ranks)
      : words(exec, ordered ? tiles + 1 : 0), dense_bytes(exec, 0) {
    if (!ordered) return;
    ORDO_CUDA_CHECK(cudaMemsetAsync(words.data(), 0, (tiles + 1) * sizeof(unsigned long long), exec.stream));
    own = {words.data(), words.data() + tiles};
    if (!dense_ranks) return;
    if (tiles > std::uint64_t(INT_MAX))  // CUB numbers tiles with int
      throw error(errc::invalid_argument, "rank: " + std::to_string(tiles) + " tiles exceed the dense scan's limit");
    std::size_t bytes = 0;
    ORDO_CUDA_CHECK(dense_tile_state<Count>::AllocationSize(int(tiles), bytes));
    dense_bytes = scratch<unsigned char>(exec, bytes);
    ORDO_CUDA_CHECK(dense.Init(int(tiles), dense_bytes.data(), bytes));
    init_dense_state_kernel<Count><<<unsigned((tiles + 255) / 256), 256, 0, exec.stream>>>(dense, int(tiles));
    ORDO_CUDA_LAUNCH_CHECK("init_dense_state_kernel");
  }
};

// The tile kernel's bits for the facts a method needs (rank_facts,
// common/rank_value.hpp), and the one step from a run-time method to the
// compile-time pair, shared by rank_sorted and rank(): calls
// f.template operator()<M, Needs>() for m, over all_rank_methods.
template <rank_method M>
inline constexpr unsigned method_needs = ((rank_facts(M) & fact_first) ? unsigned(need_first) : 0u) |
                                         ((rank_facts(M) & fact_last) ? unsigned(need_last) : 0u) |
                                         ((rank_facts(M) & fact_dense) ? unsigned(need_dense) : 0u);

template <class F, std::size_t... I>
void with_method_needs_at(rank_method m, F& f, std::index_sequence<I...>) {
  (void)((m == all_rank_methods[I] &&
          (f.template operator()<all_rank_methods[I], method_needs<all_rank_methods[I]>>(), true)) ||
         ...);
}
template <class F>
void with_method_needs(rank_method m, F&& f) {
  with_method_needs_at(m, f, std::make_index_sequence<std::size(all_rank_methods)>{});
}

}  // namespace ordo::detail::cuda_rank
