// The middle of rank()'s msd_replay variant: after the two digit passes the
// keys of each 16-bit prefix (a bucket, at most bucket_capacity keys) lie
// together, in input order. One block ranks a bucket on its low 16 bits and
// writes each key's rank value in place of its order bits.
//
// msd_bucket_count_kernel splits the bucket once more, by the next
// sub_bits bits, into sub-buckets in shared memory (an atomic slot each,
// order within a sub-bucket irrelevant), and each key counts the keys of
// its sub-bucket below it, equal to it, and equal but before it: with
// uniform keys about 1 other key each at n = 2^28. A bucket with a sub-bucket over
// sub_limit keys (many ties) goes to msd_bucket_sort_kernel instead, which
// radix-sorts (key, position) words in shared memory and binary-searches.
//
// Rank values are 0-based uint32 (final_rank_sink adds the 1): min = first
// position of the key's run, max = last, ordinal = first + earlier ties,
// average = first + last, dense = distinct keys below within the bucket
// (msd_gather_kernel<2> adds the buckets before), `unranked` for NaN kept.
#pragma once
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_scan.cuh>

#include <cstdint>

#include "cuda/rank/block/msd_tile.cuh"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank::msd {

constexpr int bucket_threads = 512;
constexpr int bucket_items = bucket_capacity / bucket_threads;
constexpr int sub_bits = 12;
constexpr unsigned subs = 1u << sub_bits;
constexpr unsigned sub_limit = 64;
constexpr int sort_threads = 512;
constexpr int sort_items = bucket_capacity / sort_threads;

struct bucket_args {
  std::uint32_t* bits;  // pass-2 output: order bits in, rank values out
  const unsigned* starts2;  // [buckets + 1]
  rank_method method;
  unsigned shift;       // the bucket's keys differ in their low `shift` bits only (1..16 here)
  unsigned nan_bucket;  // the bucket of NaN kept unranked (all-ones bits), or `buckets`
  unsigned* distinct;  // [buckets + 1], dense: distinct ranked keys per bucket
  unsigned long long* nan_count;
  unsigned* sort_list;  // buckets left to msd_bucket_sort_kernel
  unsigned* sort_count;
};

__device__ __forceinline__ std::uint32_t low_mask(const bucket_args& a) { return (1u << a.shift) - 1; }

__device__ __forceinline__ bool is_kept_nan(const bucket_args& a, unsigned bucket, std::uint32_t low) {
  return bucket == a.nan_bucket && low == low_mask(a);  // order bits all ones
}

__device__ __forceinline__ std::uint32_t rank_value(rank_method m, std::uint32_t first, std::uint32_t equal,
                                                    std::uint32_t ties_before, std::uint32_t dense) {
  switch (m) {
    case rank_method::min: return first;
    case rank_method::max: return first + equal - 1;
    case rank_method::ordinal: return first + ties_before;
    case rank_method::average: return 2 * first + equal - 1;  // first + last
    case rank_method::dense: return dense;
  }
  return first;
}

// Exclusive scan of Subs counters in place, Subs / bucket_threads per
// thread; returns the total. The counts themselves go to `width` and `over`
// says if one passed sub_limit, where asked.
template <class Scan, unsigned Subs = subs>
__device__ __forceinline__ unsigned scan_subs(typename Scan::TempStorage& storage, unsigned* c, unsigned* width,
                                              bool* over) {
  constexpr int per = Subs / bucket_threads;
  unsigned v[per], sum = 0;
  bool big = false;
#pragma unroll
  for (int r = 0; r < per; ++r) {
    v[r] = c[threadIdx.x * per + r];
    sum += v[r];
    big |= v[r] > sub_limit;
    if (width) width[threadIdx.x * per + r] = v[r];
  }
  unsigned prefix, total;
  Scan(storage).ExclusiveSum(sum, prefix, total);
#pragma unroll
  for (int r = 0; r < per; ++r) {
    c[threadIdx.x * per + r] = prefix;
    prefix += v[r];
  }
  if (over) *over = big;
  return total;
}

// Shared memory: the packed words by sub-bucket, each position's low bits
// and a counter per sub-bucket (64 KiB), and for dense a second counter per
// sub-bucket and a first-of-its-key flag per position (88 KiB). A
// sub-bucket's end is its counter after the placing, so there is no width
// or cursor array: three blocks an SM where the 104 KiB of two arrays more
// gave two (at 40 registers: 8 loads in flight a thread, twice).
constexpr std::size_t bucket_count_smem_bytes(bool dense) {
  return bucket_capacity * (sizeof(std::uint32_t) + sizeof(std::uint16_t)) + subs * sizeof(unsigned) +
         (dense ? subs * sizeof(unsigned) + bucket_capacity * sizeof(std::uint8_t) : 0);
}

template <int Unused = 0>
__global__ void __launch_bounds__(bucket_threads, 3) msd_bucket_count_kernel(bucket_args a) {
  using scan = cub::BlockScan<unsigned, bucket_threads>;
  __shared__ typename scan::TempStorage scan_storage;
  extern __shared__ __align__(16) unsigned char smem[];
  auto* words = reinterpret_cast<std::uint32_t*>(smem);  // (low 16 bits << 16) | position, by sub-bucket
  auto* count = words + bucket_capacity;  // per sub-bucket: keys, first slot, then (after placing) end
  auto* low = reinterpret_cast<std::uint16_t*>(count + subs);          // by position
  auto* groups_in = reinterpret_cast<unsigned*>(low + bucket_capacity);  // dense: distinct keys per sub-bucket
  auto* first_tie = reinterpret_cast<std::uint8_t*>(groups_in + subs);  // dense: by position

  const unsigned q = blockIdx.x;
  const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin;
  if (size == 0 || size > bucket_capacity) return;  // the host never runs this path with size > capacity
  const unsigned shift = a.shift > unsigned(sub_bits) ? a.shift - sub_bits : 0;  // low bits to sub-bucket
  for (unsigned i = threadIdx.x; i < subs; i += bucket_threads) count[i] = 0;
  __syncthreads();
  // Half the keys' loads in flight at a time, so that 40 registers hold them.
  constexpr int half = bucket_items / 2;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    std::uint32_t key[half];
#pragma unroll
    for (int j = 0; j < half; ++j) {
      const unsigned i = threadIdx.x + unsigned(h * half + j) * bucket_threads;
      key[j] = i < size ? a.bits[begin + i] & low_mask(a) : 0u;
    }
#pragma unroll
    for (int j = 0; j < half; ++j) {
      const unsigned i = threadIdx.x + unsigned(h * half + j) * bucket_threads;
      if (i < size) {
        low[i] = std::uint16_t(key[j]);
        atomicAdd(&count[key[j] >> shift], 1u);
      }
    }
  }
  __syncthreads();
  bool over = false;
  scan_subs<scan>(scan_storage, count, nullptr, &over);
  if (__syncthreads_or(over)) {
    if (threadIdx.x == 0) a.sort_list[atomicAdd(a.sort_count, 1u)] = q;
    return;
  }
  for (unsigned i = threadIdx.x; i < size; i += bucket_threads) {
    const std::uint32_t k = low[i];
    words[atomicAdd(&count[k >> shift], 1u)] = (k << 16) | i;
  }
  const bool dense = a.method == rank_method::dense;
  if (dense)
    for (unsigned i = threadIdx.x; i < subs; i += bucket_threads) groups_in[i] = 0;
  __syncthreads();
  // count[sub] is now the sub-bucket's end, and the one before its start.
  for (unsigned i = threadIdx.x; i < size; i += bucket_threads) {
    const std::uint32_t k = low[i];
    const unsigned sub = k >> shift, from = sub ? count[sub - 1] : 0u, to = count[sub];
    unsigned less = 0, equal = 0, ties_before = 0;
    for (unsigned p = from; p < to; ++p) {
      const std::uint32_t w = words[p], wk = w >> 16;
      less += wk < k;
      equal += wk == k;
      ties_before += (wk == k) & ((w & 0xFFFFu) < i);
    }
    const bool nan = is_kept_nan(a, q, k);
    if (nan) atomicAdd(a.nan_count, 1ull);
    if (dense) {
      first_tie[i] = ties_before == 0 && !nan;
      if (first_tie[i]) atomicAdd(&groups_in[sub], 1u);
    } else {
      a.bits[begin + i] = nan ? unranked : rank_value(a.method, begin + from + less, equal, ties_before, 0);
    }
  }
  if (!dense) return;
  __syncthreads();
  const unsigned groups = scan_subs<scan>(scan_storage, groups_in, nullptr, nullptr);
  if (threadIdx.x == 0) a.distinct[q] = groups;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < size; i += bucket_threads) {
    const std::uint32_t k = low[i];
    const unsigned sub = k >> shift, from = sub ? count[sub - 1] : 0u, to = count[sub];
    unsigned below = 0;
    for (unsigned p = from; p < to; ++p) {
      const std::uint32_t w = words[p];
      below += ((w >> 16) < k) & first_tie[w & 0xFFFFu];
    }
    a.bits[begin + i] = is_kept_nan(a, q, k) ? unranked : groups_in[sub] + below;
  }
}

// Window shift 0: the keys of a bucket are all equal, whatever its size;
// one thread per key of pass 2's output.
template <int Unused = 0>
__global__ void __launch_bounds__(256) msd_equal_buckets_kernel(bucket_args a, std::uint64_t n) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < n;
       p += std::uint64_t(gridDim.x) * blockDim.x) {
    const unsigned q = a.bits[p] & (buckets - 1);
    const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin, i = unsigned(p) - begin;
    const bool nan = q == a.nan_bucket;
    if (i == 0) {
      a.distinct[q] = !nan;
      if (nan) atomicAdd(a.nan_count, (unsigned long long)size);
    }
    a.bits[p] = nan ? unranked : rank_value(a.method, begin, size, i, 0);
  }
}

// The first index in sorted[0, size) whose word is >= target.
__device__ __forceinline__ unsigned lower_bound_word(const std::uint32_t* sorted, unsigned size,
                                                     std::uint64_t target) {
  unsigned lo = 0, hi = size;
  while (lo < hi) {
    const unsigned mid = (lo + hi) / 2;
    if (sorted[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Buckets with many ties: a stable radix sort of (low 16 bits, position)
// words, then each key's run bounds by binary search. A grid-stride loop
// over sort_list, whose length only the device knows.
template <int Unused = 0>
__global__ void __launch_bounds__(sort_threads) msd_bucket_sort_kernel(bucket_args a) {
  using sorter = cub::BlockRadixSort<std::uint32_t, sort_threads, sort_items, cub::NullType, 4>;
  using scan = cub::BlockScan<unsigned, sort_threads>;
  __shared__ union {
    typename sorter::TempStorage sort;
    std::uint32_t sorted[bucket_capacity];
  } sm;
  __shared__ typename scan::TempStorage scan_storage;
  for (unsigned k = blockIdx.x; k < *a.sort_count; k += gridDim.x) {
    const unsigned q = a.sort_list[k];
    const unsigned begin = a.starts2[q], size = a.starts2[q + 1] - begin;
    std::uint32_t w[sort_items];
#pragma unroll
    for (int j = 0; j < sort_items; ++j) {
      const unsigned p = threadIdx.x * sort_items + j;
      w[j] = p < size ? ((a.bits[begin + p] & low_mask(a)) << 16) | p : 0xFFFFFFFFu;
    }
    sorter(sm.sort).Sort(w, 16, 32);  // stable: ties stay in position order
    __syncthreads();
#pragma unroll
    for (int j = 0; j < sort_items; ++j) sm.sorted[threadIdx.x * sort_items + j] = w[j];
    __syncthreads();
    unsigned heads = 0;
#pragma unroll
    for (int j = 0; j < sort_items; ++j) {
      const unsigned s = threadIdx.x * sort_items + j;
      const std::uint32_t key = w[j] >> 16;
      heads += s < size && !is_kept_nan(a, q, key) && (s == 0 || (sm.sorted[s - 1] >> 16) != key);
    }
    unsigned before, groups;
    scan(scan_storage).ExclusiveSum(heads, before, groups);
    if (threadIdx.x == 0) a.distinct[q] = groups;
#pragma unroll
    for (int j = 0; j < sort_items; ++j) {
      const unsigned s = threadIdx.x * sort_items + j;
      if (s >= size) continue;
      const std::uint32_t key = w[j] >> 16;
      const bool nan = is_kept_nan(a, q, key);
      before += !nan && (s == 0 || (sm.sorted[s - 1] >> 16) != key);
      const unsigned first = lower_bound_word(sm.sorted, size, std::uint64_t(key) << 16);
      const unsigned end = lower_bound_word(sm.sorted, size, std::uint64_t(key + 1) << 16);
      if (nan) atomicAdd(a.nan_count, 1ull);
      a.bits[begin + (w[j] & 0xFFFFu)] =
          nan ? unranked : rank_value(a.method, begin + first, end - first, s - first, before - 1);
    }
    __syncthreads();  // the next bucket reuses shared memory
  }
}

}  // namespace ordo::detail::cuda_rank::msd
