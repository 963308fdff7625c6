// Kernels of rank()'s counting variant on the GPU (dispatch/counting.cuh):
// the codes' range and NaN count, a histogram of the values, each value's
// rank from one block's scan of it, and the lookups in input order.
#pragma once
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include <cstdint>
#include <type_traits>

#include "common/rank_value.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank::counting {

using u64 = std::uint64_t;

// The numbers' lowest and highest code and the NaN count (lo starts at all
// ones, hi and nans at 0), the codes held in a word the atomics take.
template <class U>
using facts_word = std::conditional_t<sizeof(U) <= 4, unsigned, unsigned long long>;
template <class U>
struct code_facts {
  facts_word<U> lo, hi;
  unsigned long long nans;
};

template <class K>
__device__ key_code_t<K> code_of(const K& k, bool descending, bool nan_on_top) {
  return key_traits<K>::rank_bits(k, descending, nan_on_top);
}

template <class U>
struct min_max {
  U lo, hi;
  __device__ min_max operator()(const min_max& a, const min_max& b) const {
    return {a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  }
};

template <class K, int THREADS>
__global__ void __launch_bounds__(THREADS) facts_kernel(const K* keys, u64 n, bool descending, bool nan_on_top,
                                                        code_facts<key_code_t<K>>* out) {
  using W = facts_word<key_code_t<K>>;  // a block with no number leaves lo all ones, hi 0: no change
  min_max<W> x{W(~W(0)), W(0)};
  unsigned long long nans = 0;
  for (u64 i = blockIdx.x * u64(THREADS) + threadIdx.x; i < n; i += u64(gridDim.x) * THREADS) {
    const K k = keys[i];
    if (key_traits<K>::is_nan(k)) {
      ++nans;
      continue;
    }
    const W c = W(code_of(k, descending, nan_on_top));
    x.lo = c < x.lo ? c : x.lo;
    x.hi = c > x.hi ? c : x.hi;
  }
  using reduce_mm = cub::BlockReduce<min_max<W>, THREADS>;
  using reduce_n = cub::BlockReduce<unsigned long long, THREADS>;
  __shared__ union {
    typename reduce_mm::TempStorage mm;
    typename reduce_n::TempStorage nn;
  } temp;
  const min_max<W> all = reduce_mm(temp.mm).Reduce(x, min_max<W>{});
  __syncthreads();
  const unsigned long long all_nans = reduce_n(temp.nn).Sum(nans);
  if (threadIdx.x == 0) {
    atomicMin(&out->lo, all.lo);
    atomicMax(&out->hi, all.hi);
    if (all_nans) atomicAdd(&out->nans, all_nans);
  }
}

// The bin of a key: its code less the lowest, NaN (and, were the keys to
// change under the call, anything past the range) at V.
template <class K>
__device__ unsigned bin_of(const K& k, key_code_t<K> lo, unsigned V, bool descending, bool nan_on_top) {
  if (key_traits<K>::is_nan(k)) return V;
  const key_code_t<K> d = key_code_t<K>(code_of(k, descending, nan_on_top) - lo);
  return d < V ? unsigned(d) : V;
}

// counts[0, V] += the keys per bin, counted in shared memory: `window` bins
// (dynamic shared memory, 4 bytes each) at a time, each window a pass over
// the block's keys, then added to counts. Global atomics instead measured
// 5.4 ms for 2^28 keys of 2^16 values (the int16 row, H200): one pass per
// 2^15 bins reads 2-byte keys twice and adds a few million counts.
template <class K, int THREADS>
__global__ void __launch_bounds__(THREADS) histogram_kernel(const K* keys, u64 n, key_code_t<K> lo, unsigned V,
                                                            bool descending, bool nan_on_top, unsigned window,
                                                            unsigned long long* counts) {
  extern __shared__ unsigned bins[];
  for (unsigned from = 0; from <= V; from += window) {
    const unsigned width = V + 1 - from < window ? V + 1 - from : window;
    for (unsigned b = threadIdx.x; b < width; b += THREADS) bins[b] = 0;
    __syncthreads();
    for (u64 i = blockIdx.x * u64(THREADS) + threadIdx.x; i < n; i += u64(gridDim.x) * THREADS) {
      const unsigned b = bin_of(keys[i], lo, V, descending, nan_on_top) - from;  // (wraps below `from`)
      if (b < width) atomicAdd(&bins[b], 1u);
    }
    __syncthreads();
    for (unsigned b = threadIdx.x; b < width; b += THREADS)
      if (bins[b]) atomicAdd(&counts[from + b], (unsigned long long)bins[b]);
    __syncthreads();
  }
}

struct count_pair {  // keys, and distinct values, before a bin
  unsigned long long keys, groups;
  __device__ count_pair operator+(const count_pair& o) const { return {keys + o.keys, groups + o.groups}; }
};

// table[v]: the rank of value v (v < V), table[V]: NaN's. One block; each
// thread takes a run of bins, a block scan gives each run's start.
template <class R, int THREADS>
__global__ void __launch_bounds__(THREADS) table_kernel(const unsigned long long* counts, unsigned V, u64 n,
                                                        rank_method method, na_option na, bool pct, R* table) {
  const unsigned per = (V + THREADS - 1) / THREADS, b0 = threadIdx.x * per, b1 = b0 + per < V ? b0 + per : V;
  count_pair mine{0, 0};
  for (unsigned b = b0; b < b1; ++b) mine = mine + count_pair{counts[b], counts[b] ? 1ull : 0ull};
  using scan = cub::BlockScan<count_pair, THREADS>;
  __shared__ typename scan::TempStorage temp;
  count_pair before, total;
  scan(temp).ExclusiveSum(mine, before, total);
  const u64 nans = counts[V];
  const bool nan_first = na == na_option::top, keep_nan = na == na_option::keep && nans > 0;
  const u64 ranked = n - (keep_nan ? nans : 0);
  const u64 numbers_from = nan_first ? nans : 0;
  const u64 dense_from = nan_first && nans > 0 ? 1 : 0;
  const u64 groups = total.groups + (nans > 0 && !keep_nan ? 1 : 0);
  const double divisor = pct_divisor(method, ranked, groups);
  const auto value = [&](u64 first, u64 last, u64 dense) -> R {
    if (keep_nan && first >= ranked) return unranked_value<R>();
    if constexpr (std::is_floating_point_v<R>)
      return finish_rank<R>(tie_group_rank<double>(method, first, first, last, dense), pct, divisor);
    else return tie_group_rank<R>(method, first, first, last, dense);
  };
  u64 at = numbers_from + before.keys, dense = dense_from + before.groups;
  for (unsigned b = b0; b < b1; ++b) {
    const u64 c = counts[b];
    if (c) table[b] = value(at, at + c - 1, ++dense);
    at += c;
  }
  if (threadIdx.x == 0) {
    const u64 first = nan_first ? 0 : n - nans;
    table[V] = value(first, first + (nans ? nans - 1 : 0), nan_first ? 1 : groups);
  }
}

template <class K, class R, int THREADS>
__global__ void __launch_bounds__(THREADS) lookup_kernel(const K* keys, u64 n, key_code_t<K> lo, unsigned V,
                                                         bool descending, bool nan_on_top, const R* table, R* out) {
  for (u64 i = blockIdx.x * u64(THREADS) + threadIdx.x; i < n; i += u64(gridDim.x) * THREADS)
    out[i] = __ldg(&table[bin_of(keys[i], lo, V, descending, nan_on_top)]);
}

}  // namespace ordo::detail::cuda_rank::counting
