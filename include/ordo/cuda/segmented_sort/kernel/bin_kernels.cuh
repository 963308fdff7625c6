// Kernel scope: the paper's histogram-scan-bin binning (Sec. 3.1). One thread
// per segment finds its bin (by length: unit, one bin per power of two up to
// the largest block bin, then the grid bin); warp votes (__ballot_sync,
// __popc) build a warp histogram, the first lane adds it to the block's in
// shared memory, and the block's goes to the global one. The same pass checks
// every segment (the first bad one is kept by atomicMin) and sums what the
// grid bin needs. The scan of the bin sizes is done on the host, which reads
// the histogram back anyway (or, without a host synchronisation, by
// bin_plan_kernel.cuh); the bin kernel then places each segment id at its
// bin's cursor, again with one atomic per warp and bin.
#pragma once
#include <cstdint>

#include "ordo/cuda/warp/warp_reduce.cuh"
#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/segmented_sort/dispatch/policies.cuh"
#include "ordo/cuda/segmented_sort/thread/tile_firsts.cuh"
#include "ordo/cuda/thread/element_io.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

// What the host reads back after the histogram: one small copy.
struct bin_summary {
  unsigned long long count[max_bins];
  unsigned long long first_bad;   // ~0: every segment is valid
  unsigned long long grid_chunks; // sum of ceil(len / chunk) over the grid bin
  unsigned long long max_len;
};

// Bin of a segment of `len` elements: -1 empty, 0 one element, b for
// 2^(b-1) < len <= 2^b while 2^b <= top, grid_bin above. With split_from
// <= top, the bins b >= split_from lend their lower part (len <= 3/4 of 2^b,
// split_low in dispatch/policies.cuh; top_log2 and split_from come from the bin list)
// to an extra bin after the grid bin, top + 2 + (b - split_from), so that a
// radix tile of 3/4 of the size sorts it (segsort_run's radix tiles).
__host__ __device__ __forceinline__ int bin_of(u64 len, int top_log2, int split_from) {
  if (len == 0) return -1;
  if (len == 1) return 0;
#ifdef __CUDA_ARCH__
  const int b = 64 - __clzll((long long)(len - 1));
#else
  int b = 0;
  while (b < 64 && (u64(1) << b) < len) ++b;  // (1 << 64 is undefined: a length past 2^63 looped forever)
#endif
  if (b > top_log2) return top_log2 + 1;
  if (b >= split_from && len <= (u64(split_low::num) << (b - split_low::den_log2))) return top_log2 + 2 + (b - split_from);
  return b;
}

// A segment the bins take: in range, and no longer than max_len (the
// host-sync-free form counts a segment past what the GPU sorts as bad, as
// it cannot throw; with a read-back the host throws not_supported).
__device__ __forceinline__ bool binnable(const segment_desc& d, const segment_range& r, u64 max_len) {
  return d.valid(r) && r.end - r.begin <= max_len;
}

// With `first` (offsets or a fixed length), it also writes the short
// tiles' first segments (write_tile_firsts, tiles of TILE).
template <int THREADS, int TILE>
__global__ void __launch_bounds__(THREADS) bin_histogram_kernel(segment_desc d, int top_log2, int split_from,
                                                                u64 chunk, bin_summary* out, u64 tiles, u32* first,
                                                                u64 max_len = ~0ull) {
  __shared__ unsigned long long hist[max_bins], block_chunks, block_longest;
  for (int b = threadIdx.x; b < max_bins; b += THREADS) hist[b] = 0;
  if (threadIdx.x == 0) block_chunks = 0, block_longest = 0;
  __syncthreads();
  const int n_bins = top_log2 + 2, lane = threadIdx.x & 31;
  unsigned long long chunks = 0, longest = 0;
  for (u64 base = u64(blockIdx.x) * THREADS; base <= d.count; base += u64(gridDim.x) * THREADS) {
    const u64 i = base + threadIdx.x;
    if (first != nullptr && i <= d.count) write_tile_firsts<TILE>(d, i, tiles, first);
    int bin = -1;
    if (i < d.count) {
      const segment_range r = d[i];
      if (!binnable(d, r, max_len)) {
        atomicMin(&out->first_bad, (unsigned long long)i);
      } else {
        const u64 len = r.end - r.begin;
        bin = bin_of(len, top_log2, split_from);
        longest = max(longest, (unsigned long long)len);
        if (bin == n_bins - 1) chunks += (len + chunk - 1) / chunk;
      }
    }
    unsigned present = warp_or(bin >= 0 ? 1u << bin : 0u);
    while (present) {
      const int b = __ffs(present) - 1;
      present &= present - 1;
      const unsigned vote = __ballot_sync(0xffffffffu, bin == b);
      if (lane == 0) atomicAdd(&hist[b], (unsigned long long)__popc(vote));
    }
  }
  // One global atomic per block: a thread's own (one per segment's thread,
  // all on one address) was slower (docs/benchmarks.md#tuning-segsort-hist-atomic).
  for (int m = 16; m > 0; m /= 2) {
    chunks += __shfl_xor_sync(0xffffffffu, chunks, m);
    longest = max(longest, __shfl_xor_sync(0xffffffffu, longest, m));
  }
  if (lane == 0 && chunks) atomicAdd(&block_chunks, chunks);
  if (lane == 0 && longest) atomicMax(&block_longest, longest);
  __syncthreads();
  for (int b = threadIdx.x; b < max_bins; b += THREADS)
    if (hist[b]) atomicAdd(&out->count[b], hist[b]);
  if (threadIdx.x == 0 && block_chunks) atomicAdd(&out->grid_chunks, block_chunks);
  if (threadIdx.x == 0 && block_longest) atomicMax(&out->max_len, block_longest);
}

// Fixed-length segments (a head, equal ones, a tail): the histogram pass's
// summary computed on the host, so the call needs no read-back (and can be
// captured into a CUDA graph). Valid by construction.
inline bin_summary fixed_bin_summary(const segment_desc& d, int top_log2, int split_from, u64 chunk) {
  bin_summary h{};
  h.first_bad = ~0ull;
  const auto add = [&](u64 len, u64 segments) {
    const int b = bin_of(len, top_log2, split_from);
    if (segments == 0 || b < 0) return;
    h.count[b] += segments;
    h.max_len = len > h.max_len ? len : h.max_len;
    if (b == top_log2 + 1) h.grid_chunks += segments * ((len + chunk - 1) / chunk);
  };
  const u64 body = d.n - d.head;
  add(d.head, d.head > 0 ? 1 : 0);
  add(d.length, body / d.length);
  add(body % d.length, 1);
  return h;
}

// Each bin list's first slot, from the host's scan, without a host-to-device
// copy (a kernel argument is captured by value into a graph).
struct bin_starts {
  unsigned long long at[max_bins];
};
template <int Unused = 0>
__global__ void bin_cursor_kernel(bin_starts starts, int lists, unsigned long long* cursor) {
  if (int(threadIdx.x) < lists) cursor[threadIdx.x] = starts.at[threadIdx.x];
}

// Each block bins a tile of THREADS * ITEMS segments: ranks inside the block
// come from warp votes and shared-memory atomics, and the block reserves its
// slots with one global atomic per bin it uses (cursor[b] starts at bin b's
// first slot in `lists`), so the global atomics stay few however many
// segments there are. Segments the histogram did not count (not binnable)
// are left out, so no list outgrows its slots; with a plan, the kernel does
// nothing where the plan leaves the bins nothing to sort.
template <int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS) bin_scatter_kernel(segment_desc d, int top_log2, int split_from,
                                                              unsigned long long* cursor, u32* lists,
                                                              const bin_plan* plan = nullptr, u64 max_len = ~0ull) {
  if (plan != nullptr && plan->skip_scatter) return;
  __shared__ unsigned count[max_bins];
  __shared__ unsigned long long base[max_bins];
  const int lane = threadIdx.x & 31;
  for (int b = threadIdx.x; b < max_bins; b += THREADS) count[b] = 0;
  __syncthreads();
  const u64 tile = u64(blockIdx.x) * THREADS * ITEMS;
  int bin[ITEMS];
  unsigned rank[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const u64 i = tile + u64(k) * THREADS + threadIdx.x;
    bin[k] = -1;
    if (i < d.count) {
      const segment_range r = d[i];
      if (binnable(d, r, max_len)) bin[k] = bin_of(r.end - r.begin, top_log2, split_from);
    }
    // Only the bins this warp uses: one vote each.
    unsigned present = warp_or(bin[k] >= 0 ? 1u << bin[k] : 0u);
    rank[k] = 0;
    while (present) {
      const int b = __ffs(present) - 1;
      present &= present - 1;
      const unsigned vote = __ballot_sync(0xffffffffu, bin[k] == b);
      const int leader = __ffs(vote) - 1;
      unsigned at = 0;
      if (lane == leader) at = atomicAdd(&count[b], unsigned(__popc(vote)));
      at = __shfl_sync(0xffffffffu, at, leader);
      if (bin[k] == b) rank[k] = at + __popc(vote & ((1u << lane) - 1));
    }
  }
  __syncthreads();
  for (int b = threadIdx.x; b < max_bins; b += THREADS) base[b] = count[b] ? atomicAdd(&cursor[b], count[b]) : 0;
  __syncthreads();
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (bin[k] >= 0) lists[base[bin[k]] + rank[k]] = u32(tile + u64(k) * THREADS + threadIdx.x);
}

}  // namespace ordo::detail::segsort
