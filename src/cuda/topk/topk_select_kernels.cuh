// Kernels of topk over a whole array: a radix select over the composite key
// (top-k code, index), which is unique, so exactly k keys lie below its k-th
// value. 11 bits per round from the top, the code's bits first, then the
// index's; each round is a histogram of its digit over the keys still in
// play, the choice of the digit that holds the k-th (one block), and a
// filter that appends the keys of lower digits to `out` (taken).
//
// The keys in play are those whose digits so far equal the chosen ones. While
// they are many, a round reads the array again (coalesced) and tests that
// prefix; once a round's chosen digit holds at most `list_capacity` keys, its
// filter also writes them as a list of (code, index) pairs, and later rounds
// read only the list. Spread keys take two array reads; uniform floats in
// [0, 1), whose top digits are few, three or four; equal keys stay in play
// until the index digits split them. A round whose digit holds exactly the
// keys still wanted takes them all, and the later rounds return at once. All
// state lives on the device (select_state): no read-back.
#pragma once
#include <cub/block/block_scan.cuh>  // the choice's scan over the bins

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

// The digits chosen so far: a key is in play when (code & code_mask) ==
// code_prefix and (index & index_mask) == index_prefix.
struct select_prefix {
  unsigned long long code_prefix, code_mask;
  std::uint32_t index_prefix, index_mask;
};

// Round r reads the entries [r % 2]; its choice writes [(r + 1) % 2].
struct select_state {
  unsigned long long need;  // keys still to take (0: done)
  unsigned long long out_cursor, next_cursor;
  select_prefix prefix[2];
  unsigned long long size[2];  // the list's length, where from_list
  unsigned from_list[2];       // 1: the round reads the list, 0: the array
  unsigned bin;                // the round's chosen digit
  unsigned take_bin;           // 1: every key of `bin` is taken
  unsigned active;             // 0: resolved in an earlier round
};

template <class U>
__device__ __forceinline__ unsigned digit_of(U code, std::uint32_t index, select_digit d) {
  return d.index ? unsigned(index >> d.shift) & d.mask : unsigned(code >> d.shift) & d.mask;
}

// One tile of round r: Threads x Items x VW keys, held as Items x VW slots
// per thread. From the array, slot (j, v) is key (t0 / VW + j * Threads +
// threadIdx.x) * VW + v, read VW at a time (16-byte loads where keys are
// 16-byte aligned, VW = 16 / sizeof(K); else VW = 1), every load issued
// before any is used; from the list, slot s is entry t0 + s * Threads +
// threadIdx.x. in[s]: the key is in play (listed, or matching the prefix).
// 32-bit positions: the select takes n < 2^32.
template <class K, int Threads, int Items, int VW>
__device__ __forceinline__ void load_tile(const K* keys, bool largest, bool from_list, const key_code_t<K>* codes,
                                          const std::uint32_t* list, const select_prefix& p, std::uint32_t m,
                                          std::uint32_t t0, key_code_t<K> (&code)[Items * VW],
                                          std::uint32_t (&index)[Items * VW], bool (&in)[Items * VW]) {
  using U = key_code_t<K>;
  constexpr int S = Items * VW;
  if (from_list) {
#pragma unroll
    for (int s = 0; s < S; ++s) {
      const std::uint32_t i = t0 + std::uint32_t(s) * Threads + threadIdx.x;
      in[s] = i < m;
      if (in[s]) code[s] = codes[i], index[s] = list[i];
    }
    return;
  }
  alignas(16) K key[S];
  const bool whole = std::uint64_t(t0) + std::uint64_t(Threads) * S <= m;  // the block's tile: no bounds to test
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const std::uint32_t first = t0 + (std::uint32_t(j) * Threads + threadIdx.x) * VW;
    if (VW > 1 && whole) {
      *reinterpret_cast<uint4*>(&key[j * VW]) = *reinterpret_cast<const uint4*>(keys + first);
    } else {
#pragma unroll
      for (int v = 0; v < VW; ++v)
        if (whole || first + v < m) key[j * VW + v] = keys[first + v];
    }
  }
  const U mask = U(p.code_mask), prefix = U(p.code_prefix);
#pragma unroll
  for (int j = 0; j < Items; ++j)
#pragma unroll
    for (int v = 0; v < VW; ++v) {
      const int s = j * VW + v;
      const std::uint32_t i = t0 + (std::uint32_t(j) * Threads + threadIdx.x) * VW + v;
      const bool real = whole || i < m;
      index[s] = i;
      code[s] = real ? topk_code(key[s], largest) : U(0);
      in[s] = real && (code[s] & mask) == prefix && (i & p.index_mask) == p.index_prefix;
    }
}

template <class K, int Threads, int Items, int VW>
__global__ void __launch_bounds__(Threads)
    select_histogram_kernel(const K* keys, std::uint32_t n, bool largest, const key_code_t<K>* codes,
                            const std::uint32_t* list, int round, select_digit d, const select_state* st,
                            unsigned long long* hist) {
  if (st->need == 0) return;
  constexpr int S = Items * VW;
  __shared__ unsigned counts[select_bins];
  for (unsigned b = threadIdx.x; b < select_bins; b += blockDim.x) counts[b] = 0;
  __syncthreads();
  const bool from_list = st->from_list[round % 2];
  const select_prefix p = st->prefix[round % 2];
  const std::uint32_t m = from_list ? std::uint32_t(st->size[round % 2]) : n;
  constexpr std::uint64_t tile = std::uint64_t(Threads) * S;
  for (std::uint64_t t0 = blockIdx.x * tile; t0 < m; t0 += std::uint64_t(gridDim.x) * tile) {
    key_code_t<K> code[S];
    std::uint32_t index[S];
    bool in[S];
    load_tile<K, Threads, Items, VW>(keys, largest, from_list, codes, list, p, m, std::uint32_t(t0), code, index, in);
#pragma unroll
    for (int s = 0; s < S; ++s)
      if (in[s]) atomicAdd(&counts[digit_of(code[s], index[s], d)], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < select_bins; b += blockDim.x)
    if (counts[b]) atomicAdd(&hist[b], (unsigned long long)counts[b]);
}

// One block: the digit where the need-th key in play lies (a block scan over
// the bins), the next round's prefix and source; clears hist.
inline constexpr int choose_threads = 256;
__global__ void __launch_bounds__(choose_threads)
    select_choose_kernel(int round, select_digit d, unsigned long long list_capacity, select_state* st,
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
    const unsigned bin = threadIdx.x * per + j;
    const int now = round % 2, next = (round + 1) % 2;
    select_prefix p = st->prefix[now];
    if (d.index) {
      p.index_prefix |= std::uint32_t(bin) << d.shift;
      p.index_mask |= std::uint32_t(d.mask) << d.shift;
    } else {
      p.code_prefix |= (unsigned long long)bin << d.shift;
      p.code_mask |= (unsigned long long)d.mask << d.shift;
    }
    st->prefix[next] = p;
    st->bin = bin;
    st->take_bin = here == left;
    st->need = here == left ? 0 : left;
    st->size[next] = here;
    st->from_list[next] = here <= list_capacity;
    st->next_cursor = 0;
    st->active = 1;
  }
}

// Appends the taken keys' indices to out, and where the next round reads a
// list, the keys of the chosen digit to it. Positions by warp: one ballot per
// slot and one atomic per cursor for a warp that has something to write (no
// block barrier, so the warps stream on their own).
template <class K, int Threads, int Items, int VW>
__global__ void __launch_bounds__(Threads)
    select_filter_kernel(const K* keys, std::uint32_t n, bool largest, const key_code_t<K>* codes,
                         const std::uint32_t* list, key_code_t<K>* next_codes, std::uint32_t* next_list,
                         std::uint32_t* out, int round, select_digit d, select_state* st) {
  if (!st->active) return;
  using U = key_code_t<K>;
  constexpr int S = Items * VW;
  constexpr unsigned full = 0xffffffffu;
  const unsigned lane = threadIdx.x & 31u, lower = (1u << lane) - 1u;
  const unsigned bin = st->bin;
  const bool take_bin = st->take_bin != 0;
  const bool from_list = st->from_list[round % 2];
  const bool write_list = !take_bin && st->from_list[(round + 1) % 2];
  const select_prefix p = st->prefix[round % 2];
  const std::uint32_t m = from_list ? std::uint32_t(st->size[round % 2]) : n;
  constexpr std::uint64_t tile = std::uint64_t(Threads) * S;
  for (std::uint64_t t0 = blockIdx.x * tile; t0 < m; t0 += std::uint64_t(gridDim.x) * tile) {
    U code[S];
    std::uint32_t index[S];
    bool in[S];
    load_tile<K, Threads, Items, VW>(keys, largest, from_list, codes, list, p, m, std::uint32_t(t0), code, index, in);
    unsigned char where[S];  // 0: neither, 1: out, 2: the next list
    unsigned n_out = 0, n_next = 0;
#pragma unroll
    for (int s = 0; s < S; ++s) {
      where[s] = 0;
      if (in[s]) {
        const unsigned g = digit_of(code[s], index[s], d);
        if (g < bin || (g == bin && take_bin)) where[s] = 1;
        else if (g == bin && write_list) where[s] = 2;
      }
      n_out += __popc(__ballot_sync(full, where[s] == 1));
      n_next += __popc(__ballot_sync(full, where[s] == 2));
    }
    if (n_out + n_next == 0) continue;  // the warp's slots: nothing to write (most of an array round)
    unsigned long long po = 0, pn = 0;
    if (lane == 0) {
      if (n_out) po = atomicAdd(&st->out_cursor, (unsigned long long)n_out);
      if (n_next) pn = atomicAdd(&st->next_cursor, (unsigned long long)n_next);
    }
    po = __shfl_sync(full, po, 0);
    pn = __shfl_sync(full, pn, 0);
#pragma unroll
    for (int s = 0; s < S; ++s) {
      const unsigned to_out = __ballot_sync(full, where[s] == 1), to_next = __ballot_sync(full, where[s] == 2);
      if (where[s] == 1) out[po + __popc(to_out & lower)] = index[s];
      if (where[s] == 2) {
        next_codes[pn + __popc(to_next & lower)] = code[s];
        next_list[pn + __popc(to_next & lower)] = index[s];
      }
      po += __popc(to_out);
      pn += __popc(to_next);
    }
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
