// Kernels of topk over a whole array: a radix select over the composite key
// (top-k code, index), which is unique, so exactly k keys lie below its k-th
// value. 11 bits per round from the top, the code's bits first, then the
// index's:
//
//   round 0    histogram of every key's top digit; choose the digit d that
//              holds the k-th; filter: keys of a lower digit are taken (their
//              index appended to `out`), keys of digit d become candidates
//              (their index appended to a list)
//   round r    the same over the candidate list, on the next digit
//
// On spread keys the list shrinks about 2^11-fold per round, so the input is
// read twice; equal keys stay candidates until the index digits split them.
// A round whose digit holds exactly the keys still wanted takes them all and
// ends the select: the later rounds return at once. All state lives on the
// device (select_state): no read-back, grids sized without knowing a list's
// length. (This replaced 8-bit digit passes over every key plus a scan of a
// 64-bit flag per key: about 15 bytes of traffic per key instead of 2 reads.)
#pragma once
#include <cub/block/block_scan.cuh>

#include <cstdint>

#include "common/topk_order.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::cuda_topk {

inline constexpr int select_bits = 11;
inline constexpr unsigned select_bins = 1u << select_bits;

// Which bits of the composite key a round reads.
struct select_digit {
  bool index;  // the index's bits (else the code's)
  int shift;   // the digit is (field >> shift) & mask
  unsigned mask;
};

struct select_state {
  unsigned long long need;     // keys still to take from the candidates (0: done)
  unsigned long long size[2];  // candidate list lengths (round r reads list r % 2)
  unsigned long long out_cursor;
  unsigned long long next_cursor;
  unsigned bin;       // the round's chosen digit
  unsigned take_bin;  // 1: every candidate of `bin` is taken
  unsigned active;    // 0: resolved in an earlier round
};

template <class K>
__device__ __forceinline__ unsigned select_digit_of(const K* keys, std::uint32_t i, bool largest, select_digit d) {
  if (d.index) return unsigned(i >> d.shift) & d.mask;
  return unsigned(topk_code(keys[i], largest) >> d.shift) & d.mask;
}

// Histogram of the round's digit over the whole array (First) or the list.
template <class K, bool First>
__global__ void select_histogram_kernel(const K* keys, std::uint64_t n, bool largest, const std::uint32_t* list,
                                        int round, select_digit d, const select_state* st,
                                        unsigned long long* hist) {
  if (!First && st->need == 0) return;
  __shared__ unsigned counts[select_bins];
  for (unsigned b = threadIdx.x; b < select_bins; b += blockDim.x) counts[b] = 0;
  __syncthreads();
  const std::uint64_t m = First ? n : st->size[round % 2];
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < m;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint32_t idx = First ? std::uint32_t(i) : list[i];
    atomicAdd(&counts[select_digit_of(keys, idx, largest, d)], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < select_bins; b += blockDim.x)
    if (counts[b]) atomicAdd(&hist[b], (unsigned long long)counts[b]);
}

// One block: the digit where the need-th candidate lies (a block scan over
// the bins); clears hist for the next round.
inline constexpr int choose_threads = 256;
__global__ void __launch_bounds__(choose_threads) select_choose_kernel(int round, select_state* st,
                                                                       unsigned long long* hist) {
  constexpr unsigned per = select_bins / choose_threads;
  using scan = cub::BlockScan<unsigned long long, choose_threads>;
  __shared__ typename scan::TempStorage temp;
  const unsigned long long need = st->need;
  unsigned long long c[per], sum = 0;
  for (unsigned j = 0; j < per; ++j) sum += c[j] = hist[threadIdx.x * per + j];
  __syncthreads();  // every thread has read `need` before it changes
  if (need == 0) {
    if (threadIdx.x == 0) st->active = 0;
    return;
  }
  for (unsigned j = 0; j < per; ++j) hist[threadIdx.x * per + j] = 0;
  unsigned long long before;
  scan(temp).ExclusiveSum(sum, before);
  if (before < need && need <= before + sum) {  // exactly one thread
    unsigned j = 0;
    while (before + c[j] < need) before += c[j++];
    const unsigned long long left = need - before, here = c[j];
    st->bin = threadIdx.x * per + j;
    st->take_bin = here == left;
    st->need = here == left ? 0 : left;
    st->size[(round + 1) % 2] = here == left ? 0 : here;
    st->next_cursor = 0;
    st->active = 1;
  }
}

// Appends the taken keys' indices to out and the candidates' to next: per
// tile of Threads x Items, one block scan and one atomic per cursor.
template <class K, bool First, int Threads, int Items>
__global__ void __launch_bounds__(Threads)
    select_filter_kernel(const K* keys, std::uint64_t n, bool largest, const std::uint32_t* list,
                         std::uint32_t* next, std::uint32_t* out, int round, select_digit d, select_state* st) {
  if (!st->active) return;
  using scan = cub::BlockScan<unsigned long long, Threads>;
  __shared__ typename scan::TempStorage temp;
  __shared__ unsigned long long base_out, base_next;
  const unsigned bin = st->bin;
  const bool take_bin = st->take_bin != 0;
  const std::uint64_t m = First ? n : st->size[round % 2];
  constexpr std::uint64_t tile = std::uint64_t(Threads) * Items;
  for (std::uint64_t t0 = blockIdx.x * tile; t0 < m; t0 += std::uint64_t(gridDim.x) * tile) {
    std::uint32_t idx[Items];
    unsigned char where[Items];  // 0: neither, 1: out, 2: next
    unsigned n_out = 0, n_next = 0;
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      const std::uint64_t i = t0 + std::uint64_t(j) * Threads + threadIdx.x;
      where[j] = 0;
      if (i < m) {
        idx[j] = First ? std::uint32_t(i) : list[i];
        const unsigned g = select_digit_of(keys, idx[j], largest, d);
        if (g < bin || (g == bin && take_bin)) where[j] = 1, ++n_out;
        else if (g == bin) where[j] = 2, ++n_next;
      }
    }
    if (!__syncthreads_or(n_out + n_next)) continue;  // most tiles of round 0: nothing to write
    const unsigned long long mine = (static_cast<unsigned long long>(n_out) << 32) | n_next;
    unsigned long long prefix, total;
    scan(temp).ExclusiveSum(mine, prefix, total);
    if (threadIdx.x == 0) {
      base_out = (total >> 32) ? atomicAdd(&st->out_cursor, total >> 32) : 0;
      base_next = (total & 0xffffffffull) ? atomicAdd(&st->next_cursor, total & 0xffffffffull) : 0;
    }
    __syncthreads();
    std::uint64_t po = base_out + (prefix >> 32), pn = base_next + (prefix & 0xffffffffull);
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      if (where[j] == 1) out[po++] = idx[j];
      else if (where[j] == 2) next[pn++] = idx[j];
    }
    __syncthreads();  // temp and the bases are reused by the next tile
  }
}

// codes[j] = the top-k code of the j-th taken key (for the final sort).
template <class K>
__global__ void taken_codes_kernel(const K* keys, const std::uint32_t* out, std::uint64_t k, bool largest,
                                   key_code_t<K>* codes) {
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < k;
       j += std::uint64_t(gridDim.x) * blockDim.x)
    codes[j] = topk_code(keys[out[j]], largest);
}

}  // namespace ordo::detail::cuda_topk
