// Contraction of runs before ranking. A run is a maximal chain of
// consecutive indices, i -> i + 1 -> ... ; an ordered list is one run, and
// lists built by appending are mostly runs. Pointer walks over such a list
// still touch one line per lane per step, while a scan over the index order
// reads it once. So the runs are numbered by a scan in index order, the list
// of runs (one node per run, valued by the run's total) is ranked by the
// usual algorithms, and a second scan writes every node's result.
//
// The scan item of node i is (runs, acc): runs = 1 if a run starts at i
// (i == 0 or succ[i - 1] != i), and acc = src(i). Combining restarts acc
// where a run starts, so the inclusive scan gives the run number + 1 and the
// prefix inside the run. Tiles of `run_tile` nodes: one pass of per-tile
// totals, a one-block scan over them, then the passes that use the prefix.
#pragma once
#include <cstdint>

#include "cuda/list_rank/thread/list_functors.cuh"
#include "cuda/list_rank/thread/reduced_end.cuh"

namespace ordo::detail::cuda_list {

inline constexpr int run_threads = 256;
inline constexpr int run_items = 16;
inline constexpr std::uint64_t run_tile = std::uint64_t(run_threads) * run_items;

template <class V>
struct run_item {
  std::uint32_t runs;
  V acc;
};

template <class V, class Op>
__device__ __forceinline__ run_item<V> run_combine(const run_item<V>& a, const run_item<V>& b, Op op) {
  return {a.runs + b.runs, b.runs ? b.acc : op(a.acc, b.acc)};
}

template <class V, class Op>
__device__ __forceinline__ run_item<V> run_identity() {
  return {0u, Op::template identity<V>()};
}

// Exclusive block-wide scan of one item per thread; also returns the total.
template <class V, class Op>
__device__ run_item<V> block_exclusive_run_scan(run_item<V> x, Op op, run_item<V>& total) {
  __shared__ run_item<V> warp_totals[run_threads / 32];
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  run_item<V> inc = x;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    run_item<V> y{__shfl_up_sync(0xffffffffu, inc.runs, d), __shfl_up_sync(0xffffffffu, inc.acc, d)};
    if (lane >= unsigned(d)) inc = run_combine(y, inc, op);
  }
  if (lane == 31) warp_totals[warp] = inc;
  __syncthreads();
  run_item<V> before = run_identity<V, Op>();
  total = run_identity<V, Op>();
#pragma unroll
  for (int w = 0; w < run_threads / 32; ++w) {
    if (unsigned(w) == warp) before = total;
    total = run_combine(total, warp_totals[w], op);
  }
  run_item<V> ex{__shfl_up_sync(0xffffffffu, inc.runs, 1), __shfl_up_sync(0xffffffffu, inc.acc, 1)};
  if (lane == 0) ex = run_identity<V, Op>();
  __syncthreads();  // warp_totals is reused by the next call
  return run_combine(before, ex, op);
}

// Shared memory of a tile: successors staged so that global reads are
// coalesced and each thread then takes run_items consecutive ones; in
// expand_runs, the results staged back the other way for coalesced writes.
// Padded by one word per 32 against bank conflicts.
inline constexpr unsigned run_tile_padded = unsigned(run_tile + run_tile / 32);
__device__ __forceinline__ unsigned run_pad(unsigned i) { return i + (i >> 5); }

struct run_smem {
  alignas(16) unsigned char bytes[run_tile_padded * 9];  // 8-byte words, then a byte each (expand_runs)
};

// A thread's run_items consecutive nodes of a tile, read from the staged
// successors. Nothing per item stays in registers between the passes over
// them (the rescan recomputes each item), which keeps the kernels at about
// 64 registers and the memory system busy.
template <class Index>
struct run_span {
  std::uint64_t* staged;  // the tile's successors in shared memory, 8-byte slots
  std::uint64_t first;  // node of item 0
  unsigned mine;        // tile position of item 0
  Index before;         // succ[first - 1]
};

// Stages a tile's successors (coalesced reads) and returns this thread's span.
template <class Index>
__device__ __forceinline__ run_span<Index> stage_run_span(const Index* succ, std::uint64_t n, std::uint64_t tile,
                                                          run_smem& sm) {
  std::uint64_t* staged = reinterpret_cast<std::uint64_t*>(sm.bytes);
  const std::uint64_t base = tile * run_tile;
#pragma unroll
  for (int k = 0; k < run_items; ++k) {
    const unsigned idx = unsigned(k * run_threads) + threadIdx.x;
    staged[run_pad(idx)] = base + idx < n ? succ[base + idx] : static_cast<Index>(~Index(0));
  }
  __syncthreads();
  const unsigned mine = threadIdx.x * run_items;
  const Index before =
      threadIdx.x > 0 ? static_cast<Index>(staged[run_pad(mine - 1)]) : base > 0 ? succ[base - 1] : Index(0);
  return {staged, base + mine, mine, before};
}

// Item j of the span; `prev` carries succ of the node before it.
template <class V, class Index, class Src, class Op>
__device__ __forceinline__ run_item<V> span_item(const run_span<Index>& s, int j, std::uint64_t n, Src src, Op,
                                                 Index& prev, Index& mine_succ) {
  const std::uint64_t i = s.first + j;
  mine_succ = static_cast<Index>(s.staged[run_pad(s.mine + j)]);
  run_item<V> it = run_identity<V, Op>();
  if (i < n) it = {(i == 0 || succ_value(prev) != i) ? 1u : 0u, src(i)};
  prev = mine_succ;
  return it;
}

template <class V, class Index, class Src, class Op>
__device__ __forceinline__ run_item<V> span_total(const run_span<Index>& s, std::uint64_t n, Src src, Op op) {
  Index prev = s.before, own;
  run_item<V> t = run_identity<V, Op>();
#pragma unroll
  for (int j = 0; j < run_items; ++j) t = run_combine(t, span_item<V>(s, j, n, src, op, prev, own), op);
  return t;
}

// Pass 1: each tile's total.
template <class V, class Index, class Src, class Op>
__global__ void __launch_bounds__(run_threads) run_tile_totals(const Index* succ, std::uint64_t n, Src src, Op op,
                                                               run_item<V>* totals) {
  __shared__ run_smem sm;
  const run_span<Index> s = stage_run_span(succ, n, blockIdx.x, sm);
  run_item<V> total;
  block_exclusive_run_scan(span_total<V>(s, n, src, op), op, total);
  if (threadIdx.x == 0) totals[blockIdx.x] = total;
}

// Pass 2, one block: tile totals -> exclusive tile prefixes, and the number
// of runs.
template <class V, class Op>
__global__ void __launch_bounds__(run_threads) run_tile_prefixes(run_item<V>* totals, std::uint64_t tiles, Op op,
                                                                 std::uint32_t* run_count) {
  // Thread t owns tiles [t * per, (t + 1) * per): fold, one block scan,
  // rewrite. Loads go in batches so that their latencies overlap.
  constexpr int batch = 16;
  const std::uint64_t per = (tiles + run_threads - 1) / run_threads;
  const std::uint64_t lo0 = threadIdx.x * per, lo = lo0 < tiles ? lo0 : tiles, hi = lo + per < tiles ? lo + per : tiles;
  run_item<V> mine = run_identity<V, Op>();
  for (std::uint64_t t0 = lo; t0 < hi; t0 += batch) {
    run_item<V> x[batch];
#pragma unroll
    for (int k = 0; k < batch; ++k) x[k] = t0 + k < hi ? totals[t0 + k] : run_identity<V, Op>();
#pragma unroll
    for (int k = 0; k < batch; ++k) mine = run_combine(mine, x[k], op);
  }
  run_item<V> total;
  run_item<V> cur = block_exclusive_run_scan(mine, op, total);
  for (std::uint64_t t0 = lo; t0 < hi; t0 += batch) {
    run_item<V> x[batch];
#pragma unroll
    for (int k = 0; k < batch; ++k) x[k] = t0 + k < hi ? totals[t0 + k] : run_identity<V, Op>();
#pragma unroll
    for (int k = 0; k < batch; ++k) {
      if (t0 + k < hi) totals[t0 + k] = cur;
      cur = run_combine(cur, x[k], op);
    }
  }
  if (threadIdx.x == 0) *run_count = total.runs;
}

// Walks a thread's span with the prefix before it; f(j, i, head,
// inclusive, succ[i]) for each of its nodes. The staged successors stay in
// shared memory until the caller's next __syncthreads().
template <class V, class Index, class Src, class Op, class F>
__device__ __forceinline__ void scan_run_span(const Index* succ, std::uint64_t n, Src src, Op op,
                                              const run_item<V>* prefixes, run_smem& sm, F f) {
  const run_span<Index> s = stage_run_span(succ, n, blockIdx.x, sm);
  run_item<V> total;
  const run_item<V> ex = block_exclusive_run_scan(span_total<V>(s, n, src, op), op, total);
  run_item<V> cur = run_combine(prefixes[blockIdx.x], ex, op);
  Index prev = s.before, own;
#pragma unroll
  for (int j = 0; j < run_items; ++j) {
    const run_item<V> it = span_item<V>(s, j, n, src, op, prev, own);
    cur = run_combine(cur, it, op);
    f(j, s.first + j, it.runs != 0, cur, own);
  }
}

// Pass 3: what the list of runs needs. At a run's first node: its run
// number (head_run, indexed by node) and an identity value; at its last
// node: where it leads and its total.
template <class V, class Index, class Src, class Op>
__global__ void __launch_bounds__(run_threads) run_ends(const Index* succ, std::uint64_t n, Src src, Op op,
                                                        const run_item<V>* prefixes, std::uint32_t* head_run,
                                                        V* value1, Index* tail_succ, V* tail_total) {
  __shared__ run_smem sm;
  scan_run_span<V>(succ, n, src, op, prefixes, sm, [&](int, std::uint64_t i, bool head, const run_item<V>& c, Index s) {
    if (i >= n) return;
    const std::uint32_t r = c.runs - 1;
    if (head) {
      head_run[i] = r;
      value1[r] = Op::template identity<V>();
    }
    if (i + 1 == n || succ_value(s) != i + 1) {
      tail_succ[r] = s;
      tail_total[r] = c.acc;
    }
  });
}

// Pass 4, one thread per run: link run r to the run its last node leads to,
// and give that run r's total (shifted by one, as RHJ's reduced list is, so
// the inclusive prefix of the list of runs at a run is everything before
// it). A link into the middle of a run (two predecessors: invalid input)
// ends the list of runs there.
template <class V, class Index>
__global__ void link_runs(const Index* succ, std::uint64_t n, std::uint32_t m, const std::uint32_t* head_run,
                          const Index* tail_succ, const V* tail_total, std::uint32_t* succ1, V* value1) {
  for (std::uint32_t r = blockIdx.x * blockDim.x + threadIdx.x; r < m; r += gridDim.x * blockDim.x) {
    const std::uint64_t x = succ_value(tail_succ[r]);
    if (x < n && (x == 0 || succ_value(succ[x - 1]) != x)) {
      const std::uint32_t to = head_run[x];
      succ1[r] = to;
      value1[to] = tail_total[r];
    } else {
      succ1[r] = end32;
    }
  }
}

// Pass 5: every node's result, op(prefix of the runs before its run, its
// prefix inside the run).
template <class V, class Index, class Src, class Op, class Sink>
__global__ void __launch_bounds__(run_threads) expand_runs(const Index* succ, std::uint64_t n, Src src, Op op,
                                                           const run_item<V>* prefixes, const V* prefix1,
                                                           const unsigned char* cyclic1, Sink sink) {
  // Each result goes into its node's slot of the staged successors (already
  // read by then), and the tile is then written by consecutive threads.
  __shared__ run_smem sm;
  unsigned char* cyclic = sm.bytes + run_tile_padded * 8;
  const unsigned mine = threadIdx.x * run_items;
  scan_run_span<V>(succ, n, src, op, prefixes, sm, [&](int j, std::uint64_t, bool, const run_item<V>& c, Index) {
    const std::uint32_t r = c.runs - 1;  // every node has a run; past n, never read
    const unsigned slot = run_pad(mine + j);
    *reinterpret_cast<V*>(sm.bytes + std::size_t(slot) * 8) = c.runs ? op(prefix1[r], c.acc) : c.acc;
    cyclic[slot] = cyclic1 && c.runs ? cyclic1[r] : 0;
  });
  __syncthreads();
  const std::uint64_t base = std::uint64_t(blockIdx.x) * run_tile;
#pragma unroll 4
  for (int k = 0; k < run_items; ++k) {
    const unsigned idx = unsigned(k * run_threads) + threadIdx.x;
    if (base + idx < n)
      sink(base + idx, *reinterpret_cast<const V*>(sm.bytes + std::size_t(run_pad(idx)) * 8),
           cyclic[run_pad(idx)] != 0);
  }
}

// How many of `samples` evenly spread nodes link to the next index; one
// block of sample_threads.
inline constexpr int sample_threads = 256;
template <class Index>
__global__ void __launch_bounds__(sample_threads) sample_consecutive(const Index* succ, std::uint64_t n,
                                                                      unsigned samples, unsigned* count) {
  __shared__ unsigned warp_counts[sample_threads / 32];
  unsigned mine = 0;
  for (unsigned k = threadIdx.x; k < samples; k += sample_threads) {
    const std::uint64_t i = (n - 1) * k / samples;
    mine += succ_value(succ[i]) == i + 1;
  }
  for (int d = 16; d; d >>= 1) mine += __shfl_down_sync(0xffffffffu, mine, d);
  if ((threadIdx.x & 31) == 0) warp_counts[threadIdx.x >> 5] = mine;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned total = 0;
    for (int w = 0; w < sample_threads / 32; ++w) total += warp_counts[w];
    *count = total;
  }
}

}  // namespace ordo::detail::cuda_list
