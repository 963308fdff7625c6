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

// 2^12 sub-buckets of 32-bit keys, 2^11 of 64-bit ones.
template <class Bits>
constexpr int wide_sub_bits = sizeof(Bits) == 4 ? 12 : 11;

// Shared memory of msd_wide_count_kernel: the keys by position, the
// positions by sub-bucket and a counter per sub-bucket; for dense a second
// counter per sub-bucket and a first-of-its-key flag per position. 64 KiB
// for 32-bit keys (three blocks an SM), 88 KiB for 64-bit ones (two).
template <class Bits>
constexpr std::size_t wide_count_smem_bytes(bool dense) {
  constexpr std::size_t subs_n = std::size_t(1) << wide_sub_bits<Bits>;
  return bucket_capacity * (sizeof(Bits) + sizeof(std::uint16_t)) + subs_n * sizeof(unsigned) +
         (dense ? subs_n * sizeof(unsigned) + bucket_capacity * sizeof(std::uint8_t) : 0);
}

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

// The keys wait in shared memory by position and only their positions are
// placed by sub-bucket (a key is read through its position), so no key is
// held in registers across the block's phases: three blocks an SM of 40
// registers for 32-bit keys, two of 64 for 64-bit ones. (Holding 16 keys a
// thread in registers and a copy by sub-bucket took 104 and 112 KiB: two
// blocks of 32-bit keys with spills, one of 64-bit ones, and 6.9 and 5.4 ms
// of 2^28 keys.) A sub-bucket's end is its counter after the placing.
template <class Bits>
__global__ void __launch_bounds__(bucket_threads, sizeof(Bits) == 4 ? 3 : 2) msd_wide_count_kernel(wide_bucket_args<Bits> a) {
  constexpr unsigned subs_n = 1u << wide_sub_bits<Bits>;
  using scan = cub::BlockScan<unsigned, bucket_threads>;
  __shared__ typename scan::TempStorage scan_storage;
  __shared__ Bits lo, hi;
  extern __shared__ __align__(16) unsigned char smem[];
  auto* key = reinterpret_cast<Bits*>(smem);                         // by position
  auto* count = reinterpret_cast<unsigned*>(key + bucket_capacity);  // per sub-bucket: keys, first slot, end
  auto* pos = reinterpret_cast<std::uint16_t*>(count + subs_n);      // slot -> position in the bucket
  auto* groups_in = reinterpret_cast<unsigned*>(pos + bucket_capacity);  // dense: distinct keys per sub-bucket
  auto* first_tie = reinterpret_cast<std::uint8_t*>(groups_in + subs_n);  // dense: by position

  const unsigned q = blockIdx.x;
  const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin;
  if (size == 0 || size > bucket_capacity) return;  // the host never runs this path with size > capacity
  if (threadIdx.x == 0) {
    lo = Bits(~Bits(0));
    hi = 0;
  }
  for (unsigned i = threadIdx.x; i < subs_n; i += bucket_threads) count[i] = 0;
  __syncthreads();
  {
    // Half the keys' loads in flight at a time.
    constexpr int half = bucket_items / 2;
    Bits l = Bits(~Bits(0)), h = 0;
#pragma unroll
    for (int g = 0; g < 2; ++g) {
      Bits k[half];
#pragma unroll
      for (int j = 0; j < half; ++j) {
        const unsigned i = threadIdx.x + unsigned(g * half + j) * bucket_threads;
        k[j] = i < size ? a.bits[begin + i] : Bits(0);
      }
#pragma unroll
      for (int j = 0; j < half; ++j) {
        const unsigned i = threadIdx.x + unsigned(g * half + j) * bucket_threads;
        if (i < size) {
          key[i] = k[j];
          l = k[j] < l ? k[j] : l;
          h = k[j] > h ? k[j] : h;
        }
      }
    }
    if (threadIdx.x < size) {
      atomic_min_bits(&lo, l);
      atomic_max_bits(&hi, h);
    }
  }
  __syncthreads();  // every key is read before `vals` (perhaps the keys) is written
  const Bits low = lo, span = hi - lo;
  const bool dense = a.method == rank_method::dense;
  if (span == 0) {  // one key: its ranks follow from the bucket's bounds
    const bool nan = a.keep_nan && low == Bits(~Bits(0));
    if (threadIdx.x == 0) {
      a.distinct[q] = !nan;
      if (nan) atomicAdd(a.nan_count, (unsigned long long)size);
    }
    for (unsigned i = threadIdx.x; i < size; i += bucket_threads)
      a.vals[begin + i] = nan ? unranked : rank_value(a.method, begin, size, i, 0);
    return;
  }
  const int span_bits = bit_length(span);
  const int shift = span_bits > wide_sub_bits<Bits> ? span_bits - wide_sub_bits<Bits> : 0;
  auto sub_of = [&](Bits k) { return unsigned((k - low) >> shift); };
  for (unsigned i = threadIdx.x; i < size; i += bucket_threads) atomicAdd(&count[sub_of(key[i])], 1u);
  __syncthreads();
  bool over = false;
  scan_subs<scan, subs_n>(scan_storage, count, nullptr, &over);
  if (__syncthreads_or(over)) {
    if (threadIdx.x == 0) a.sort_list[atomicAdd(a.sort_count, 1u)] = q;
    return;
  }
  for (unsigned i = threadIdx.x; i < size; i += bucket_threads)
    pos[atomicAdd(&count[sub_of(key[i])], 1u)] = std::uint16_t(i);
  if (dense)
    for (unsigned i = threadIdx.x; i < subs_n; i += bucket_threads) groups_in[i] = 0;
  __syncthreads();
  // count[sub] is now the sub-bucket's end, and the one before its start.
  for (unsigned i = threadIdx.x; i < size; i += bucket_threads) {
    const Bits k = key[i];
    const unsigned sub = sub_of(k), from = sub ? count[sub - 1] : 0u, to = count[sub];
    unsigned less = 0, equal = 0, ties_before = 0;
    for (unsigned p = from; p < to; ++p) {
      const unsigned at = pos[p];
      const Bits w = key[at];
      less += w < k;
      equal += w == k;
      ties_before += (w == k) & (at < i);
    }
    const bool nan = a.keep_nan && k == Bits(~Bits(0));
    if (nan) atomicAdd(a.nan_count, 1ull);
    if (dense) {
      first_tie[i] = ties_before == 0 && !nan;
      if (first_tie[i]) atomicAdd(&groups_in[sub], 1u);
    } else {
      a.vals[begin + i] = nan ? unranked : rank_value(a.method, begin + from + less, equal, ties_before, 0);
    }
  }
  if (!dense) return;
  __syncthreads();
  const unsigned groups = scan_subs<scan, subs_n>(scan_storage, groups_in, nullptr, nullptr);
  if (threadIdx.x == 0) a.distinct[q] = groups;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < size; i += bucket_threads) {
    const Bits k = key[i];
    const unsigned sub = sub_of(k), from = sub ? count[sub - 1] : 0u, to = count[sub];
    unsigned below = 0;
    for (unsigned p = from; p < to; ++p) {
      const unsigned at = pos[p];
      below += (key[at] < k) & first_tie[at];
    }
    const bool nan = a.keep_nan && k == Bits(~Bits(0));
    a.vals[begin + i] = nan ? unranked : groups_in[sub] + below;
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
