// Tuning policies of the primitives' own kernels (CUB-style: one struct per
// kernel family, printable so the benchmark can record what ran).
#pragma once
#include <cstdio>
#include <type_traits>

namespace ordo::detail::prim {

// LOAD_BATCH (merge tiles): 0 stages a tile by a plain loop of load-store
// pairs; ITEMS loads a full tile per thread at once (no other value).
template <int THREADS, int ITEMS, int LOAD_BATCH = 0>
struct tile_policy {
  static constexpr int threads = THREADS;
  static constexpr int items = ITEMS;
  static constexpr int tile = THREADS * ITEMS;
  static constexpr int load_batch = LOAD_BATCH;
};

// Chosen on the H100 with the primitives_probe suite (docs/benchmarks.md).
// Other GPUs run the same tiles, their shared-memory opt-ins checked at each
// launch (ordo/cuda/detail/arch_policy.cuh, docs/benchmarks.md#tuning-shared-memory).
using sort_tile_policy = tile_policy<256, 32>;   // sort_idx: block sort tile (powers of two)
using sort_merge_policy = tile_policy<128, 16>;  // sort_idx's merge passes (the tile divides the sort tile)
// merge: odd items (unpadded shared memory) and a full tile's loads at once;
// the kernel is bound by its instructions, not by memory
// (docs/benchmarks.md#tuning-merge-tiles).
using merge_tile_policy = tile_policy<256, 31, 31>;       // keys of 4 bytes
using merge_wide_tile_policy = tile_policy<256, 15, 15>;  // 8-byte keys, and every (key, value) merge
// split: elements per block-tile step; by flags (ranked by ballots; STAGED:
// the tile goes through shared memory to be written in order), and K ways
// (a radix rank of 256 threads at least, staged in shared memory).
// PREFETCH > 0: the tiles go through a ring of PREFETCH shared-memory tiles
// filled by cp.async (split_flags_scatter_prefetch_kernel; STAGED unused).
template <int THREADS, int ITEMS, bool STAGED, int PREFETCH = 0>
struct split_flags_policy : tile_policy<THREADS, ITEMS> {
  static constexpr bool staged = STAGED;
  static constexpr int prefetch = PREFETCH;
};
// H100 (bench/probes/split_probe.cu; bench/results/h100/issue32/
// split-probe-7701800.txt; docs/benchmarks.md#tuning-split). By flags, 2^28
// uint32: register tiles 256x16 1.208 ms (1.15x CUB's
// DevicePartition::Flagged); the cp.async ring 256x32 ring 2 1.031 (0.98x),
// 128x32 ring 3 1.040, 256x16 ring 3 1.060. 2^27 uint64: 256x16 ring 3 0.892
// (0.88x), 256x32 ring 2 0.870, register 256x16 1.115. K ways, uint32, k = 16:
// 256x24 ring 2 1.476 (0.87x CUB radix SortPairs on the bucket bits), 256x16
// ring 2 1.398 (0.82x), register 256x24 1.593; k = 256: register 256x24
// 2.023 (1.08x), ring 2 2.060, 512x16 ring 2 1.905 (1.02x). uint64 k = 256:
// register 256x16 1.589 (1.16x), ring 2 1.626, ring 3 1.512.
// The K-way split's tile; PREFETCH > 0: a resident grid walking segments
// through a ring of PREFETCH shared-memory tiles (split_scatter_prefetch_kernel).
// EARLY_COUNTS: the block rank counts the tile's digits first
// (cub::BlockRadixRankMatchEarlyCounts, split_block_rank_t).
template <int THREADS, int ITEMS, int PREFETCH = 0, bool EARLY_COUNTS = false>
struct split_bucket_policy : tile_policy<THREADS, ITEMS> {
  static constexpr int prefetch = PREFETCH;
  static constexpr bool early_counts = EARLY_COUNTS;
};
// A K-way policy's rank (false: BlockRadixRankMatch, and for policies without one).
template <class P>
constexpr bool early_counts() {
  if constexpr (requires { P::early_counts; }) return P::early_counts;
  else return false;
}
// A policy's ring depth (0: none, and for policies without one).
template <class P>
constexpr int prefetch_stages() {
  if constexpr (requires { P::prefetch; }) return P::prefetch;
  else return 0;
}
// The defaults by word size, as the GPU tests at 35330e6 ran them (a ring of
// 2 tiles of 256x32 4-byte words is 80 KiB of shared memory; 8-byte words
// take smaller tiles and a deeper ring). At k >= 32 the ring is no faster
// than the register tiles (above); a choice by k is not built yet.
template <int WORD_BYTES>
using split_flags_tile_policy =
    std::conditional_t<(WORD_BYTES <= 4), split_flags_policy<256, 32, false, 2>, split_flags_policy<256, 16, false, 3>>;
template <int WORD_BYTES>
using split_bucket_tile_policy =
    std::conditional_t<(WORD_BYTES <= 4), split_bucket_policy<256, 24, 2>, split_bucket_policy<256, 16, 2>>;
using fork_tile_policy = tile_policy<256, 8>;    // fork (load-balanced): parents + children per tile

template <class P>
void print_policy(std::FILE* f, const char* name) {
  std::fprintf(f, "%s: %d threads x %d items = %d per tile\n", name, P::threads, P::items, P::tile);
}

}  // namespace ordo::detail::prim

namespace ordo::detail::prim {

// sort_idx's sample-sort variant: split tiles of SPLIT_THREADS x SPLIT_ITEMS
// words, at most BUCKETS buckets per level from SAMPLE_THREADS x
// SAMPLE_ITEMS samples per segment, buckets aimed at TARGET words, each
// sorted by SORT_THREADS threads holding up to SORT_ITEMS words each.
template <int SPLIT_THREADS, int SPLIT_ITEMS, int BUCKETS, int SAMPLE_THREADS, int SAMPLE_ITEMS, int TARGET,
          int SORT_THREADS, int SORT_ITEMS>
struct sample_sort_policy {
  static constexpr int split_threads = SPLIT_THREADS, split_items = SPLIT_ITEMS;
  static constexpr int split_tile = SPLIT_THREADS * SPLIT_ITEMS;
  static constexpr int buckets = BUCKETS;
  static constexpr int sample_threads = SAMPLE_THREADS, sample_items = SAMPLE_ITEMS;
  static constexpr int target = TARGET;
  static constexpr int sort_threads = SORT_THREADS, sort_items = SORT_ITEMS;
  static_assert(BUCKETS <= 256 && (BUCKETS & (BUCKETS - 1)) == 0, "buckets: a power of two, at most 256");
  static_assert(SAMPLE_THREADS * SAMPLE_ITEMS >= BUCKETS, "at least one sample per bucket");
  static_assert(SORT_ITEMS % 4 == 0, "the bucket sort also runs at SORT_ITEMS / 4 and / 2");
};
// Buckets average 1024 words; with 16x oversampling about 1 in 10^4 exceeds
// the 2048 a 128-thread bucket sort holds in registers and takes the
// chunked fallback (a 2-chunk merge). Chosen with the primitives_probe suite.
using sample_sort_default_policy = sample_sort_policy<512, 16, 256, 256, 16, 1024, 128, 16>;

}  // namespace ordo::detail::prim
