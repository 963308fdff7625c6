// Kernel scope for sort_idx's sample-sort variant. Words are packed (key,
// index) pairs (thread/packed_pair.cuh), all distinct, so no step needs to be
// stable. Two levels of splitting into k buckets by sampled splitters, then
// one block sorts each bucket in shared memory and unpacks it into perm and
// the sorted keys. Each split level is count, scan (CUB), scatter.
#pragma once
#include <cub/block/block_scan.cuh>
#include <cstdint>

#include "ordo/cuda/block/block_merge.cuh"
#include "ordo/cuda/primitives/block/bucket_split.cuh"
#include "ordo/cuda/primitives/thread/packed_pair.cuh"
#include "ordo/detail/merge_path.hpp"

namespace ordo::detail::prim {

using word = std::uint64_t;

// Sources of words: the caller's keys packed on the fly (first level), or
// words written by the previous level.
template <class Key, class Compare>
struct packing_source {
  const Key* keys;
  __device__ __forceinline__ word operator()(std::uint32_t i) const { return pair_packer<Key, Compare>::pack(keys[i], i); }
};
struct word_source {
  const word* words;
  __device__ __forceinline__ word operator()(std::uint32_t i) const { return words[i]; }
};

// The first level's single segment [0, n).
template <int = 0>
__global__ void whole_segment_kernel(std::uint32_t* bounds, std::uint32_t n) {
  bounds[0] = 0;
  bounds[1] = n;
}

// tile_start from bounds for count <= THREADS segments (one block).
template <int THREADS, int TILE>
__global__ void __launch_bounds__(THREADS) segment_tiles_kernel(const std::uint32_t* bounds, std::uint32_t count,
                                                                std::uint32_t* tile_start) {
  using scan_t = cub::BlockScan<std::uint32_t, THREADS>;
  __shared__ typename scan_t::TempStorage temp;
  const std::uint32_t s = threadIdx.x;
  const std::uint32_t tiles = s < count ? (bounds[s + 1] - bounds[s] + TILE - 1) / TILE : 0;
  std::uint32_t start, total;
  scan_t(temp).ExclusiveSum(tiles, start, total);
  if (s < count) tile_start[s] = start;
  if (s == 0) tile_start[count] = total;
}

// k - 1 splitters per segment from THREADS * ITEMS samples taken at hashed
// positions (with replacement; repeated samples only leave buckets empty).
template <int THREADS, int ITEMS, class Source>
__global__ void __launch_bounds__(THREADS) sample_splitters_kernel(Source src, const std::uint32_t* bounds, int k,
                                                                   word* splitters) {
  constexpr int S = THREADS * ITEMS;
  __shared__ word sample[padded_smem<word>::size_for(S)];
  const padded_smem<word> s{sample};
  const std::uint32_t seg = blockIdx.x, begin = bounds[seg], m = bounds[seg + 1] - begin;
  if (m == 0) return;  // an empty segment has no tiles, so its splitters are never read
  word w[ITEMS];
  no_index none[ITEMS];
  const int pos = threadIdx.x * ITEMS;
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    std::uint32_t h = (seg * std::uint32_t(S) + std::uint32_t(pos + i)) * 0x9E3779B9u;  // Fibonacci hashing,
    h ^= h >> 16;                                                                          // then a murmur mix
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    w[i] = src(begin + std::uint32_t((std::uint64_t(h) * m) >> 32));
  }
  block_sort<THREADS, ITEMS>(s, padded_smem<no_index>{nullptr}, w, none, S, ordo::less{});
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) s[pos + i] = w[i];
  __syncthreads();
  for (int j = threadIdx.x; j < k - 1; j += THREADS) splitters[std::uint64_t(seg) * (k - 1) + j] = s[(j + 1) * (S / k)];
}

// How many words of each tile fall in each bucket of its segment.
template <int THREADS, int ITEMS, class Source>
__global__ void __launch_bounds__(THREADS) bucket_count_kernel(Source src, tiled_segments segs, int k,
                                                               const word* splitters, std::uint32_t* counts) {
  constexpr int TILE = THREADS * ITEMS;
  __shared__ word spl[256];  // the splitters as a search tree, slots 1 .. k - 1
  __shared__ std::uint32_t cnt[256];
  tile_place p;
  if (!locate_tile<TILE>(segs, blockIdx.x, p)) return;
  load_search_tree(splitters + std::uint64_t(p.segment) * (k - 1), k, spl);
  for (int j = threadIdx.x; j < k; j += THREADS) cnt[j] = 0;
  __syncthreads();
#pragma unroll 4
  for (int i = 0; i < ITEMS; ++i) {
    const std::uint32_t x = p.begin + std::uint32_t(i * THREADS) + threadIdx.x;
    const int b = x < p.end ? bucket_of(spl, k, src(x)) : k;
    claim_slot(cnt, b, k);
  }
  __syncthreads();
  for (int j = threadIdx.x; j < k; j += THREADS) counts[count_slot(segs, p, k, j)] = cnt[j];
}

template <int THREADS, int ITEMS>
constexpr int bucket_scatter_smem_bytes() {
  return THREADS * ITEMS * int(sizeof(word) + 1);
}

// Writes each tile's words to their buckets: grouped by bucket in shared
// memory first, so each bucket's words leave as one contiguous run.
template <int THREADS, int ITEMS, class Source>
__global__ void __launch_bounds__(THREADS, 2) bucket_scatter_kernel(Source src, tiled_segments segs, int k,
                                                                 const word* splitters, const std::uint32_t* offsets,
                                                                 word* out) {
  constexpr int TILE = THREADS * ITEMS;
  using scan_t = cub::BlockScan<std::uint32_t, THREADS>;
  __shared__ typename scan_t::TempStorage temp;
  __shared__ word spl[256];  // the splitters as a search tree, slots 1 .. k - 1
  __shared__ std::uint32_t cnt[256], first[256], dest[256];
  extern __shared__ __align__(16) unsigned char smem[];
  word* grouped = reinterpret_cast<word*>(smem);
  std::uint8_t* group_bucket = smem + TILE * sizeof(word);
  static_assert(THREADS >= 256, "one thread per bucket in the local scan");
  tile_place p;
  if (!locate_tile<TILE>(segs, blockIdx.x, p)) return;
  load_search_tree(splitters + std::uint64_t(p.segment) * (k - 1), k, spl);
  for (int j = threadIdx.x; j < k; j += THREADS) {
    cnt[j] = 0;
    dest[j] = offsets[count_slot(segs, p, k, j)];
  }
  __syncthreads();
  word w[ITEMS];
  std::uint32_t placed[ITEMS];  // slot << 8 | bucket: fewer live registers than two arrays
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    const std::uint32_t x = p.begin + std::uint32_t(i * THREADS) + threadIdx.x;
    w[i] = x < p.end ? src(x) : 0;
    const int b = x < p.end ? bucket_of(spl, k, w[i]) : k;
    placed[i] = claim_slot(cnt, b, k) << 8 | std::uint32_t(b & 255);
  }
  __syncthreads();
  std::uint32_t start;
  scan_t(temp).ExclusiveSum(int(threadIdx.x) < k ? cnt[threadIdx.x] : 0u, start);
  if (int(threadIdx.x) < k) first[threadIdx.x] = start;
  __syncthreads();
#pragma unroll
  for (int i = 0; i < ITEMS; ++i)
    if (p.begin + std::uint32_t(i * THREADS) + threadIdx.x < p.end) {
      const std::uint32_t b = placed[i] & 255, y = first[b] + (placed[i] >> 8);
      grouped[y] = w[i];
      group_bucket[y] = std::uint8_t(b);
    }
  __syncthreads();
  const int valid = int(p.end - p.begin);
  for (int y = threadIdx.x; y < valid; y += THREADS) {
    const int b = group_bucket[y];
    out[dest[b] + (std::uint32_t(y) - first[b])] = grouped[y];
  }
}

// The next level's segment bounds: bucket j of segment s starts where the
// scan put the first tile's words of (s, j). bounds_out has count * k + 1 entries.
template <int = 0>
__global__ void bucket_bounds_kernel(tiled_segments segs, int k, const std::uint32_t* offsets, std::uint32_t n,
                                     std::uint32_t* bounds_out) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == segs.count * std::uint32_t(k)) bounds_out[i] = n;
  if (i >= segs.count * std::uint32_t(k)) return;
  const std::uint32_t s = i / k, j = i % k;
  const std::uint32_t tiles = segs.tile_start[s + 1] - segs.tile_start[s];
  bounds_out[i] = tiles ? offsets[std::uint32_t(k) * segs.tile_start[s] + j * tiles] : segs.bounds[s];
}

// Sorts m <= THREADS * ITEMS words at `in` through shared memory and hands
// each sorted word to out(position, word), in position order per thread.
template <int THREADS, int ITEMS, class Out>
__device__ __forceinline__ void sort_words_in_smem(padded_smem<word> s, const word* in, int m, Out out) {
  for (int x = threadIdx.x; x < m; x += THREADS) s[x] = in[x];
  __syncthreads();
  const int pos = threadIdx.x * ITEMS;
  word w[ITEMS];
  no_index none[ITEMS];
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) w[i] = pos + i < m ? s[pos + i] : ~word(0);
  __syncthreads();
  block_sort<THREADS, ITEMS>(s, padded_smem<no_index>{nullptr}, w, none, m, ordo::less{});
#pragma unroll
  for (int i = 0; i < ITEMS; ++i)
    if (pos + i < m) s[pos + i] = w[i];
  __syncthreads();
  for (int x = threadIdx.x; x < m; x += THREADS) out(x, s[x]);
  __syncthreads();
}

// A bucket too large for shared memory (unlucky or adversarial sampling):
// the block sorts chunks, then merges them pairwise through shared memory,
// alternating between a and b. Returns the buffer holding the sorted words.
template <int THREADS, int ITEMS>
__device__ word* sort_words_by_chunks(padded_smem<word> s, word* a, word* b, int m) {
  constexpr int C = THREADS * ITEMS;
  __shared__ int split[2];
  for (int c = 0; c < m; c += C)
    sort_words_in_smem<THREADS, ITEMS>(s, a + c, min(C, m - c), [&](int x, word w) { a[c + x] = w; });
  word *src = a, *dst = b;
  const int pos = threadIdx.x * ITEMS;
  for (int run = C; run < m; run *= 2) {
    for (int o = 0; o < m; o += C) {
      const int p0 = o / (2 * run) * (2 * run);
      const int na = min(run, m - p0), nb = min(run, m - p0 - na);
      const word *pa = src + p0, *pb = src + p0 + na;
      const int d0 = o - p0, d1 = min(d0 + C, na + nb);
      if (threadIdx.x == 0) {
        split[0] = merge_path_split(pa, na, pb, nb, d0, ordo::less{});
        split[1] = merge_path_split(pa, na, pb, nb, d1, ordo::less{});
      }
      __syncthreads();
      const int i0 = split[0], i1 = split[1];
      const int la = i1 - i0, lb = (d1 - i1) - (d0 - i0);
      for (int x = threadIdx.x; x < la + lb; x += THREADS) s[x] = x < la ? pa[i0 + x] : pb[d0 - i0 + x - la];
      __syncthreads();
      word w[ITEMS];
      int slot[ITEMS];
      if (pos < la + lb) merge_from_smem<ITEMS>(s, 0, la, la, lb, pos, w, slot, ordo::less{});
      __syncthreads();
#pragma unroll
      for (int i = 0; i < ITEMS; ++i)
        if (pos + i < la + lb) s[pos + i] = w[i];
      __syncthreads();
      for (int x = threadIdx.x; x < la + lb; x += THREADS) dst[o + x] = s[x];
      __syncthreads();
    }
    word* t = src;
    src = dst;
    dst = t;
  }
  return src;
}

template <int THREADS, int ITEMS>
constexpr int bucket_sort_smem_bytes() {
  return padded_smem<word>::size_for(THREADS * ITEMS) * int(sizeof(word));
}

// One block per bucket: sort its words (spare: scratch of the same layout
// for buckets over THREADS * ITEMS), then unpack into perm and keys_out (may be null).
template <int THREADS, int ITEMS, class Key, class Index, class Compare>
__global__ void __launch_bounds__(THREADS) bucket_sort_kernel(word* words, word* spare, const std::uint32_t* bounds,
                                                              Index* perm, Key* keys_out) {
  extern __shared__ __align__(16) unsigned char smem[];
  const padded_smem<word> s{reinterpret_cast<word*>(smem)};
  const std::uint32_t begin = bounds[blockIdx.x];
  const int m = int(bounds[blockIdx.x + 1] - begin);
  if (m == 0) return;
  using packer = pair_packer<Key, Compare>;
  auto out = [&](int x, word w) {
    perm[begin + x] = Index(packer::index_of(w));
    if (keys_out) keys_out[begin + x] = packer::key_of(w);
  };
  // The smallest register tile that holds the bucket (uniform per block).
  if (m <= THREADS * (ITEMS / 4)) {
    sort_words_in_smem<THREADS, ITEMS / 4>(s, words + begin, m, out);
  } else if (m <= THREADS * (ITEMS / 2)) {
    sort_words_in_smem<THREADS, ITEMS / 2>(s, words + begin, m, out);
  } else if (m <= THREADS * ITEMS) {
    sort_words_in_smem<THREADS, ITEMS>(s, words + begin, m, out);
  } else {
    const word* sorted = sort_words_by_chunks<THREADS, ITEMS>(s, words + begin, spare + begin, m);
    for (int x = threadIdx.x; x < m; x += THREADS) out(x, sorted[x]);
  }
}

}  // namespace ordo::detail::prim
