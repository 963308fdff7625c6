// Kernel scope: GPU Roughsort in one pass (seed 002 §7, Altman-Chlebus, with
// both of its steps fused). Block b owns the output tile [t0, t0 + T) and
// loads the window [t0 - R, t0 + T + R): when the keys are R/2-sorted, every
// element of the tile comes from the window and everything left (right) of
// the window precedes (follows) it, so sorting the window's runs of R, then
// its runs of R from R/2, puts the tile in its final order. One read (plus
// 2R/T of halo) and one write.
//
// The kernel checks its own precondition first: the window is check_k-sorted
// iff prefix_max[j - check_k - 1] <= a[j] for every j, and overlapping
// windows make that global (a pair further apart than 2k+1 chains through
// pairs that are not). A block that finds a violation measures its window's
// radius (a lower bound of the array's), records it, raises `failed` and
// writes nothing; blocks that start after that return at once, so a wrong
// guess costs little.
#pragma once
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

#include "ordo/cuda/rough_sort/block/skewed_prefix.cuh"
#include "ordo/cuda/rough_sort/block/window_sort.cuh"
#include "ordo/cuda/rough_sort/block/block_status.cuh"
#include "ordo/cuda/rough_sort/thread/rough_status.cuh"
#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::rough {

template <int THREADS, int R>
struct window_shape {
  static constexpr int W = THREADS * items_per_thread;
  static constexpr int M = R / 2;
  static constexpr int T = W - 2 * R;  // output elements per block
  static_assert(R >= 16 && T > 0, "the window must hold two halos and a tile");
};

template <class Code, int THREADS, int R>
__global__ void __launch_bounds__(THREADS)
    roughsort_window_kernel(segsort::code_io<Code> io, std::uint64_t n, std::uint32_t check_k, bool check_only,
                            rough_status* status) {
  using shape = window_shape<THREADS, R>;
  using TR = item_traits<Code>;
  using scan_t = cub::BlockScan<Code, THREADS>;
  constexpr int W = shape::W, T = shape::T, M = shape::M;
  __shared__ union {
    item_t<Code> items[W];
    Code prefix[W + W / 32];
    typename scan_t::TempStorage scan;
  } sm;
  const int t = threadIdx.x;
  if (block_sees_failure(status)) return;

  const std::int64_t t0 = std::int64_t(blockIdx.x) * T, w0 = t0 - R;
  // Coalesced loads into shared memory; before the array: code 0, after: all ones.
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) {
    const int j = e * THREADS + t;
    const std::int64_t g = w0 + j;
    sm.prefix[skew(j)] = g < 0 ? Code(0) : std::uint64_t(g) >= n ? ~Code(0) : io.load(std::uint64_t(g));
  }
  __syncthreads();
  Code c[items_per_thread], p[items_per_thread];
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) c[e] = sm.prefix[skew(t * items_per_thread + e)];
  __syncthreads();
  scan_t(sm.scan).InclusiveScan(c, p, ::cuda::maximum<>{});
  __syncthreads();
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) sm.prefix[skew(t * items_per_thread + e)] = p[e];
  __syncthreads();
  bool bad = false;
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) {
    const int j = t * items_per_thread + e;
    if (j > int(check_k) && sm.prefix[skew(j - int(check_k) - 1)] > c[e]) bad = true;
  }
  if (__syncthreads_or(bad)) {
    // This window's radius: j minus the first i whose prefix max exceeds a[j].
    unsigned long long r = 0;
#pragma unroll 1
    for (int e = 0; e < items_per_thread; ++e) {
      const int j = t * items_per_thread + e;
      const int i = first_above(sm.prefix, j, c[e]);
      if (i < j && std::uint64_t(j - i) > r) r = std::uint64_t(j - i);
    }
    for (int o = 16; o > 0; o /= 2) r = max(r, __shfl_xor_sync(0xffffffffu, r, o));
    if ((t & 31) == 0 && r) atomicMax(&status->lower_bound, r);
    if (t == 0) atomicExch(&status->failed, 1ull);
    return;
  }
  if (check_only) return;

  item_t<Code> it[items_per_thread];
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) it[e] = TR::make(c[e], u32(t * items_per_thread + e));
  __syncthreads();  // the prefix maxima share memory with the items
  sort_runs<Code, THREADS, R>(it, sm.items);
  // Step 2 in a frame shifted by M, so its runs start at thread boundaries.
  __syncthreads();
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) sm.items[t * items_per_thread + e] = it[e];
  __syncthreads();
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) {
    const int q = t * items_per_thread + e + M;
    it[e] = q < W ? sm.items[q] : TR::make(~Code(0), u32(q));
  }
  merge_level<Code, THREADS>(it, R, sm.items);
  __syncthreads();
#pragma unroll
  for (int e = 0; e < items_per_thread; ++e) sm.items[t * items_per_thread + e] = it[e];
  __syncthreads();
  // The tile is window [R, R + T), at [M, M + T) in the shifted frame.
  for (int q = t; q < T; q += THREADS) {
    const std::uint64_t dst = std::uint64_t(t0) + q;
    if (dst >= n) break;
    const item_t<Code> x = sm.items[M + q];
    io.store(dst, std::uint64_t(w0 + std::int64_t(TR::pos(x))), TR::code(x));
  }
}

}  // namespace ordo::detail::rough
