// Kernel scope: the grid bin's partition path (segsort_path::radix_tiles,
// built-in orders). A segment of T < len <= partition_max_len (T = 8192, the
// bucket tile) is cut by the top D differing bits of its codes into 2^D
// sub-buckets averaging at most partition_avg elements (an MSD pass), and
// each sub-bucket is then sorted by one block as a segment of up to T is
// (bucket_sort_run). In place of the paper's chunk sort and log2(len / T)
// merge passes over global memory this reads the keys three times and moves
// each element twice, whatever the length. One block per 2048-element chunk
// for the passes over the segment:
//   grid_parts_init_kernel   per segment: D, so how many sub-buckets
//   grid_parts_differ_kernel per chunk: OR and AND of the codes, per segment
//   grid_parts_count_kernel  per chunk: a shared histogram of the digit,
//                            added into the segment's sub-bucket counts
//   grid_parts_start_kernel  per sub-bucket: its start in the segment; a
//                            sub-bucket over T hands the segment back to the
//                            chunk sort and merge passes (grid_bin::skips)
//   grid_parts_scatter_kernel per chunk: code (and position) to the
//                            sub-bucket, the block's range taken by one
//                            atomic per digit, written in digit order
//   grid_parts_sort_kernel   per sub-bucket: sorted to the output
//   grid_parts_work_kernel   the chunks of the segments left to the merge
//                            passes, whose kernels then loop over that list
// The scatter's order within a sub-bucket is arbitrary; the bucket counting
// breaks ties on the positions, and its LSD fallback first puts the
// sub-bucket back in position order (restore_position_order).
#pragma once
#include <cub/block/block_scan.cuh>

#include <cstdint>

#include "ordo/cuda/block/block_differing_bits.cuh"
#include "ordo/cuda/segmented_sort/block/grid_bin.cuh"
#include "ordo/cuda/segmented_sort/block/segment_tile_sort.cuh"
#include "ordo/cuda/segmented_sort/dispatch/policies.cuh"

namespace ordo::detail::segsort {

// The digit width for a segment of len: sub-buckets of at most
// partition_avg on average (2 <= D <= 12); 0 where the path does not take it.
template <int T>
__device__ __forceinline__ int partition_bits(u64 len) {
  if (len <= u64(T) || len > u64(radix_tile_policy::partition_max_len)) return 0;
  int D = 1;
  while ((u64(radix_tile_policy::partition_avg) << D) < len) ++D;
  return D;
}
constexpr int partition_max_bits = 12;

// The device bookkeeping, G segments and at most `chunks` sub-buckets (a
// segment has no more sub-buckets than 2048-element chunks).
template <class Code>
struct grid_parts {
  static constexpr int WORDS = sizeof(Code) / 4;
  u64* sub_base;                    // G + 1: exclusive scan of the segments' sub-bucket counts
  unsigned long long* count;        // per sub-bucket: its elements (zeroed, chunks + 1)
  u64* start;                       // exclusive scan of count: the sub-buckets of all segments in order
  unsigned long long* cursor;       // per sub-bucket: where the next block's share goes in the segment
  unsigned* differ;                 // per segment: WORDS OR words, then WORDS AND words
  u32* partitioned;                 // per segment: 1 while this path sorts it
  __device__ __forceinline__ u64 segment_of(u64 q, u64 G) const {  // the segment of sub-bucket q
    u64 lo = 0, hi = G;  // last g with sub_base[g] <= q (segments without sub-buckets are skipped)
    while (hi - lo > 1) {
      const u64 mid = (lo + hi) / 2;
      if (sub_base[mid] <= q) lo = mid;
      else hi = mid;
    }
    return lo;
  }
  __device__ __forceinline__ u64 segment_of_warp(u64 q, u64 G) const {  // segment_of for a whole warp's q
    return warp_last_at_most(sub_base, G, q);
  }
  __device__ __forceinline__ int shift(u64 g, int D) const {
    const int bits = prim::differing_bits_of<WORDS>(differ + g * 2 * WORDS, differ + g * 2 * WORDS + WORDS);
    return bits > D ? bits - D : 0;
  }
};

// Grid-stride, as elementwise_blocks caps the grid (a grid bin of more
// than 2^19 segments or chunks once left the rest unset).
template <int T, class Code>
__global__ void grid_parts_init_kernel(grid_bin gb, grid_parts<Code> p) {
  for (u64 g = u64(blockIdx.x) * blockDim.x + threadIdx.x; g < gb.G; g += u64(gridDim.x) * blockDim.x) {
    const segment_range r = gb.range(g);
    const int D = partition_bits<T>(r.end - r.begin);
    p.sub_base[g] = D ? u64(1) << D : 0;
    p.partitioned[g] = D ? 1u : 0u;
    for (int w = 0; w < grid_parts<Code>::WORDS; ++w) {
      p.differ[g * 2 * grid_parts<Code>::WORDS + w] = 0;
      p.differ[g * 2 * grid_parts<Code>::WORDS + grid_parts<Code>::WORDS + w] = ~0u;
    }
  }
}

// A chunk of a partitioned segment in registers, blocked by THREADS.
template <class Code, int THREADS, int ITEMS>
struct parts_chunk {
  Code c[ITEMS];
  bool real[ITEMS];
  u32 first;  // the chunk's first position in the segment
  __device__ __forceinline__ void load(const code_io<Code>& io, const grid_chunk& gc) {
    constexpr int TILE = THREADS * ITEMS;
    first = u32(gc.c * TILE);
    const int len = int(min(u64(TILE), gc.r.end - gc.r.begin - first));
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      const int i = u * THREADS + int(threadIdx.x);
      real[u] = i < len;
      c[u] = real[u] ? io.load(gc.r.begin + first + i) : Code(0);
    }
  }
};

template <class Code, int THREADS, int ITEMS, int T>
__global__ void __launch_bounds__(THREADS) grid_parts_differ_kernel(code_io<Code> io, grid_bin gb, grid_parts<Code> p) {
  constexpr int TILE = THREADS * ITEMS, WORDS = grid_parts<Code>::WORDS;
  __shared__ prim::differing_bits_storage<Code> s;
  if (!gb.has_longer(T)) return;  // only segments over T are partitioned
  for_each_block_chunk(gb, [&](u64 q) {
    const grid_chunk gc = chunk_at_warp<TILE>(gb, q);
    if (!p.partitioned[gc.g]) return;
    parts_chunk<Code, THREADS, ITEMS> ch;
    ch.load(io, gc);
    prim::block_or_and(s, ch.c, ch.real);
    if (threadIdx.x < WORDS) {
      atomicOr(&p.differ[gc.g * 2 * WORDS + threadIdx.x], s.or_bits[threadIdx.x]);
      atomicAnd(&p.differ[gc.g * 2 * WORDS + WORDS + threadIdx.x], s.and_bits[threadIdx.x]);
    }
  });
}

// The chunk's digit histogram in shared memory; each thread's slot in its
// digit comes back in `slot`.
template <class Code, int THREADS, int ITEMS>
__device__ __forceinline__ void parts_histogram(const parts_chunk<Code, THREADS, ITEMS>& ch, int shift, int D,
                                                unsigned* hist, unsigned (&digit)[ITEMS], unsigned (&slot)[ITEMS]) {
  for (int d = threadIdx.x; d < (1 << D); d += THREADS) hist[d] = 0;
  __syncthreads();
#pragma unroll
  for (int u = 0; u < ITEMS; ++u) {
    digit[u] = unsigned(ch.c[u] >> shift) & ((1u << D) - 1);
    if (ch.real[u]) slot[u] = atomicAdd(&hist[digit[u]], 1u);
  }
  __syncthreads();
}

// Chunk q, its segment's digit width D, its codes and their digit
// histogram; false (for the whole block) when the segment is not
// partitioned.
template <int T, class Code, int THREADS, int ITEMS>
__device__ __forceinline__ bool parts_chunk_histogram(const code_io<Code>& io, const grid_bin& gb,
                                                      const grid_parts<Code>& p, u64 q, unsigned* hist,
                                                      grid_chunk& gc, int& D, parts_chunk<Code, THREADS, ITEMS>& ch,
                                                      unsigned (&digit)[ITEMS], unsigned (&slot)[ITEMS]) {
  gc = chunk_at_warp<THREADS * ITEMS>(gb, q);
  if (!p.partitioned[gc.g]) return false;
  D = partition_bits<T>(gc.r.end - gc.r.begin);
  ch.load(io, gc);
  parts_histogram(ch, p.shift(gc.g, D), D, hist, digit, slot);
  return true;
}

template <class Code, int THREADS, int ITEMS, int T>
__global__ void __launch_bounds__(THREADS) grid_parts_count_kernel(code_io<Code> io, grid_bin gb, grid_parts<Code> p) {
  __shared__ unsigned hist[1 << partition_max_bits];
  if (!gb.has_longer(T)) return;
  for_each_block_chunk(gb, [&](u64 q) {
    grid_chunk gc;
    int D;
    parts_chunk<Code, THREADS, ITEMS> ch;
    unsigned digit[ITEMS], slot[ITEMS];
    if (!parts_chunk_histogram<T>(io, gb, p, q, hist, gc, D, ch, digit, slot)) return;
    const u64 sub = p.sub_base[gc.g];
    for (int d = threadIdx.x; d < (1 << D); d += THREADS)
      if (hist[d]) atomicAdd(&p.count[sub + d], (unsigned long long)hist[d]);
  });
}

// One thread per sub-bucket (q < chunks bounds their number).
template <int T, class Code>
__global__ void grid_parts_start_kernel(grid_bin gb, grid_parts<Code> p, u64 chunks) {
  if (!gb.has_longer(T)) return;
  const u64 subs = min(chunks, u64(p.sub_base[gb.G]));
  for (u64 q = u64(blockIdx.x) * blockDim.x + threadIdx.x; q < subs; q += u64(gridDim.x) * blockDim.x) {
    const u64 g = p.segment_of(q, gb.G);
    p.cursor[q] = p.start[q] - p.start[p.sub_base[g]];
    if (p.count[q] > u64(T)) p.partitioned[g] = 0;  // too large for a block: the merge passes sort the segment
  }
}

// The chunk is first put in digit order in shared memory, so that
// consecutive threads write consecutive places of a sub-bucket (coalesced
// stores, not one sector per element).
template <class Code, int THREADS, int ITEMS, int T, bool POS>
__global__ void __launch_bounds__(THREADS)
    grid_parts_scatter_kernel(code_io<Code> io, grid_bin gb, grid_parts<Code> p, Code* kout, u32* pout) {
  constexpr int TILE = THREADS * ITEMS, DIGITS = 1 << partition_max_bits, PER_THREAD = DIGITS / THREADS;
  static_assert(DIGITS % THREADS == 0 && TILE <= 65536, "digits per thread; 16-bit tile places");
  using scan_t = cub::BlockScan<unsigned, THREADS>;
  __shared__ unsigned hist[DIGITS];           // counts, then the block's place in each sub-bucket
  __shared__ std::uint16_t local[DIGITS];     // where each digit's run starts in the staged chunk
  __shared__ Code staged[TILE];               // the chunk in digit order
  __shared__ std::uint16_t staged_i[POS ? TILE : 1];
  __shared__ typename scan_t::TempStorage scan;
  if (!gb.has_longer(T)) return;
  for_each_block_chunk(gb, [&](u64 q) {
    grid_chunk gc;
    int D;
    parts_chunk<Code, THREADS, ITEMS> ch;
    unsigned digit[ITEMS], slot[ITEMS];
    if (!parts_chunk_histogram<T>(io, gb, p, q, hist, gc, D, ch, digit, slot)) return;
    unsigned sum = 0;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
      const int d = threadIdx.x * PER_THREAD + k;
      sum += d < (1 << D) ? hist[d] : 0u;
    }
    unsigned run;
    scan_t(scan).ExclusiveSum(sum, run);
    const u64 sub = p.sub_base[gc.g];
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {  // each thread its own digits, as scanned
      const int d = threadIdx.x * PER_THREAD + k;
      if (d >= (1 << D)) break;
      local[d] = std::uint16_t(run);
      run += hist[d];
    }
    __syncthreads();
    // The block's place in each sub-bucket: one atomic per digit, the digits
    // spread over the threads (in the scan's blocked order a few threads
    // waited on 16 atomics each, one after another: 4096 x 65536 spent 5.0
    // of its 11.7 ms in this kernel on an H100).
    for (int d = threadIdx.x; d < (1 << D); d += THREADS) {
      const unsigned n = hist[d];
      if (n) hist[d] = unsigned(atomicAdd(&p.cursor[sub + d], (unsigned long long)n));
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      if (!ch.real[u]) continue;
      const int at = local[digit[u]] + int(slot[u]);
      staged[at] = ch.c[u];
      if constexpr (POS) staged_i[at] = std::uint16_t(u * THREADS + int(threadIdx.x));
    }
    __syncthreads();
    const int shift = p.shift(gc.g, D), len = int(min(u64(TILE), gc.r.end - gc.r.begin - ch.first));
    for (int x = threadIdx.x; x < len; x += THREADS) {
      const Code c = staged[x];
      const unsigned d = unsigned(c >> shift) & ((1u << D) - 1);
      const u64 at = gc.base + hist[d] + unsigned(x - local[d]);
      kout[at] = c;
      if constexpr (POS) pout[at] = ch.first + staged_i[x];
    }
  });
}

// The chunks of the segments this path leaves (longer than T and not
// partitioned): the work list of the chunk sorts and merge passes.
template <int TILE, int T>
__global__ void grid_parts_work_kernel(grid_bin gb, u64 chunks, u64* work, unsigned long long* work_count) {
  if (!gb.has_longer(T)) return;
  const u64 real = min(chunks, gb.chunk_base[gb.G]);
  for (u64 q = u64(blockIdx.x) * blockDim.x + threadIdx.x; q < real; q += u64(gridDim.x) * blockDim.x) {
    const grid_chunk gc = chunk_at<TILE>(gb, q);
    if (gc.r.end - gc.r.begin > u64(T) && !gb.skips(gc.g)) work[atomicAdd(work_count, 1ull)] = q;
  }
}

// Rewrites a sub-bucket's codes and positions in position order (a radix
// sort of the positions), so that the LSD fallback, stable in run order,
// is stable in the segment's order.
template <class Code, int THREADS, int ITEMS, bool POS>
__device__ __forceinline__ void restore_position_order(grid_radix_storage<Code, THREADS, POS, ITEMS>& s, Code* k,
                                                       u32* pos, int len) {
  using pos_sorter = prim::tile_radix_sort<u32, THREADS, ITEMS, true>;
  static_assert(sizeof(typename pos_sorter::storage) <= sizeof(s), "the positions' sort fits the tile's storage");
  auto& ps = *reinterpret_cast<typename pos_sorter::storage*>(&s);
  pos_sorter::load_and_sort(ps, [&](int i) { return pos[i]; }, len);
  Code c[ITEMS];
  u32 q[ITEMS];
#pragma unroll
  for (int u = 0; u < ITEMS; ++u) {
    const int x = u * THREADS + int(threadIdx.x);
    if (x < len) q[u] = ps.codes[x], c[u] = k[ps.pos[x]];
  }
  __syncthreads();  // every read of the old order, before it is overwritten
#pragma unroll
  for (int u = 0; u < ITEMS; ++u) {
    const int x = u * THREADS + int(threadIdx.x);
    if (x < len) k[x] = c[u], pos[x] = q[u];
  }
  __syncthreads();  // the block's global writes, visible to its reads
}

// A block per sub-bucket (q < chunks bounds their number).
template <class Code, int THREADS, int ITEMS, int TILE, bool POS>
__global__ void __launch_bounds__(THREADS, 2)
    grid_parts_sort_kernel(code_io<Code> io, grid_bin gb, grid_parts<Code> p, Code* kin, u32* pin) {
  extern __shared__ __align__(16) unsigned char smem[];
  auto& s = *reinterpret_cast<grid_radix_storage<Code, THREADS, POS, ITEMS>*>(smem);
  if (!gb.has_longer(THREADS * ITEMS)) return;
  for_each_block_item(u64(p.sub_base[gb.G]), [&](u64 q) {
    const u64 g = p.segment_of_warp(q, gb.G);
    const int len = int(p.count[q]);
    if (!p.partitioned[g] || len == 0) return;
    const segment_range r = gb.range(g);
    const u64 local = p.start[q] - p.start[p.sub_base[g]];
    const u64 region = gb.chunk_base[g] * TILE + local;
    Code* k = kin + region;
    u32* pos = pin + (POS ? region : 0);
    bucket_sort_run<Code, THREADS, ITEMS, POS>(
        s, io, len, [&](int i) { return k[i]; }, [&](int i) { return POS ? pos[i] : 0u; }, r.begin + local, r.begin,
        [&] {
          if constexpr (POS) restore_position_order<Code, THREADS, ITEMS, POS>(s, k, pos, len);
        });
  });
}

}  // namespace ordo::detail::segsort
