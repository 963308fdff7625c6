// Kernel scope: the radius on the GPU (seed 002 §5's LR/RL/DM, in two reads).
//
// radius = max_i (i - j(i)) with b = LR (prefix maxima), c = RL (suffix
// minima) and j(i) the first j with b[j] > c[i]. Only strict suffix-minimum
// records i (c[i] < c[i+1]) can attain the maximum, and for them j(i) is the
// first element larger than c[i].
//   1. chunk_extrema_kernel: per chunk of 2048 its max and min, and per group
//      of 32 the chunk-local prefix maximum (for searches from other chunks).
//   2. two CUB scans turn those into the maxima of every prefix of chunks and
//      the minima of every suffix (in place; the dispatch runs them).
//   3. radius_chunk_kernel: each chunk rebuilds b and c for its elements (with
//      the carries) in shared memory. A record is searched only when it can
//      beat the best radius known (the block's, seeded with what finished
//      blocks found): one comparison with b best + 1 places back. Then it
//      binary-searches b in the chunk, or, when j(i) lies in an earlier chunk,
//      finds that chunk, then the group, then the element (the "far" case,
//      O(log n + 32) loads, bounded even on adversarial input).
#pragma once
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

#include "ordo/cuda/rough_sort/kernel/roughsort_kernel.cuh"  // skew
#include "ordo/cuda/segmented_sort/thread/element_io.cuh"

namespace ordo::detail::rough {

inline constexpr int radius_threads = 256;
inline constexpr int radius_chunk = radius_threads * items_per_thread;  // 2048
inline constexpr int radius_groups = radius_chunk / 32;                  // 64 per chunk

template <class Code>
__device__ __forceinline__ Code load_or(const segsort::code_io<Code>& io, std::uint64_t g, std::uint64_t n, Code pad) {
  return g < n ? io.load(g) : pad;
}

template <class Code>
__device__ __forceinline__ Code warp_max(Code v) {
  for (int o = 16; o > 0; o /= 2) {
    const Code w = __shfl_xor_sync(0xffffffffu, v, o);
    v = w > v ? w : v;
  }
  return v;
}

template <class Code>
__global__ void __launch_bounds__(radius_threads)
    chunk_extrema_kernel(segsort::code_io<Code> io, std::uint64_t n, Code* chunk_max, Code* chunk_min,
                         Code* group_prefix) {
  using reduce_t = cub::BlockReduce<Code, radius_threads>;
  __shared__ typename reduce_t::TempStorage red;
  __shared__ Code gmax[radius_groups];
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const std::uint64_t base = std::uint64_t(blockIdx.x) * radius_chunk;
  Code mn = ~Code(0);
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) {
    // Warp `warp` at step e reads the 32 consecutive elements of group e * 8 + warp.
    const std::uint64_t g = base + std::uint64_t(e) * radius_threads + t;
    const Code v = load_or(io, g, n, Code(0));
    if (g < n) mn = v < mn ? v : mn;
    const Code gm = warp_max(v);
    if (lane == 0) gmax[e * (radius_threads / 32) + warp] = gm;
  }
  __syncthreads();
  // The chunk-local prefix maxima of the 64 groups: two warps scan 32 each.
  Code run = 0;
  if (warp < 2) {
    run = gmax[t];
    for (int o = 1; o < 32; o *= 2) {
      const Code w = __shfl_up_sync(0xffffffffu, run, o);
      if (lane >= o) run = w > run ? w : run;
    }
  }
  __syncthreads();
  if (warp == 0) gmax[t] = run;
  __syncthreads();
  if (warp < 2) {
    if (warp == 1) run = gmax[31] > run ? gmax[31] : run;
    group_prefix[base / 32 + t] = run;
    if (t == radius_groups - 1) chunk_max[blockIdx.x] = run;
  }
  const Code m = reduce_t(red).Reduce(mn, ::cuda::minimum<>{});
  if (t == 0) chunk_min[blockIdx.x] = m;
}

// j(i) for a record whose first larger element lies before chunk `chunk`:
// the first chunk whose prefix max exceeds v, its first group, the element.
template <class Code>
__device__ std::uint64_t first_greater_far(const segsort::code_io<Code>& io, const Code* prefix_max,
                                           const Code* group_prefix, std::uint64_t chunk, Code v) {
  std::uint64_t lo = 0, hi = chunk;
  while (lo < hi) {
    const std::uint64_t mid = (lo + hi) / 2;
    if (prefix_max[mid] > v) hi = mid;
    else lo = mid + 1;
  }
  const std::uint64_t g0 = lo * radius_groups;
  int glo = 0, ghi = radius_groups - 1;
  while (glo < ghi) {
    const int mid = (glo + ghi) / 2;
    if (group_prefix[g0 + mid] > v) ghi = mid;
    else glo = mid + 1;
  }
  std::uint64_t i = (g0 + glo) * 32;
  while (io.load(i) <= v) ++i;
  return i;
}

template <class Code>
__global__ void __launch_bounds__(radius_threads)
    radius_chunk_kernel(segsort::code_io<Code> io, std::uint64_t n, const Code* prefix_max, const Code* suffix_min,
                        const Code* group_prefix, std::uint64_t chunks, unsigned long long* radius) {
  using scan_t = cub::BlockScan<Code, radius_threads>;
  constexpr int W = radius_chunk, E = items_per_thread;
  __shared__ typename scan_t::TempStorage tmp;
  __shared__ Code sb[W + W / 32], sc[W + W / 32];
  __shared__ unsigned long long block_best;
  const int t = threadIdx.x;
  // Radii other blocks already found are lower bounds here too.
  const unsigned long long known = *reinterpret_cast<volatile unsigned long long*>(radius);
  if (t == 0) block_best = known;
  const std::uint64_t chunk = blockIdx.x, base = chunk * W;
  const Code carry_b = chunk ? prefix_max[chunk - 1] : Code(0);
  const Code carry_c = chunk + 1 < chunks ? suffix_min[chunk + 1] : ~Code(0);
#pragma unroll
  for (int e = 0; e < E; ++e) {
    const int j = e * radius_threads + t;
    sc[skew(j)] = load_or(io, base + j, n, ~Code(0));
  }
  __syncthreads();
  Code c[E], b[E], r[E];
#pragma unroll
  for (int e = 0; e < E; ++e) c[e] = sc[skew(t * E + e)], r[e] = sc[skew(W - 1 - (t * E + e))];
  scan_t(tmp).InclusiveScan(c, b, ::cuda::maximum<>{});
  __syncthreads();
  scan_t(tmp).InclusiveScan(r, r, ::cuda::minimum<>{});
  __syncthreads();
#pragma unroll
  for (int e = 0; e < E; ++e) {
    sb[skew(t * E + e)] = b[e] > carry_b ? b[e] : carry_b;
    sc[skew(W - 1 - (t * E + e))] = r[e] < carry_c ? r[e] : carry_c;
  }
  __syncthreads();
  // Only a record that beats the best radius known so far needs its j(i):
  // it does when the prefix max best + 1 places back exceeds it, one shared
  // load (far back: one bound from the group maxima). So on a k-sorted array
  // almost every record costs a comparison, and the searches that remain
  // each raise the best.
  unsigned long long best = block_best;
#pragma unroll 1
  for (int e = 0; e < E; ++e) {
    const int j = t * E + e;
    if (base + j >= n) break;
    const Code cj = sc[skew(j)], next = j + 1 < W ? sc[skew(j + 1)] : carry_c;
    if (!(sb[skew(j)] > cj) || !(cj < next)) continue;  // in order here, or not a record
    const unsigned long long shared_best = *reinterpret_cast<volatile unsigned long long*>(&block_best);
    best = shared_best > best ? shared_best : best;
    const std::int64_t q = std::int64_t(j) - std::int64_t(best) - 1;  // chunk-local; beaten iff LR[q] > cj
    std::uint64_t first;
    if (carry_b > cj) {  // j(i) lies before the chunk
      const std::int64_t g = std::int64_t(base) + q;
      if (g < 0) continue;
      if (q < 0) {
        const std::uint64_t c = std::uint64_t(g) / W;
        const Code group_max = group_prefix[std::uint64_t(g) / 32];
        const Code bound = c ? (prefix_max[c - 1] > group_max ? prefix_max[c - 1] : group_max) : group_max;
        if (!(bound > cj)) continue;
      }
      first = first_greater_far(io, prefix_max, group_prefix, chunk, cj);
    } else {
      if (q < 0 || !(sb[skew(int(q))] > cj)) continue;
      first = base + first_above(sb, int(q) + 1, cj);
    }
    const unsigned long long d = base + j - first;
    if (d > best) best = d, atomicMax(&block_best, d);
  }
  for (int o = 16; o > 0; o /= 2) best = max(best, __shfl_xor_sync(0xffffffffu, best, o));
  if ((t & 31) == 0 && best > known) atomicMax(radius, best);
}

}  // namespace ordo::detail::rough
