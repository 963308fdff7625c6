// Block scope for the sample-sort split: which segment and tile a block
// works on, which bucket a word falls in, and a warp-aggregated claim of a
// slot in a shared bucket counter.
#pragma once
#include <cstdint>

namespace ordo::detail::prim {

// Segments of one array, cut into tiles of TILE words. Segment s covers
// [bounds[s], bounds[s + 1]) and owns tiles [tile_start[s], tile_start[s + 1]).
struct tiled_segments {
  const std::uint32_t* bounds;
  const std::uint32_t* tile_start;  // count + 1 entries
  std::uint32_t count;
};

struct tile_place {
  std::uint32_t segment, tile, tiles;  // tile: index within the segment; tiles: the segment's tile count
  std::uint32_t begin, end;            // the words of this tile
};

// The place of global tile t, or false past the last tile.
template <int TILE>
__device__ __forceinline__ bool locate_tile(const tiled_segments& segs, std::uint32_t t, tile_place& p) {
  if (t >= segs.tile_start[segs.count]) return false;
  std::uint32_t lo = 0, hi = segs.count;  // the last s with tile_start[s] <= t
  while (hi - lo > 1) {
    const std::uint32_t mid = (lo + hi) / 2;
    if (segs.tile_start[mid] <= t) lo = mid;
    else hi = mid;
  }
  p.segment = lo;
  p.tile = t - segs.tile_start[lo];
  p.tiles = segs.tile_start[lo + 1] - segs.tile_start[lo];
  p.begin = segs.bounds[lo] + p.tile * std::uint32_t(TILE);
  p.end = min(p.begin + std::uint32_t(TILE), segs.bounds[lo + 1]);
  return true;
}

// Where the count of (segment, bucket, tile) lives: segment-major, then
// bucket, then tile, so one exclusive scan over all counts gives every
// tile's first output position in each bucket.
__device__ __forceinline__ std::uint32_t count_slot(const tiled_segments& segs, const tile_place& p, int k,
                                                    int bucket) {
  return std::uint32_t(k) * segs.tile_start[p.segment] + std::uint32_t(bucket) * p.tiles + p.tile;
}

// The k - 1 sorted splitters of a segment as an implicit search tree
// (Eytzinger order, root at 1, children of i at 2i and 2i + 1), loaded into
// shared memory. A warp's lanes then read level l of the tree from 2^l
// consecutive slots; binary search over the sorted array instead sends
// every lane at a step to slots congruent modulo the step, which all sit in
// one shared-memory bank (an 8- to 16-way conflict per step).
__device__ __forceinline__ void load_search_tree(const std::uint64_t* sorted, int k, std::uint64_t* tree) {
  const int levels = __ffs(k) - 1;  // k = 2^levels
  for (int i = threadIdx.x + 1; i < k; i += blockDim.x) {
    const int l = 31 - __clz(i);
    tree[i] = sorted[((2 * (i - (1 << l)) + 1) << (levels - 1 - l)) - 1];
  }
}

// The number of splitters below w: descend the tree, one level per step.
__device__ __forceinline__ int bucket_of(const std::uint64_t* tree, int k, std::uint64_t w) {
  int i = 1;
  while (i < k) i = 2 * i + (tree[i] < w ? 1 : 0);
  return i - k;
}

// Every lane of the warp calls this; lanes with bucket == k take nothing.
// Returns the lane's slot in counter[bucket]. Order within a bucket does not
// matter (words are distinct and sorted later), so lanes take slots by plain
// shared atomics; a warp that is all in one bucket (sorted input) takes its
// slots with one atomic instead of 32 serialised ones. (__match_any_sync
// aggregation in every warp cost more than it saved on random input.)
__device__ __forceinline__ std::uint32_t claim_slot(std::uint32_t* counter, int bucket, int k) {
  const int lane = threadIdx.x & 31;
  const int first = __shfl_sync(0xffffffffu, bucket, 0);
  if (__all_sync(0xffffffffu, bucket == first)) {
    if (first >= k) return 0;
    std::uint32_t base = 0;
    if (lane == 0) base = atomicAdd(&counter[first], 32u);
    return __shfl_sync(0xffffffffu, base, 0) + std::uint32_t(lane);
  }
  return bucket < k ? atomicAdd(&counter[bucket], 1u) : 0;
}

}  // namespace ordo::detail::prim
