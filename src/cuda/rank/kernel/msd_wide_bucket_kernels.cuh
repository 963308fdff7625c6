// The bucket kernels of rank()'s msd_replay for 64-bit keys and for skewed
// keys (pass 1 by a map, pass 2 by a cut: see block/msd_tile.cuh), where the
// keys of a bucket need not share their bits above a fixed `shift`.
//
// Each block finds its bucket's smallest and largest key first and ranks the
// keys by their offset from the smallest, however many bits that takes: the
// counting of msd_bucket_count_kernel (sub-buckets by the offset's top bits,
// each key counting its sub-bucket's keys below, equal and equal-before),
// with the offsets and the positions in two arrays instead of one packed
// word, and the stable block radix sort for buckets with many ties.
// Rank values as msd_bucket_kernels.cuh; NaN kept unranked is the all-ones
// code. Values go to `vals`, which may be the key array itself when keys are
// 32-bit (every key of a bucket is read before its first value is written).
#pragma once
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_scan.cuh>

#include <cstdint>

#include "cuda/rank/block/msd_tile.cuh"
#include "cuda/rank/kernel/msd_bucket_kernels.cuh"  // bucket_threads, bucket_items, scan_subs, rank_value
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank::msd {

template <class Bits>
struct wide_bucket_args {
  const Bits* bits;         // pass-2 output
  std::uint32_t* vals;      // rank values, at the same positions
  const unsigned* starts2;  // [buckets + 1]
  rank_method method;
  bool keep_nan;  // floating keys under na_option::keep: the all-ones code is NaN, unranked
  unsigned* distinct;  // [buckets + 1], dense: distinct ranked keys per bucket
  unsigned long long* nan_count;
  unsigned* sort_list;  // buckets left to msd_wide_sort_kernel
  unsigned* sort_count;
};

// 2^12 sub-buckets of 32-bit keys (the shared memory of the 32-bit kernel),
// 2^11 of 64-bit ones, so that two blocks fit an SM.
template <class Bits>
constexpr int wide_sub_bits = sizeof(Bits) == 4 ? 12 : 11;

template <class Bits>
constexpr std::size_t wide_count_smem_bytes = bucket_capacity * (sizeof(Bits) + sizeof(std::uint16_t) + 1) +
                                              3 * (std::size_t(1) << wide_sub_bits<Bits>) * sizeof(unsigned);

template <class Bits>
__device__ __forceinline__ int bit_length(Bits v) {
  if constexpr (sizeof(Bits) == 4) return 32 - __clz(v);
  else return 64 - __clzll((long long)v);
}

template <class Bits>
__device__ __forceinline__ void atomic_min_bits(Bits* a, Bits v) {
  if constexpr (sizeof(Bits) == 4) atomicMin(a, v);
  else atomicMin(reinterpret_cast<unsigned long long*>(a), (unsigned long long)v);
}
template <class Bits>
__device__ __forceinline__ void atomic_max_bits(Bits* a, Bits v) {
  if constexpr (sizeof(Bits) == 4) atomicMax(a, v);
  else atomicMax(reinterpret_cast<unsigned long long*>(a), (unsigned long long)v);
}

// The smallest and largest of the block's valid keys, in *lo and *hi.
template <class Bits>
__device__ __forceinline__ void bucket_range(const Bits (&key)[bucket_items], unsigned size, Bits* lo, Bits* hi) {
  if (threadIdx.x == 0) {
    *lo = Bits(~Bits(0));
    *hi = 0;
  }
  __syncthreads();
  Bits l = Bits(~Bits(0)), h = 0;
#pragma unroll
  for (int j = 0; j < bucket_items; ++j) {
    if (threadIdx.x + unsigned(j) * bucket_threads < size) {
      l = key[j] < l ? key[j] : l;
      h = key[j] > h ? key[j] : h;
    }
  }
  if (threadIdx.x < size) {
    atomic_min_bits(lo, l);
    atomic_max_bits(hi, h);
  }
  __syncthreads();
}

template <class Bits>
__global__ void __launch_bounds__(bucket_threads, 1) msd_wide_count_kernel(wide_bucket_args<Bits> a) {
  constexpr unsigned subs_n = 1u << wide_sub_bits<Bits>;
  using scan = cub::BlockScan<unsigned, bucket_threads>;
  __shared__ typename scan::TempStorage scan_storage;
  __shared__ Bits lo, hi;
  extern __shared__ __align__(16) unsigned char smem[];
  auto* rel = reinterpret_cast<Bits*>(smem);  // offsets from lo, by sub-bucket
  auto* count = reinterpret_cast<unsigned*>(rel + bucket_capacity);  // per sub-bucket: keys, then first slot
  auto* cursor = count + subs_n;  // slot cursors, then (dense) distinct keys
  auto* width = cursor + subs_n;  // keys per sub-bucket
  auto* pos = reinterpret_cast<std::uint16_t*>(width + subs_n);  // slot -> position in the bucket
  auto* first_tie = reinterpret_cast<std::uint8_t*>(pos + bucket_capacity);  // by position

  const unsigned q = blockIdx.x;
  const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin;
  if (size == 0 || size > bucket_capacity) return;  // the host never runs this path with size > capacity
  Bits key[bucket_items];  // every load in flight at once
#pragma unroll
  for (int j = 0; j < bucket_items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * bucket_threads;
    key[j] = i < size ? a.bits[begin + i] : Bits(0);
  }
  bucket_range(key, size, &lo, &hi);
  const Bits low = lo, span = hi - lo;
  const bool dense = a.method == rank_method::dense;
  if (span == 0) {  // one key: its ranks follow from the bucket's bounds
    const bool nan = a.keep_nan && low == Bits(~Bits(0));
    if (threadIdx.x == 0) {
      a.distinct[q] = !nan;
      if (nan) atomicAdd(a.nan_count, (unsigned long long)size);
    }
#pragma unroll
    for (int j = 0; j < bucket_items; ++j) {
      const unsigned i = threadIdx.x + unsigned(j) * bucket_threads;
      if (i < size) a.vals[begin + i] = nan ? unranked : rank_value(a.method, begin, size, i, 0);
    }
    return;
  }
  const int span_bits = bit_length(span);
  const int shift = span_bits > wide_sub_bits<Bits> ? span_bits - wide_sub_bits<Bits> : 0;
  for (unsigned i = threadIdx.x; i < subs_n; i += bucket_threads) count[i] = 0;
  __syncthreads();
#pragma unroll
  for (int j = 0; j < bucket_items; ++j)
    if (threadIdx.x + unsigned(j) * bucket_threads < size) atomicAdd(&count[unsigned((key[j] - low) >> shift)], 1u);
  __syncthreads();
  bool over = false;
  scan_subs<scan, subs_n>(scan_storage, count, width, &over);
  if (__syncthreads_or(over)) {
    if (threadIdx.x == 0) a.sort_list[atomicAdd(a.sort_count, 1u)] = q;
    return;
  }
  for (unsigned i = threadIdx.x; i < subs_n; i += bucket_threads) cursor[i] = count[i];
  __syncthreads();
#pragma unroll
  for (int j = 0; j < bucket_items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * bucket_threads;
    if (i < size) {
      const unsigned slot = atomicAdd(&cursor[unsigned((key[j] - low) >> shift)], 1u);
      rel[slot] = key[j] - low;
      pos[slot] = std::uint16_t(i);
    }
  }
  __syncthreads();
  if (dense) {
    for (unsigned i = threadIdx.x; i < subs_n; i += bucket_threads) cursor[i] = 0;
    __syncthreads();
  }
#pragma unroll
  for (int j = 0; j < bucket_items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * bucket_threads;
    if (i >= size) continue;
    const Bits k = key[j] - low;
    const unsigned sub = unsigned(k >> shift), from = count[sub], to = from + width[sub];
    unsigned less = 0, equal = 0, ties_before = 0;
    for (unsigned p = from; p < to; ++p) {
      const Bits w = rel[p];
      less += w < k;
      equal += w == k;
      ties_before += (w == k) & (pos[p] < i);
    }
    const bool nan = a.keep_nan && key[j] == Bits(~Bits(0));
    if (nan) atomicAdd(a.nan_count, 1ull);
    if (dense) {
      first_tie[i] = ties_before == 0 && !nan;
      if (first_tie[i]) atomicAdd(&cursor[sub], 1u);
    } else {
      a.vals[begin + i] = nan ? unranked : rank_value(a.method, begin + from + less, equal, ties_before, 0);
    }
  }
  if (!dense) return;
  __syncthreads();
  const unsigned groups = scan_subs<scan, subs_n>(scan_storage, cursor, nullptr, nullptr);
  if (threadIdx.x == 0) a.distinct[q] = groups;
  __syncthreads();
#pragma unroll
  for (int j = 0; j < bucket_items; ++j) {
    const unsigned i = threadIdx.x + unsigned(j) * bucket_threads;
    if (i >= size) continue;
    const Bits k = key[j] - low;
    const unsigned sub = unsigned(k >> shift), from = count[sub], to = from + width[sub];
    unsigned below = 0;
    for (unsigned p = from; p < to; ++p) below += (rel[p] < k) & first_tie[pos[p]];
    const bool nan = a.keep_nan && key[j] == Bits(~Bits(0));
    a.vals[begin + i] = nan ? unranked : cursor[sub] + below;
  }
}

// Window shift 0 (all keys differ in their low 16 bits only): a bucket's keys
// are all equal, whatever its size; one thread per key of pass 2's output.
template <class Bits>
__global__ void __launch_bounds__(256) msd_wide_equal_kernel(wide_bucket_args<Bits> a, std::uint64_t n) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < n;
       p += std::uint64_t(gridDim.x) * blockDim.x) {
    const Bits key = a.bits[p];
    const unsigned q = unsigned(key) & (buckets - 1);
    const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin, i = unsigned(p) - begin;
    const bool nan = a.keep_nan && key == Bits(~Bits(0));
    if (i == 0) {
      a.distinct[q] = !nan;
      if (nan) atomicAdd(a.nan_count, (unsigned long long)size);
    }
    a.vals[p] = nan ? unranked : rank_value(a.method, begin, size, i, 0);
  }
}

template <class Bits>
using wide_sorter = cub::BlockRadixSort<Bits, bucket_threads, bucket_items, std::uint16_t, 4>;

template <class Bits>
union wide_sort_shared {
  typename wide_sorter<Bits>::TempStorage sort;
  Bits sorted[bucket_capacity];
};

// The first index in sorted[0, size) whose offset is > target (Upper) or
// >= target.
template <bool Upper, class Bits>
__device__ __forceinline__ unsigned search_offsets(const Bits* sorted, unsigned size, Bits target) {
  unsigned lo = 0, hi = size;
  while (lo < hi) {
    const unsigned mid = (lo + hi) / 2;
    if (Upper ? !(target < sorted[mid]) : sorted[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Buckets with many ties: a stable radix sort of (offset, position) pairs,
// then each key's run bounds by binary search. A grid-stride loop over
// sort_list, whose length only the device knows.
template <class Bits>
__global__ void __launch_bounds__(bucket_threads) msd_wide_sort_kernel(wide_bucket_args<Bits> a) {
  using scan = cub::BlockScan<unsigned, bucket_threads>;
  extern __shared__ __align__(16) unsigned char smem[];
  auto& sm = *reinterpret_cast<wide_sort_shared<Bits>*>(smem);
  __shared__ typename scan::TempStorage scan_storage;
  __shared__ Bits lo, hi;
  for (unsigned k = blockIdx.x; k < *a.sort_count; k += gridDim.x) {
    const unsigned q = a.sort_list[k];
    const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin;
    Bits w[bucket_items];
    std::uint16_t at[bucket_items];
    {
      Bits striped[bucket_items];  // bucket_range reads striped keys
#pragma unroll
      for (int j = 0; j < bucket_items; ++j) {
        const unsigned i = threadIdx.x + unsigned(j) * bucket_threads;
        striped[j] = i < size ? a.bits[begin + i] : Bits(0);
      }
      bucket_range(striped, size, &lo, &hi);
    }
    const Bits low = lo;
    const int span_bits = bit_length(Bits(hi - lo));
#pragma unroll
    for (int j = 0; j < bucket_items; ++j) {  // blocked: position order is the sort's stable order
      const unsigned p = threadIdx.x * bucket_items + j;
      w[j] = p < size ? Bits(a.bits[begin + p] - low) : Bits(~Bits(0));
      at[j] = std::uint16_t(p);
    }
    wide_sorter<Bits>(sm.sort).Sort(w, at, 0, span_bits > 0 ? span_bits : 1);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < bucket_items; ++j) sm.sorted[threadIdx.x * bucket_items + j] = w[j];
    __syncthreads();
    unsigned heads = 0;
#pragma unroll
    for (int j = 0; j < bucket_items; ++j) {
      const unsigned s = threadIdx.x * bucket_items + j;
      const bool nan = a.keep_nan && Bits(w[j] + low) == Bits(~Bits(0));
      heads += s < size && !nan && (s == 0 || sm.sorted[s - 1] != w[j]);
    }
    unsigned before, groups;
    scan(scan_storage).ExclusiveSum(heads, before, groups);
    if (threadIdx.x == 0) a.distinct[q] = groups;
#pragma unroll
    for (int j = 0; j < bucket_items; ++j) {
      const unsigned s = threadIdx.x * bucket_items + j;
      if (s >= size) continue;
      const bool nan = a.keep_nan && Bits(w[j] + low) == Bits(~Bits(0));
      before += !nan && (s == 0 || sm.sorted[s - 1] != w[j]);
      const unsigned first = search_offsets<false>(sm.sorted, size, w[j]);
      const unsigned end = search_offsets<true>(sm.sorted, size, w[j]);
      if (nan) atomicAdd(a.nan_count, 1ull);
      a.vals[begin + at[j]] = nan ? unranked : rank_value(a.method, begin + first, end - first, s - first, before - 1);
    }
    __syncthreads();  // the next bucket reuses shared memory
  }
}

}  // namespace ordo::detail::cuda_rank::msd
