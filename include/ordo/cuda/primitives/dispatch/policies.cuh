// Tuning policies of the primitives' own kernels (CUB-style: one struct per
// kernel family, printable so the benchmark can record what ran).
#pragma once
#include <cstdio>

namespace ordo::detail::prim {

template <int THREADS, int ITEMS>
struct tile_policy {
  static constexpr int threads = THREADS;
  static constexpr int items = ITEMS;
  static constexpr int tile = THREADS * ITEMS;
};

// Chosen on the H100 with the primitives_probe suite (docs/benchmarks.md).
using sort_tile_policy = tile_policy<256, 32>;   // sort_idx: block sort tile (powers of two)
using sort_merge_policy = tile_policy<128, 16>;  // sort_idx's merge passes (the tile divides the sort tile)
using merge_tile_policy = tile_policy<256, 32>;  // merge
using split_tile_policy = tile_policy<256, 8>;   // split: elements per block-tile step
using fork_tile_policy = tile_policy<256, 8>;    // fork (load-balanced): parents + children per tile

template <class P>
void print_policy(std::FILE* f, const char* name) {
  std::fprintf(f, "%s: %d threads x %d items = %d per tile\n", name, P::threads, P::items, P::tile);
}

}  // namespace ordo::detail::prim
