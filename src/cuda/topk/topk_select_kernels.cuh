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

// One tile of Threads x Items keys of round r, element j of a thread at
// t0 + j * Threads + threadIdx.x: every load issued before any is used (the
// first version tested each key as it came and waited on each load). in[j]:
// the key is in play (in the list, or in the array and matching the prefix).
template <class K, int Threads, int Items>
__device__ __forceinline__ void load_tile(const K* keys, bool largest, bool from_list, const key_code_t<K>* codes,
                                          const std::uint32_t* list, const select_prefix& p, std::uint64_t m,
                                          std::uint64_t t0, key_code_t<K> (&code)[Items],
                                          std::uint32_t (&index)[Items], bool (&in)[Items]) {
  using U = key_code_t<K>;
  if (from_list) {
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      const std::uint64_t i = t0 + std::uint64_t(j) * Threads + threadIdx.x;
      in[j] = i < m;
      if (in[j]) code[j] = codes[i], index[j] = list[i];
    }
    return;
  }
  K key[Items];
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const std::uint64_t i = t0 + std::uint64_t(j) * Threads + threadIdx.x;
    if (i < m) key[j] = keys[i];
  }
  const U mask = U(p.code_mask), prefix = U(p.code_prefix);
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const std::uint64_t i = t0 + std::uint64_t(j) * Threads + threadIdx.x;
    index[j] = std::uint32_t(i);
    code[j] = i < m ? topk_code(key[j], largest) : U(0);
    in[j] = i < m && (code[j] & mask) == prefix && (index[j] & p.index_mask) == p.index_prefix;
  }
}

template <class K, int Threads, int Items>
__global__ void __launch_bounds__(Threads)
    select_histogram_kernel(const K* keys, std::uint64_t n, bool largest, const key_code_t<K>* codes,
                            const std::uint32_t* list, int round, select_digit d, const select_state* st,
                            unsigned long long* hist) {
  if (st->need == 0) return;
  __shared__ unsigned counts[select_bins];
  for (unsigned b = threadIdx.x; b < select_bins; b += blockDim.x) counts[b] = 0;
  __syncthreads();
  const bool from_list = st->from_list[round % 2];
  const select_prefix p = st->prefix[round % 2];
  const std::uint64_t m = from_list ? st->size[round % 2] : n;
  constexpr std::uint64_t tile = std::uint64_t(Threads) * Items;
  for (std::uint64_t t0 = blockIdx.x * tile; t0 < m; t0 += std::uint64_t(gridDim.x) * tile) {
    key_code_t<K> code[Items];
    std::uint32_t index[Items];
    bool in[Items];
    load_tile<K, Threads, Items>(keys, largest, from_list, codes, list, p, m, t0, code, index, in);
#pragma unroll
    for (int j = 0; j < Items; ++j)
      if (in[j]) atomicAdd(&counts[digit_of(code[j], index[j], d)], 1u);
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
// list, the keys of the chosen digit to it: per tile of Threads x Items, one
// block scan and one atomic per cursor.
template <class K, int Threads, int Items>
__global__ void __launch_bounds__(Threads)
    select_filter_kernel(const K* keys, std::uint64_t n, bool largest, const key_code_t<K>* codes,
                         const std::uint32_t* list, key_code_t<K>* next_codes, std::uint32_t* next_list,
                         std::uint32_t* out, int round, select_digit d, select_state* st) {
  if (!st->active) return;
  using U = key_code_t<K>;
  using scan = cub::BlockScan<unsigned long long, Threads>;
  __shared__ typename scan::TempStorage temp;
  __shared__ unsigned long long base_out, base_next;
  const unsigned bin = st->bin;
  const bool take_bin = st->take_bin != 0;
  const bool from_list = st->from_list[round % 2];
  const bool write_list = !take_bin && st->from_list[(round + 1) % 2];
  const select_prefix p = st->prefix[round % 2];
  const std::uint64_t m = from_list ? st->size[round % 2] : n;
  constexpr std::uint64_t tile = std::uint64_t(Threads) * Items;
  for (std::uint64_t t0 = blockIdx.x * tile; t0 < m; t0 += std::uint64_t(gridDim.x) * tile) {
    U code[Items];
    std::uint32_t index[Items];
    bool in[Items];
    load_tile<K, Threads, Items>(keys, largest, from_list, codes, list, p, m, t0, code, index, in);
    unsigned char where[Items];  // 0: neither, 1: out, 2: the next list
    unsigned n_out = 0, n_next = 0;
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      where[j] = 0;
      if (in[j]) {
        const unsigned g = digit_of(code[j], index[j], d);
        if (g < bin || (g == bin && take_bin)) where[j] = 1, ++n_out;
        else if (g == bin && write_list) where[j] = 2, ++n_next;
      }
    }
    if (!__syncthreads_or(n_out + n_next)) continue;  // most tiles of an array round: nothing to write
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
      if (where[j] == 1) {
        out[po++] = index[j];
      } else if (where[j] == 2) {
        next_codes[pn] = code[j];
        next_list[pn++] = index[j];
      }
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
