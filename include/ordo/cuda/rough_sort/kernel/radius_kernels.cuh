// Kernel scope: the radius on the GPU (seed 002 §5's LR/RL/DM, in two reads).
//
// radius = max_i (i - j(i)) with b = LR (prefix maxima), c = RL (suffix
// minima) and j(i) the first j with b[j] > c[i]. Only strict suffix-minimum
// records i (c[i] < c[i+1]) can attain the maximum, and for them j(i) is the
// first element larger than c[i].
//   1. chunk_extrema_kernel: per chunk of 2048 its max and min, and per group
//      of 16 the chunk-local prefix maximum (for lookups from later chunks).
//   2. two CUB scans turn those into the maxima of every prefix of chunks and
//      the minima of every suffix (in place; the dispatch runs them).
//   3. radius_chunk_kernel: each chunk rebuilds b (with the carries) in shared
//      memory and c in registers. A record is searched only when it can beat
//      the best radius known (the block's, seeded with what finished blocks
//      found): exactly when b, best + 1 places back, exceeds it. That is one
//      shared load, or, before the chunk, three loads of the carries and the
//      group's 16 keys. So on a k-sorted array almost every record costs a
//      comparison, and each search that remains raises the best.
//      A record whose j(i) lies before the chunk needs global loads (the
//      carries, the group maxima, 16 keys): it is only noted in the chunk's
//      slots, so no block waits on a round trip to memory. Its position in
//      the chunk plus one is a lower bound of the radius, used at once.
//   4. radius_far_kernel: one warp per chunk checks the noted records against
//      the radius all chunks found, and searches the few that beat it.
// Keys are read in blocked order (16-byte vectors, 8 per thread), so no
// shared-memory staging.
#pragma once
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

#include "ordo/cuda/rough_sort/block/skewed_prefix.cuh"
#include "ordo/cuda/rough_sort/block/window_sort.cuh"  // items_per_thread
#include "ordo/cuda/rough_sort/thread/run_io.cuh"
#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::rough {

inline constexpr int radius_threads = 256;
inline constexpr int radius_chunk = radius_threads * items_per_thread;  // 2048
inline constexpr int radius_group = 16;
inline constexpr int radius_groups = radius_chunk / radius_group;  // 128 per chunk
static_assert(radius_group == 2 * items_per_thread, "a group is two threads' keys");
// Far records noted per chunk (chunk-local positions); more are checked inline.
inline constexpr int radius_far_slots = 64;
inline constexpr int radius_far_chunks_per_block = radius_threads;  // 32 per warp
static_assert(radius_chunk <= 65536, "far slots hold chunk-local positions in 16 bits");

template <class Code>
__device__ __forceinline__ Code max_of(Code a, Code b) {
  return a > b ? a : b;
}
template <class Code>
__device__ __forceinline__ Code min_of(Code a, Code b) {
  return a < b ? a : b;
}

template <class Code>
__global__ void __launch_bounds__(radius_threads)
    chunk_extrema_kernel(segsort::code_io<Code> io, std::uint64_t n, Code* chunk_max, Code* chunk_min,
                         Code* group_prefix) {
  using scan_t = cub::BlockScan<Code, radius_threads>;
  using reduce_t = cub::BlockReduce<Code, radius_threads>;
  __shared__ union {
    typename scan_t::TempStorage scan;
    typename reduce_t::TempStorage reduce;
  } sm;
  constexpr int E = items_per_thread;
  const int t = threadIdx.x;
  const std::uint64_t base = std::uint64_t(blockIdx.x) * radius_chunk, first = base + std::uint64_t(t) * E;
  Code c[E];
  load_run<Code, E>(io, n, std::int64_t(first), c);
  Code mx = 0, mn = ~Code(0);
#pragma unroll
  for (int e = 0; e < E; ++e)
    if (first + e < n) mx = max_of(mx, c[e]), mn = min_of(mn, c[e]);
  Code prefix;
  scan_t(sm.scan).InclusiveScan(mx, prefix, ::cuda::maximum<>{});
  if (t & 1) group_prefix[base / radius_group + t / 2] = prefix;  // odd threads end a group
  if (t == radius_threads - 1) chunk_max[blockIdx.x] = prefix;
  __syncthreads();
  const Code m = reduce_t(sm.reduce).Reduce(mn, ::cuda::minimum<>{});
  if (t == 0) chunk_min[blockIdx.x] = m;
}

// b (the prefix maximum) at global position g < n, from the carries, the
// group maxima and the group's own keys: one round of independent loads.
template <class Code>
__device__ Code prefix_max_at(const segsort::code_io<Code>& io, std::uint64_t n, const Code* prefix_max,
                              const Code* group_prefix, std::uint64_t g) {
  const std::uint64_t c = g / radius_chunk, grp = g / radius_group;
  Code b = c ? prefix_max[c - 1] : Code(0);
  if (grp % radius_groups) b = max_of(b, group_prefix[grp - 1]);
  Code a[radius_group];
  load_run<Code, radius_group>(io, n, std::int64_t(grp * radius_group), a);
#pragma unroll
  for (int e = 0; e < radius_group; ++e)
    if (grp * radius_group + e <= g) b = max_of(b, a[e]);
  return b;
}

// j(i) = the first position whose prefix maximum exceeds v, given that b[g]
// already does (so j(i) <= g). Gallops back over the chunk maxima from g's
// chunk (a k-sorted array finds it in a step or two), then binary-searches
// the group maxima, then scans the group's keys.
template <class Code>
__device__ std::uint64_t first_greater_before(const segsort::code_io<Code>& io, std::uint64_t n,
                                              const Code* prefix_max, const Code* group_prefix, std::uint64_t g,
                                              Code v) {
  // The chunk: the first c with prefix_max[c] > v, in [lo, hi].
  std::uint64_t hi = g / radius_chunk, lo = 0;
  for (std::uint64_t step = 1; step <= hi; step *= 2) {
    if (!(prefix_max[hi - step] > v)) {
      lo = hi - step + 1;
      break;
    }
    hi -= step;
  }
  while (lo < hi) {
    const std::uint64_t mid = (lo + hi) / 2;
    if (prefix_max[mid] > v) hi = mid;
    else lo = mid + 1;
  }
  // Every earlier chunk is <= v, so the first group whose chunk-local prefix
  // maximum exceeds v holds j(i), and in it the first key > v.
  const std::uint64_t g0 = lo * radius_groups;
  std::uint64_t glo = g0, ghi = lo == g / radius_chunk ? g / radius_group : g0 + radius_groups - 1;
  while (glo < ghi) {
    const std::uint64_t mid = (glo + ghi) / 2;
    if (group_prefix[mid] > v) ghi = mid;
    else glo = mid + 1;
  }
  Code a[radius_group];
  load_run<Code, radius_group>(io, n, std::int64_t(glo * radius_group), a);
  int e = 0;
#pragma unroll
  for (int x = radius_group - 1; x >= 0; --x)
    if (a[x] > v) e = x;
  return glo * radius_group + std::uint64_t(e);
}

template <class Code>
__global__ void __launch_bounds__(radius_threads, sizeof(Code) == 4 ? 5 : 1)  // 4-byte codes: 48 registers
    radius_chunk_kernel(segsort::code_io<Code> io, std::uint64_t n, const Code* prefix_max, const Code* suffix_min,
                        const Code* group_prefix, std::uint64_t chunks, std::uint16_t* far_slots,
                        std::uint32_t* far_count, unsigned long long* radius) {
  using scan_t = cub::BlockScan<Code, radius_threads>;
  constexpr int W = radius_chunk, E = items_per_thread, WARPS = radius_threads / 32;
  __shared__ typename scan_t::TempStorage tmp;
  __shared__ Code sb[W + W / 32];
  __shared__ Code warp_min[WARPS];
  __shared__ unsigned long long block_best;
  __shared__ unsigned far_noted;
  const int t = threadIdx.x, lane = t & 31, warp = t / 32;
  // Radii other blocks already found are lower bounds here too.
  const unsigned long long known = *reinterpret_cast<volatile unsigned long long*>(radius);
  if (t == 0) block_best = known, far_noted = 0;
  const std::uint64_t chunk = blockIdx.x, base = chunk * W;
  const Code carry_b = chunk ? prefix_max[chunk - 1] : Code(0);
  const Code carry_c = chunk + 1 < chunks ? suffix_min[chunk + 1] : ~Code(0);
  Code c[E], b[E];
  load_run<Code, E>(io, n, std::int64_t(base + std::uint64_t(t) * E), c);  // all ones past n: never a record
  scan_t(tmp).InclusiveScan(c, b, ::cuda::maximum<>{});
  // The minimum after each key: in the thread (recomputed in the record
  // loop), then the later lanes, then the later warps.
  Code run = ~Code(0);
#pragma unroll
  for (int e = 0; e < E; ++e) run = min_of(run, c[e]);
  for (int o = 1; o < 32; o *= 2) {
    const Code w = __shfl_down_sync(0xffffffffu, run, o);
    if (lane + o < 32) run = min_of(run, w);
  }
  Code later = __shfl_down_sync(0xffffffffu, run, 1);
  if (lane == 31) later = ~Code(0);
  if (lane == 0) warp_min[warp] = run;
#pragma unroll
  for (int e = 0; e < E; ++e) sb[skew(t * E + e)] = b[e] = max_of(b[e], carry_b);
  __syncthreads();
  later = min_of(later, carry_c);
  for (int w = warp + 1; w < WARPS; ++w) later = min_of(later, warp_min[w]);

  // best is this thread's copy of block_best: it is refreshed only when a
  // record seems to beat it, so most records cost no shared load of it.
  // near is best capped at the chunk, for the 32-bit arithmetic of the near checks.
  unsigned long long best = block_best;
  int near = best < W ? int(best) : W;
  const auto raise_to = [&](unsigned long long r) {
    if (r > best) best = r, near = best < W ? int(best) : W;
  };
  const auto refresh = [&] { raise_to(*reinterpret_cast<volatile unsigned long long*>(&block_best)); };
  // Unrolled so that c and b stay in registers (backwards, so the minimum
  // after each key is a running one); the rare searches are calls.
#pragma unroll
  for (int e = E - 1; e >= 0; --e) {
    const int j = t * E + e;
    const Code cj = c[e], after = later;
    later = min_of(later, cj);
    if (!(b[e] > cj) || !(cj < after)) continue;  // in order here, or not a record
    std::uint64_t first;
    if (carry_b > cj) {  // j(i) lies before the chunk, so the radius is at least j + 1
      refresh();
      if (unsigned(j) + 1 > best) raise_to(unsigned(j) + 1), atomicMax(&block_best, best);
      const std::int64_t q = std::int64_t(j) - std::int64_t(best) - 1;  // beaten iff b[base + q] > cj
      const std::int64_t g = std::int64_t(base) + q;
      if (g < 0) continue;
      const unsigned slot = atomicAdd(&far_noted, 1u);
      if (slot < radius_far_slots) {  // radius_far_kernel checks it
        far_slots[chunk * radius_far_slots + slot] = std::uint16_t(j);
        continue;
      }
      if (q < 0 && !(prefix_max_at(io, n, prefix_max, group_prefix, std::uint64_t(g)) > cj)) continue;
      first = first_greater_before(io, n, prefix_max, group_prefix, q < 0 ? std::uint64_t(g) : base - 1, cj);
    } else {
      int q = j - near - 1;  // chunk-local; beaten iff sb[q] > cj
      if (q < 0 || !(sb[skew(q)] > cj)) continue;
      refresh();
      q = j - near - 1;
      if (q < 0 || !(sb[skew(q)] > cj)) continue;
      first = base + first_above(sb, q + 1, cj);
    }
    const unsigned long long d = base + j - first;
    if (d > best) raise_to(d), atomicMax(&block_best, d);
  }
  for (int o = 16; o > 0; o /= 2) best = max(best, __shfl_xor_sync(0xffffffffu, best, o));
  if (lane == 0 && best > known) atomicMax(radius, best);
  __syncthreads();
  if (t == 0) far_count[chunk] = far_noted < radius_far_slots ? far_noted : radius_far_slots;
}

// The records radius_chunk_kernel noted: each is searched only when it beats
// the radius every chunk found (b, radius + 1 places back, exceeds it). A warp
// takes 32 chunks and deals their records out to its lanes, so the checks'
// round trips to memory overlap and the grid is a single wave.
template <class Code>
__global__ void __launch_bounds__(radius_threads)
    radius_far_kernel(segsort::code_io<Code> io, std::uint64_t n, const Code* prefix_max, const Code* group_prefix,
                      std::uint64_t chunks, const std::uint16_t* far_slots, const std::uint32_t* far_count,
                      unsigned long long* radius) {
  __shared__ unsigned ends[radius_threads];  // per warp: the running count after each of its chunks
  const int lane = threadIdx.x % 32;
  unsigned* warp_ends = ends + threadIdx.x / 32 * 32;
  const std::uint64_t first_chunk = (std::uint64_t(blockIdx.x) * radius_threads + threadIdx.x) / 32 * 32;
  const std::uint64_t mine = first_chunk + lane;
  unsigned end = mine < chunks ? far_count[mine] : 0;
  for (int o = 1; o < 32; o *= 2) {
    const unsigned x = __shfl_up_sync(0xffffffffu, end, o);
    if (lane >= o) end += x;
  }
  warp_ends[lane] = end;
  const unsigned total = __shfl_sync(0xffffffffu, end, 31);
  __syncwarp();
  if (total == 0) return;
  for (unsigned x = lane; x < total; x += 32) {
    const unsigned long long known = *reinterpret_cast<volatile unsigned long long*>(radius);  // rises as we go
    int lo = 0, hi = 31;  // the chunk: the first whose running count exceeds x
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (warp_ends[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    const unsigned slot = x - (lo ? warp_ends[lo - 1] : 0u);
    const std::uint64_t chunk = first_chunk + unsigned(lo);
    const std::uint64_t i = chunk * radius_chunk + far_slots[chunk * radius_far_slots + slot];
    if (i < known + 1) continue;
    const std::uint64_t g = i - known - 1;
    const Code ci = io.load(i);
    if (!(prefix_max_at(io, n, prefix_max, group_prefix, g) > ci)) continue;
    atomicMax(radius, (unsigned long long)(i - first_greater_before(io, n, prefix_max, group_prefix, g, ci)));
  }
}

}  // namespace ordo::detail::rough
