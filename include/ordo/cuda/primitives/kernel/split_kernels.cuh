// Kernel scope for split (Sengupta et al.'s split by scan, generalised to K
// buckets, laid out as one counting pass of a radix sort): each block owns a
// segment of the input; a histogram kernel counts its buckets, a scan over
// (bucket, segment) gives every segment's first slot per bucket, and a
// scatter kernel walks the segment in tiles (flags: split_flags_scatter_kernel).
// Per tile it ranks the elements by bucket with cub::BlockRadixRankMatch (stable for warp-striped input:
// warp w, item j, lane l is tile position w*32*ITEMS + j*32 + l), places
// them in shared memory in that order, and writes each bucket's run of the
// tile to consecutive global slots (coalesced writes).
#pragma once
#include <cub/block/block_radix_rank.cuh>
#include <cuda_pipeline.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace ordo::detail::prim {

// The digit BlockRadixRankMatch ranks for a bucket byte: with BITS < 8,
// min(b, 2^BITS - 1), where the dispatch picks 2^BITS > k, so an invalid
// bucket (b >= k) keeps a digit >= k; with BITS == 8, b itself.
template <int BITS>
__device__ __forceinline__ unsigned split_digit(unsigned b) {
  if constexpr (BITS < 8) return min(b, (1u << BITS) - 1);
  return b;
}

struct split_identity_digit {
  __device__ __forceinline__ std::uint32_t Digit(std::uint32_t d) const { return d; }
};

// The K-way scatters' block rank: CUB's BlockRadixRankMatch, or (EARLY) its
// BlockRadixRankMatchEarlyCounts, which counts every digit of the tile first
// (warp histograms) and then ranks by warp matches, as CUB's onesweep does.
// Both are stable for the warp-striped tile.
template <int THREADS, int BITS, bool EARLY>
using split_block_rank_t =
    std::conditional_t<EARLY,
                       cub::BlockRadixRankMatchEarlyCounts<THREADS, BITS, false, cub::BLOCK_SCAN_WARP_SCANS,
                                                           cub::WARP_MATCH_ANY>,
                       cub::BlockRadixRankMatch<THREADS, BITS, false>>;

// The number of nonzero bytes of w.
__device__ __forceinline__ unsigned nonzero_bytes(std::uint32_t w) {
  const std::uint32_t t = ((w & 0x7f7f7f7fu) + 0x7f7f7f7fu) | w;
  return __popc(t & 0x80808080u);
}

// counts[b * segs + segment] for b < k (flags: k = 2, b = flag != 0);
// first_bad: the lowest index of a bucket >= k (bucket mode). The bytes are
// read 16 at a time where aligned. A block walks segments blockIdx.x,
// + gridDim.x, ... (the grid is what the GPU holds at once: a block per
// 4096-byte segment cost more in block starts than in reading).
template <int THREADS>
__global__ void __launch_bounds__(THREADS) split_histogram_kernel(const std::uint8_t* bucket, std::uint64_t n,
                                                                  std::uint64_t seg_len, std::uint64_t segs,
                                                                  unsigned k, bool flags, std::uint32_t* counts,
                                                                  unsigned long long* first_bad) {
  constexpr int WARPS = THREADS / 32;
  __shared__ unsigned hist[WARPS][256];
  __shared__ unsigned ones_of[WARPS];
  const int warp = threadIdx.x / 32;
  for (std::uint64_t seg = blockIdx.x; seg < segs; seg += gridDim.x) {
    if (!flags)
      for (unsigned b = threadIdx.x; b < WARPS * 256u; b += THREADS) (&hist[0][0])[b] = 0;
    __syncthreads();
    const std::uint64_t begin = seg * seg_len, end = min(n, begin + seg_len);
    const std::uintptr_t p0 = reinterpret_cast<std::uintptr_t>(bucket + begin), p1 = p0 + (end - begin);
    const std::uintptr_t a = min((p0 + 15) & ~std::uintptr_t(15), p1), z = max(p1 & ~std::uintptr_t(15), a);
    unsigned ones = 0;
    auto one = [&](unsigned v, std::uint64_t i) {
      if (flags) ones += v != 0;
      else if (v < k) atomicAdd(&hist[warp][v], 1u);
      else atomicMin(first_bad, (unsigned long long)i);
    };
    const std::uint64_t a_i = begin + (a - p0), z_i = begin + (z - p0);
    for (std::uint64_t i = begin + threadIdx.x; i < a_i; i += THREADS) one(bucket[i], i);
    for (std::uint64_t i = z_i + threadIdx.x; i < end; i += THREADS) one(bucket[i], i);
    const uint4* v = reinterpret_cast<const uint4*>(a);
    for (std::uint64_t w = threadIdx.x; w < (z - a) / 16; w += THREADS) {
      const uint4 x = v[w];
      if (flags) {
        ones += nonzero_bytes(x.x) + nonzero_bytes(x.y) + nonzero_bytes(x.z) + nonzero_bytes(x.w);
        continue;
      }
      const std::uint32_t words[4] = {x.x, x.y, x.z, x.w};
#pragma unroll
      for (int j = 0; j < 16; ++j) one((words[j / 4] >> (8 * (j % 4))) & 0xffu, a_i + 16 * w + j);
    }
    if (flags) {
#pragma unroll
      for (int o = 16; o > 0; o /= 2) ones += __shfl_down_sync(0xffffffffu, ones, o);
      if (threadIdx.x % 32 == 0) ones_of[warp] = ones;
    }
    __syncthreads();
    if (flags) {
      if (threadIdx.x == 0) {
        unsigned total = 0;
        for (int w = 0; w < WARPS; ++w) total += ones_of[w];
        counts[seg] = unsigned(end - begin) - total;
        counts[segs + seg] = total;
      }
    } else {
      for (unsigned b = threadIdx.x; b < k; b += THREADS) {
        unsigned c = 0;
        for (int w = 0; w < WARPS; ++w) c += hist[w][b];
        counts[std::uint64_t(b) * segs + seg] = c;
      }
    }
    __syncthreads();  // the shared counters are the next segment's
  }
}

// The K-way scatters' tile (split_scatter_kernel, split_scatter_prefetch_kernel):
// in shared memory the block rank's storage or the tile in (bucket, position)
// order, each placed element's digit, the segment's next global slot per
// bucket and the tile's first local slot per digit.
template <int THREADS, int ITEMS, int BITS, class W, bool EARLY>
struct split_bucket_tile {
  static constexpr int TILE = THREADS * ITEMS, DIGITS = 1 << BITS;
  using rank_t = split_block_rank_t<THREADS, BITS, EARLY>;
  static_assert(DIGITS <= THREADS, "one digit's prefix per thread");
  struct storage {
    union {
      typename rank_t::TempStorage rank;
      W elem[TILE];
    } s;
    std::uint8_t digit_at[TILE];
    std::uint64_t next[DIGITS];
    int prefix[DIGITS + 1];
  };
  // A segment's first slot per bucket (a barrier before the next place()
  // orders it before that tile's writes).
  static __device__ __forceinline__ void start_segment(storage& st, const std::uint64_t* seg_first, std::uint64_t segs,
                                                       std::uint64_t seg, unsigned k) {
    const unsigned t = threadIdx.x;
    if (t < unsigned(DIGITS)) st.next[t] = t < k ? seg_first[std::uint64_t(t) * segs + seg] : 0;
  }
  // Ranks the warp-striped digits (DIGITS - 1 past `valid`, so those rank
  // last), places value(j) in (bucket, position) order and writes each
  // bucket's run of the tile to its next slots (coalesced). The caller's
  // barrier before the call ends the last tile's reads of `st`.
  template <class Value>
  static __device__ __forceinline__ void place(storage& st, unsigned (&dig)[ITEMS], Value value, int valid,
                                               unsigned k, W* out) {
    const int t = threadIdx.x;
    int rank[ITEMS], excl[1];
    rank_t(st.s.rank).RankKeys(dig, rank, split_identity_digit{}, excl);
    if (t < DIGITS) st.prefix[t] = excl[0];
    if (t == 0) st.prefix[DIGITS] = valid;
    __syncthreads();  // the ranking's shared memory is free
#pragma unroll
    for (int j = 0; j < ITEMS; ++j)
      if (rank[j] < valid) {
        st.s.elem[rank[j]] = value(j);
        st.digit_at[rank[j]] = std::uint8_t(dig[j]);
      }
    __syncthreads();
    for (int r = t; r < valid; r += THREADS) {
      const unsigned d = st.digit_at[r];
      if (d < k) out[st.next[d] + std::uint64_t(r - st.prefix[d])] = st.s.elem[r];
    }
    __syncthreads();  // every write has read next[]
    if (t < DIGITS && unsigned(t) < k) st.next[t] += std::uint64_t(st.prefix[t + 1] - st.prefix[t]);
  }
};

template <int THREADS, int ITEMS, int BITS, class W, bool EARLY = false>
__global__ void __launch_bounds__(THREADS) split_scatter_kernel(const W* in, const std::uint8_t* bucket, std::uint64_t n,
                                                                std::uint64_t seg_len, std::uint64_t segs,
                                                                unsigned k, const std::uint64_t* seg_first, W* out) {
  using tile_t = split_bucket_tile<THREADS, ITEMS, BITS, W, EARLY>;
  constexpr int TILE = tile_t::TILE, DIGITS = tile_t::DIGITS;
  __shared__ typename tile_t::storage st;
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  // One block per segment (no walk: on an H200 a walking loop here cost the
  // 256-way split 2.01 -> 2.3 ms).
  const std::uint64_t seg = blockIdx.x, begin = seg * seg_len, end = min(n, begin + seg_len);
  tile_t::start_segment(st, seg_first, segs, seg, k);
  for (std::uint64_t base = begin; base < end; base += TILE) {
    const int valid = int(min(std::uint64_t(TILE), end - base));
    unsigned dig[ITEMS];
    W v[ITEMS];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      const int p = warp * 32 * ITEMS + j * 32 + lane;
      dig[j] = DIGITS - 1;
      if (p < valid) {
        dig[j] = split_digit<BITS>(bucket[base + p]);
        v[j] = in[base + p];
      }
    }
    __syncthreads();  // the last tile's reads of st are done
    tile_t::place(st, dig, [&](int j) { return v[j]; }, valid, k, out);
  }
}

// A ring of STAGES tiles of THREADS x ITEMS words and as many bytes (flags or
// buckets), the dynamic shared memory of the split_*_prefetch_kernels: the
// words of every slot, then the bytes of every slot.
template <int THREADS, int ITEMS, int STAGES, class W>
constexpr std::size_t split_ring_smem() {
  return std::size_t(STAGES) * THREADS * ITEMS * (sizeof(W) + 1);
}

// One tile of a ring (split_*_prefetch_kernel): copies the TILE words and
// bytes from element `base` into the slot's words `w` and bytes `f` with
// cp.async, 16-byte pieces for a full tile (in and bytes 16-byte aligned,
// base a multiple of 16), else the words one by one and the bytes by plain
// loads (seen by the block after its next barrier). The caller commits.
template <int THREADS, int TILE, class W>
__device__ __forceinline__ void split_ring_copy(W* w, std::uint8_t* f, const W* in, const std::uint8_t* bytes,
                                                std::uint64_t base, std::uint64_t n) {
  const int t = threadIdx.x;
  if (n - base >= std::uint64_t(TILE)) {
    constexpr int WORD_PIECES = TILE * int(sizeof(W)) / 16, BYTE_PIECES = TILE / 16;
    const char* src = reinterpret_cast<const char*>(in + base);
#pragma unroll
    for (int v = t; v < WORD_PIECES; v += THREADS)
      __pipeline_memcpy_async(reinterpret_cast<char*>(w) + 16 * v, src + 16 * v, 16);
#pragma unroll
    for (int v = t; v < BYTE_PIECES; v += THREADS) __pipeline_memcpy_async(f + 16 * v, bytes + base + 16 * v, 16);
  } else {
    const int valid = int(n - base);
    for (int i = t; i < valid; i += THREADS) {
      __pipeline_memcpy_async(w + i, in + base + i, sizeof(W));
      f[i] = bytes[base + i];
    }
  }
}

// split_scatter_kernel with the next tiles in flight: a resident grid, each
// block walking its segments (blockIdx.x, + gridDim.x, ...) tile by tile,
// the words and bucket bytes of the tile STAGES - 1 ahead copied by cp.async
// into a ring of shared-memory tiles while this one is ranked and written.
// in and bucket 16-byte aligned (the dispatch checks), seg_len a multiple of
// the tile (split_passes makes it so); dynamic shared memory of
// split_ring_smem<THREADS, ITEMS, STAGES, W>().

template <int THREADS, int ITEMS, int BITS, int STAGES, class W, bool EARLY = false>
__global__ void __launch_bounds__(THREADS)
    split_scatter_prefetch_kernel(const W* in, const std::uint8_t* bucket, std::uint64_t n, std::uint64_t seg_len,
                                  std::uint64_t segs, unsigned k, const std::uint64_t* seg_first, W* out) {
  using tile_t = split_bucket_tile<THREADS, ITEMS, BITS, W, EARLY>;
  constexpr int TILE = tile_t::TILE, DIGITS = tile_t::DIGITS;
  static_assert(STAGES >= 2 && TILE % 16 == 0, "a ring of tiles of whole 16-byte pieces");
  extern __shared__ __align__(16) unsigned char split_ring[];
  W* const words = reinterpret_cast<W*>(split_ring);                                 // [STAGES][TILE]
  std::uint8_t* const bytes = split_ring + std::size_t(STAGES) * TILE * sizeof(W);  // [STAGES][TILE]
  __shared__ typename tile_t::storage st;
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const std::uint64_t tiles_per_seg = seg_len / TILE;
  const std::uint64_t my_segs = segs > blockIdx.x ? (segs - blockIdx.x + gridDim.x - 1) / gridDim.x : 0;
  // The block's q-th tile starts at element first_of(q) (past n: none).
  const auto first_of = [&](std::uint64_t q) {
    return (blockIdx.x + (q / tiles_per_seg) * gridDim.x) * seg_len + (q % tiles_per_seg) * TILE;
  };
  const std::uint64_t my_tiles = my_segs * tiles_per_seg;
  const auto issue = [&](std::uint64_t q, int slot) {
    const std::uint64_t base = first_of(q);
    if (q < my_tiles && base < n)
      split_ring_copy<THREADS, TILE>(words + std::size_t(slot) * TILE, bytes + std::size_t(slot) * TILE, in, bucket,
                                     base, n);
    __pipeline_commit();
  };
#pragma unroll
  for (int s2 = 0; s2 < STAGES - 1; ++s2) issue(std::uint64_t(s2), s2);
  int slot = 0;
  for (std::uint64_t q = 0; q < my_tiles; ++q, slot = slot + 1 == STAGES ? 0 : slot + 1) {
    const std::uint64_t base = first_of(q);
    if (base >= n) break;  // the last segment's tiles past the end
    issue(q + STAGES - 1, slot == 0 ? STAGES - 1 : slot - 1);
    if (q % tiles_per_seg == 0)  // a new segment
      tile_t::start_segment(st, seg_first, segs, blockIdx.x + (q / tiles_per_seg) * gridDim.x, k);
    const int valid = int(min(std::uint64_t(TILE), n - base));
    const std::uint8_t* f = bytes + std::size_t(slot) * TILE;
    const W* w = words + std::size_t(slot) * TILE;
    __pipeline_wait_prior(STAGES - 1);
    __syncthreads();  // the tile has landed; the last tile's reads of st are done
    unsigned dig[ITEMS];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      const int p = warp * 32 * ITEMS + j * 32 + lane;
      dig[j] = p < valid ? split_digit<BITS>(f[p]) : DIGITS - 1;  // past the end: ranked last
    }
    tile_t::place(st, dig, [&](int j) { return w[warp * 32 * ITEMS + j * 32 + lane]; }, valid, k, out);
  }
  __pipeline_wait_prior(0);  // no copy outlives the block
}

// The two-way split by flags, ranked by warp ballots instead of a radix
// rank: in the warp-striped tile, an element's ones-before is its warp's
// ones-before (a scan over the warps' counts) plus the ballots of its warp's
// earlier items and lanes, and its zeros-before is its position minus that.
// Unstaged, the zeros (and the ones) of one warp instruction land in
// consecutive slots, so each store is at most two coalesced runs. STAGED
// places the tile in shared memory as (its zeros, its ones) first, then
// writes it in order: a warp's 32 stores are one run but at the boundary.
template <int THREADS, int ITEMS, bool STAGED, class W>
__global__ void __launch_bounds__(THREADS) split_flags_scatter_kernel(const W* in, const std::uint8_t* flags,
                                                                      std::uint64_t n, std::uint64_t seg_len,
                                                                      std::uint64_t segs,
                                                                      const std::uint64_t* seg_first, W* out) {
  constexpr int WARPS = THREADS / 32, TILE = THREADS * ITEMS;
  __shared__ unsigned warp_ones[WARPS];
  __shared__ std::uint64_t next[2];  // the segment's next zero and one slots
  __shared__ W stage[STAGED ? TILE : 1];
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const unsigned below_me = (1u << lane) - 1;
  for (std::uint64_t seg = blockIdx.x; seg < segs; seg += gridDim.x) {
    const std::uint64_t begin = seg * seg_len, end = min(n, begin + seg_len);
    __syncthreads();  // the last segment's final update of next[] is done
    if (t < 2) next[t] = seg_first[std::uint64_t(t) * segs + seg];
    for (std::uint64_t base = begin; base < end; base += TILE) {
      const int valid = int(min(std::uint64_t(TILE), end - base));
      W v[ITEMS];
      unsigned ones[ITEMS];
      unsigned run = 0;
#pragma unroll
      for (int j = 0; j < ITEMS; ++j) {
        const int p = warp * 32 * ITEMS + j * 32 + lane;
        bool one = false;
        if (p < valid) {
          one = flags[base + p] != 0;
          v[j] = in[base + p];
        }
        ones[j] = __ballot_sync(0xffffffffu, one);
        run += __popc(ones[j]);
      }
      if (lane == 0) warp_ones[warp] = run;
      __syncthreads();
      unsigned before = 0, tile_ones = 0;
#pragma unroll
      for (int w = 0; w < WARPS; ++w) {
        const unsigned o = warp_ones[w];
        before += w < warp ? o : 0;
        tile_ones += o;
      }
      const std::uint64_t zero0 = next[0], one0 = next[1];
      const unsigned tile_zeros = unsigned(valid) - tile_ones;
#pragma unroll
      for (int j = 0; j < ITEMS; ++j) {
        const int p = warp * 32 * ITEMS + j * 32 + lane;
        const unsigned ones_before = before + __popc(ones[j] & below_me);
        if (p < valid) {
          const bool one = (ones[j] >> lane) & 1u;
          if constexpr (STAGED) stage[one ? tile_zeros + ones_before : unsigned(p) - ones_before] = v[j];
          else if (one) out[one0 + ones_before] = v[j];
          else out[zero0 + unsigned(p) - ones_before] = v[j];
        }
        before += __popc(ones[j]);
      }
      if constexpr (STAGED) {
        __syncthreads();  // the tile is staged
        for (unsigned r = t; r < unsigned(valid); r += THREADS)
          out[r < tile_zeros ? zero0 + r : one0 + (r - tile_zeros)] = stage[r];
      }
      __syncthreads();  // every thread has read next[] and warp_ones[] (and the stage)
      if (t == 0) {
        next[0] += unsigned(valid) - tile_ones;
        next[1] += tile_ones;
      }
    }
  }
}

// The split by flags with the next tiles in flight while one is placed. A
// block walks tiles (one tile a segment); each thread copies 16-byte pieces
// of the words and flags of the tile STAGES - 1 ahead into a ring of
// shared-memory tiles (cp.async, which waits on nothing), so a block's loads
// never stop for its ballots and stores, as the register tiles above do.
// Ranking as above; the stores read the words from shared memory. in and
// flags 16-byte aligned (the dispatch checks); dynamic shared memory of
// split_ring_smem<THREADS, ITEMS, STAGES, W>().

template <int THREADS, int ITEMS, int STAGES, class W>
__global__ void __launch_bounds__(THREADS)
    split_flags_scatter_prefetch_kernel(const W* in, const std::uint8_t* flags, std::uint64_t n, std::uint64_t segs,
                                        const std::uint64_t* seg_first, W* out) {
  constexpr int WARPS = THREADS / 32, TILE = THREADS * ITEMS;
  static_assert(STAGES >= 2 && TILE % 16 == 0, "a ring of tiles of whole 16-byte pieces");
  extern __shared__ __align__(16) unsigned char split_ring[];
  W* const words = reinterpret_cast<W*>(split_ring);                                 // [STAGES][TILE]
  std::uint8_t* const bytes = split_ring + std::size_t(STAGES) * TILE * sizeof(W);  // [STAGES][TILE]
  __shared__ unsigned warp_ones[WARPS];
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const unsigned below_me = (1u << lane) - 1;
  // Copies tile `seg` into ring slot `slot` (nothing past the last tile),
  // then closes the group, so that every thread commits one group a tile.
  const auto issue = [&](std::uint64_t seg, int slot) {
    if (seg < segs)
      split_ring_copy<THREADS, TILE>(words + std::size_t(slot) * TILE, bytes + std::size_t(slot) * TILE, in, flags,
                                     seg * TILE, n);
    __pipeline_commit();
  };
  std::uint64_t seg = blockIdx.x;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) issue(seg + std::uint64_t(s) * gridDim.x, s);
  for (int slot = 0; seg < segs; seg += gridDim.x, slot = slot + 1 == STAGES ? 0 : slot + 1) {
    // the slot consumed last iteration is free (the barrier at the loop's end)
    issue(seg + std::uint64_t(STAGES - 1) * gridDim.x, slot == 0 ? STAGES - 1 : slot - 1);
    const std::uint64_t base = seg * TILE;
    const std::uint64_t zero0 = seg_first[seg], one0 = seg_first[segs + seg];
    const int valid = int(min(std::uint64_t(TILE), n - base));
    __pipeline_wait_prior(STAGES - 1);  // this thread's copies of tile `seg` have landed
    __syncthreads();                    // and every thread's
    const W* w = words + std::size_t(slot) * TILE;
    const std::uint8_t* f = bytes + std::size_t(slot) * TILE;
    unsigned ones[ITEMS];
    unsigned run = 0;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      const int p = warp * 32 * ITEMS + j * 32 + lane;
      ones[j] = __ballot_sync(0xffffffffu, p < valid && f[p] != 0);
      run += __popc(ones[j]);
    }
    if (lane == 0) warp_ones[warp] = run;
    __syncthreads();
    unsigned before = 0;
#pragma unroll
    for (int v = 0; v < WARPS; ++v) before += v < warp ? warp_ones[v] : 0;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      const int p = warp * 32 * ITEMS + j * 32 + lane;
      const unsigned ones_before = before + __popc(ones[j] & below_me);
      if (p < valid) {
        if ((ones[j] >> lane) & 1u) out[one0 + ones_before] = w[p];
        else out[zero0 + unsigned(p) - ones_before] = w[p];
      }
      before += __popc(ones[j]);
    }
    __syncthreads();  // the slot and warp_ones are read: the next iteration may refill them
  }
  __pipeline_wait_prior(0);  // no copy outlives the block
}

// offsets[b] = first slot of bucket b, offsets[k] = elements placed; in flags
// mode only the count of zeros is wanted.
template <int = 0>  // a template, so every translation unit may hold it
__global__ void split_offsets_kernel(const std::uint64_t* seg_first, unsigned k, std::uint64_t segs, bool flags,
                                     std::uint64_t* out) {
  const unsigned b = threadIdx.x;
  if (flags) {
    if (b == 0) out[0] = seg_first[segs];
    return;
  }
  if (b <= k) out[b] = seg_first[std::uint64_t(b) * segs];
}

}  // namespace ordo::detail::prim
