// Grouped rank over short segments in one kernel (the axis case: rows of a
// matrix, fixed segments of up to 2048). A block takes a segment: it loads
// the keys' order bits, sorts (bits, position) in shared memory with the
// device layer's tile radix sort, finds each sorted position's tie group by
// block scans (the ungrouped tile kernel's first / last / dense scans, here
// within one tile), and writes every rank once, coalesced through shared
// memory. One read of the keys and one write of the ranks, where the general
// path (grouped_rank.cu: a segmented sort of (bits, index) pairs, a segment id
// per position, a galloping search per position) moves many times that.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/rank_value.hpp"
#include "cuda/rank/block/block_scan.cuh"
#include "ordo/cuda/block/tile_radix_sort.cuh"
#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/rank_store.hpp"  // ranks are computed as double (exact for positions of a tile)
#include "ordo/detail/segment_desc.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_grouped {

struct segment_tile_args {
  rank_method method;
  bool pct;
  bool descending;
  bool nan_on_top;
  bool keep_nan;  // floating keys under na_option::keep: NaN is unranked
  rank_store store;
};

// Segments of at most THREADS * ITEMS keys, a block each (grid-stride).
// With idx (the labels path: positions sorted by label), segment position i
// stands for element idx[i]: its key is read and its rank written there.
// MINB: blocks an SM the registers must allow (0: no bound). SEPARATE: the
// ranks get shared memory of their own, so each is stored as soon as it is
// known instead of being held in registers across a barrier.
template <class K, int THREADS, int ITEMS, int MINB = 0, bool SEPARATE = false>
__global__ void __launch_bounds__(THREADS, MINB)
    segment_tile_rank_kernel(const K* __restrict__ keys, const std::uint32_t* __restrict__ idx, segment_desc d,
                             segment_tile_args a, void* out) {
  using U = key_code_t<K>;
  using sorter = prim::tile_radix_sort<U, THREADS, ITEMS, true, true>;
  constexpr int T = THREADS * ITEMS;
  // Joint: the ranks reuse the sort's storage once every thread holds its
  // codes. Separate: each rank is stored as soon as it is known.
  struct split_t {
    typename sorter::storage sort;
    double rank[T];
  };
  union joint_t {
    typename sorter::storage sort;
    double rank[T];
  };
  __shared__ std::conditional_t<SEPARATE, split_t, joint_t> s;
  __shared__ cuda_rank::block_scan_storage<THREADS, unsigned> scan;
  const int p0 = int(threadIdx.x) * ITEMS;  // this thread's sorted positions, consecutive
  for (std::uint64_t seg = blockIdx.x; seg < d.count; seg += gridDim.x) {
    const segment_range r = d[seg];
    const int len = int(r.end - r.begin);
    if (len == 0) continue;
    const auto element = [&](int i) { return idx ? std::uint64_t(idx[r.begin + i]) : r.begin + i; };
    sorter::load_and_sort(
        s.sort, [&](int i) { return key_traits<K>::rank_bits(keys[element(i)], a.descending, a.nan_on_top); },
        len);

    U c[ITEMS];
    std::uint16_t pos[ITEMS];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) c[j] = s.sort.codes[p0 + j], pos[j] = s.sort.pos[p0 + j];
    const U prev = p0 > 0 ? s.sort.codes[p0 - 1] : c[0];
    const U next = p0 + ITEMS < T ? s.sort.codes[p0 + ITEMS] : c[ITEMS - 1];
    // A tie group is a run of equal codes among the ranked positions (kept
    // NaN, all-ones codes, sort after every ranked key; padding after them).
    bool head[ITEMS], tail[ITEMS], ranked[ITEMS];
    unsigned first_mine = 0, last_mine = unsigned(T), count_mine = 0;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      const int p = p0 + j;
      ranked[j] = p < len && !(a.keep_nan && c[j] == kept_nan_rank_bits<U>());
      head[j] = ranked[j] && (p == 0 || (j > 0 ? c[j - 1] : prev) != c[j]);
      tail[j] = ranked[j] && (p + 1 == len || (j + 1 < ITEMS ? c[j + 1] : next) != c[j]);
      if (head[j]) first_mine = unsigned(p);
      count_mine += unsigned(head[j]) + (unsigned(ranked[j]) << 16);  // distinct | ranked << 16 (T < 2^16)
    }
#pragma unroll
    for (int j = ITEMS - 1; j >= 0; --j)
      if (tail[j]) last_mine = unsigned(p0 + j);
    // Only the scans the method needs (a block-wide choice): min one, ordinal
    // none. first and last come from another thread only where a tie group
    // crosses a thread's edge; one barrier's OR says whether any does (with
    // few ties, none), and the scan is skipped otherwise.
    const unsigned facts = rank_facts(a.method);
    unsigned tile_total = 0, counts_total = 0, first = 0, dense = 0, last = unsigned(T);
    if ((facts & fact_first) && __syncthreads_or(ranked[0] && !head[0]))
      first = cuda_rank::block_exclusive_scan<THREADS>(first_mine, cuda_rank::max_op{}, 0u, tile_total, scan);
    if ((facts & fact_dense) || a.pct)  // pct's divisor: the tile's ranked or distinct keys
      dense = cuda_rank::block_exclusive_scan<THREADS>(count_mine, cuda_rank::sum_op{}, 0u, counts_total, scan);
    if ((facts & fact_last) && __syncthreads_or(ranked[ITEMS - 1] && !tail[ITEMS - 1]))
      last = cuda_rank::block_exclusive_scan_backward<THREADS>(last_mine, cuda_rank::min_op{}, unsigned(T), scan);
    dense &= 0xffffu;
    const double divisor = pct_divisor(a.method, counts_total >> 16, counts_total & 0xffffu);

    [[maybe_unused]] double v[ITEMS];
    unsigned f[ITEMS];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
      if (head[j]) first = unsigned(p0 + j);
      dense += unsigned(head[j]);
      f[j] = first;
    }
#pragma unroll
    for (int j = ITEMS - 1; j >= 0; --j) {
      if (tail[j]) last = unsigned(p0 + j);
      // dense of item j: the heads up to it; recounted backward from the thread's total.
      const double x = ranked[j] ? finish_rank<double>(
                                       tie_group_rank<double>(a.method, unsigned(p0 + j), f[j], last, dense), a.pct,
                                       divisor)
                                 : unranked_value<double>();
      if constexpr (SEPARATE) {
        if (p0 + j < len) s.rank[pos[j]] = x;
      } else {
        v[j] = x;
      }
      dense -= unsigned(head[j]);
    }
    if constexpr (!SEPARATE) {
      __syncthreads();  // every code and position is in registers: the ranks take the storage
#pragma unroll
      for (int j = 0; j < ITEMS; ++j)
        if (p0 + j < len) s.rank[pos[j]] = v[j];
    }
    __syncthreads();
    for (int i = int(threadIdx.x); i < len; i += THREADS) store_rank(out, element(i), s.rank[i], a.store);
    __syncthreads();  // the next segment's sort reuses the storage
  }
}

}  // namespace ordo::detail::cuda_grouped
