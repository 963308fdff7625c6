// Tuning policies of the primitives' own kernels (CUB-style: one struct per
// kernel family, printable so the benchmark can record what ran).
#pragma once
#include <cstdio>

namespace ordo::detail::prim {

struct sort_tile_policy {   // sort_idx: block sort tile
  static constexpr int threads = 256;
  static constexpr int items = 16;
  static constexpr int tile = threads * items;
};
struct merge_tile_policy {  // merge, and the merge passes of sort_idx
  static constexpr int threads = 256;
  static constexpr int items = 8;
  static constexpr int tile = threads * items;
};
struct split_tile_policy {  // split: elements per block-tile step
  static constexpr int threads = 256;
  static constexpr int items = 8;
  static constexpr int tile = threads * items;
};
struct fork_tile_policy {   // fork (load-balanced): parents + children per tile
  static constexpr int threads = 256;
  static constexpr int items = 8;
  static constexpr int tile = threads * items;
};

template <class P>
void print_policy(std::FILE* f, const char* name) {
  std::fprintf(f, "%s: %d threads x %d items = %d per tile\n", name, P::threads, P::items, P::tile);
}

}  // namespace ordo::detail::prim
