// Kernels of rank() over unsorted keys on the GPU: order bits in, sort
// (by CUB radix sort), then the tile kernel ranks the sorted bits and
// scatters each rank to its key's original position.
#pragma once
#include <cstdint>
#include <limits>
#include <type_traits>

#include "common/rank_value.hpp"
#include "ordo/detail/key_traits.hpp"
#include "cuda/rank/thread/load_store.cuh"
#include "cuda/rank/warp/warp_scan.cuh"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank {

template <class K, class I>
__global__ void order_bits_kernel(const K* keys, std::uint64_t n, bool descending, bool nan_on_top,
                                  key_code_t<K>* bits, I* index) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    bits[i] = key_traits<K>::rank_bits(keys[i], descending, nan_on_top);
    index[i] = I(i);
  }
}

// stats[0]: how many sorted keys are ranked (those before a trailing NaN
// group that na_option 'keep' leaves unranked); one warp binary-searches.
template <class U>
__global__ void count_ranked_kernel(const U* sorted, std::uint64_t n, bool keep_nan, unsigned long long* stats) {
  if (threadIdx.x != 0) return;
  std::uint64_t lo = 0, hi = n;  // first index holding the NaN sentinel
  if (keep_nan) {
    while (lo < hi) {
      std::uint64_t m = lo + (hi - lo) / 2;
      if (sorted[m] == kept_nan_rank_bits<U>()) hi = m;
      else lo = m + 1;
    }
  } else {
    lo = n;
  }
  stats[0] = lo;
}

// stats[1]: the number of distinct keys among the ranked ones (dense + pct).
template <class U>
__global__ void count_groups_kernel(const U* sorted, std::uint64_t n, unsigned long long* stats) {
  const std::uint64_t ranked = stats[0];
  unsigned long long mine = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < ranked;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    mine += (i == 0 || sorted[i] != sorted[i - 1]);
  mine = warp_reduce(mine, sum_op{});
  if (lane_id() == 0 && mine) atomicAdd(stats + 1, mine);
}

// pandas semantics on top of the method's rank: NaN (or 0) past the ranked
// keys, and pct division.
template <rank_method M, class R>
struct unsorted_ranker {
  const unsigned long long* stats;
  bool pct;
  __device__ __forceinline__ R operator()(std::uint64_t pos, std::uint64_t first, std::uint64_t last,
                                          std::uint64_t dense) const {
    const std::uint64_t ranked = stats[0];
    if (pos >= ranked) return unranked_value<R>();
    if constexpr (std::is_floating_point_v<R>) {
      const double v = tie_group_rank<M, double>(pos, first, last, dense);
      return finish_rank<R>(v, pct, pct ? pct_divisor(M, ranked, stats[1]) : 1.0);
    } else {
      return tie_group_rank<M, R>(pos, first, last, dense);
    }
  }
};

// Ranks go back to where each key came from: out[index[pos]].
template <class R, class I>
struct scatter_writer {
  using value_type = R;
  R* out;
  const I* index;
  template <int Items>
  __device__ __forceinline__ void write(std::uint64_t pos0, std::uint64_t n, const R (&v)[Items]) const {
    I idx[Items];
    load_items<I, Items>(index, pos0, n, idx);
#pragma unroll
    for (int j = 0; j < Items; ++j)
      if (pos0 + j < n) out[idx[j]] = v[j];
  }
};

// The last step of the sort-back (see sort_and_rank_bits): once the
// (index, rank) pairs are sorted by the index bits above the low TileBits,
// and since the indices are a permutation of [0, n), tile t holds exactly
// the indices [t * Tile, (t + 1) * Tile). One block per tile puts each rank
// at its place in shared memory and writes the tile out whole. `ranks` may
// be `out` itself: a block reads its whole tile before it writes it.
template <int TileBits, class I, class W>
__global__ void __launch_bounds__(256) unpermute_tiles_kernel(const I* index, const W* ranks, std::uint64_t n,
                                                              W* out) {
  constexpr int tile = 1 << TileBits;
  __shared__ W placed[tile];
  const std::uint64_t base = std::uint64_t(blockIdx.x) << TileBits;
  const unsigned count = unsigned(n - base < tile ? n - base : tile);
  for (unsigned k = threadIdx.x; k < count; k += blockDim.x) {
    const std::uint64_t to = std::uint64_t(index[base + k]) - base;
    if (to < count) placed[to] = ranks[base + k];  // always true for a permutation; keeps a bug in bounds
  }
  __syncthreads();
  for (unsigned k = threadIdx.x; k < count; k += blockDim.x) out[base + k] = placed[k];
}

}  // namespace ordo::detail::cuda_rank
