// Block scope: Altman-Chlebus over a window of W = THREADS * 8 elements held
// in registers, 8 consecutive ones per thread. Step 1 sorts every run of R
// (bitonic, ascending throughout: each merge level starts with a "flip"
// comparing i with i ^ (s - 1)); step 2 merges the two sorted halves of
// every run of R that starts at R/2 (a flip and half-cleaners). Partners in
// the same thread compare in registers, in the same warp by shuffles, else
// through shared memory.
//
// An item is an order code plus its window position, and ties break on the
// position, so the sort is stable (seed 002 §7 does not ask for it; the GPU
// gets it for free because keys and values are gathered by position).
#pragma once
#include <cstdint>

namespace ordo::detail::rough {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

inline constexpr int items_per_thread = 8;

// 32-bit codes pack (code, position) into one 64-bit word: one compare.
template <class Code>
struct item_traits;
template <>
struct item_traits<u32> {
  using type = u64;
  __device__ __forceinline__ static type make(u32 c, u32 p) { return (u64(c) << 32) | p; }
  __device__ __forceinline__ static u32 code(type x) { return u32(x >> 32); }
  __device__ __forceinline__ static u32 pos(type x) { return u32(x); }
  __device__ __forceinline__ static bool less(type a, type b) { return a < b; }
  __device__ __forceinline__ static type shfl_xor(type x, int mask) { return __shfl_xor_sync(0xffffffffu, x, mask); }
};
struct item64 {
  u64 c;
  u32 p;
};
template <>
struct item_traits<u64> {
  using type = item64;
  __device__ __forceinline__ static type make(u64 c, u32 p) { return {c, p}; }
  __device__ __forceinline__ static u64 code(type x) { return x.c; }
  __device__ __forceinline__ static u32 pos(type x) { return x.p; }
  __device__ __forceinline__ static bool less(type a, type b) { return a.c < b.c || (a.c == b.c && a.p < b.p); }
  __device__ __forceinline__ static type shfl_xor(type x, int mask) {
    return {__shfl_xor_sync(0xffffffffu, x.c, mask), __shfl_xor_sync(0xffffffffu, x.p, mask)};
  }
};

template <class Code>
using item_t = typename item_traits<Code>::type;

template <class Code>
__device__ __forceinline__ void cmpswap(item_t<Code>& lo, item_t<Code>& hi) {
  if (item_traits<Code>::less(hi, lo)) {
    const item_t<Code> t = lo;
    lo = hi;
    hi = t;
  }
}

// In-thread stages: pairs (e, e ^ j) for j < 8, or the flip (e, e ^ (s-1)) for s <= 8.
template <class Code>
__device__ __forceinline__ void thread_half_cleaner(item_t<Code> (&it)[8], int j) {
#pragma unroll
  for (int e = 0; e < 8; ++e)
    if (!(e & j)) cmpswap<Code>(it[e], it[e ^ j]);
}
template <class Code>
__device__ __forceinline__ void thread_flip(item_t<Code> (&it)[8], int s) {
#pragma unroll
  for (int e = 0; e < 8; ++e)
    if (!(e & (s / 2))) cmpswap<Code>(it[e], it[e ^ (s - 1)]);
}

// One cross-thread stage: this thread's element e meets the partner thread's
// element (flip ? 7 - e : e); the lower thread keeps the smaller.
template <class Code, int THREADS>
__device__ __forceinline__ void cross_stage(item_t<Code> (&it)[8], int mask, bool flip, item_t<Code>* smem) {
  using T = item_traits<Code>;
  const int t = threadIdx.x;
  const int bit = flip ? (mask + 1) >> 1 : mask;  // the thread bit that says which side of the pair
  const bool lower = !(t & bit);
  item_t<Code> other[8];
  if (mask < 32) {
#pragma unroll
    for (int e = 0; e < 8; ++e) other[e] = T::shfl_xor(it[flip ? 7 - e : e], mask);
  } else {
    __syncthreads();
#pragma unroll
    for (int e = 0; e < 8; ++e) smem[t * 8 + e] = it[e];
    __syncthreads();
    const int p = t ^ mask;
#pragma unroll
    for (int e = 0; e < 8; ++e) other[e] = smem[p * 8 + (flip ? 7 - e : e)];
  }
#pragma unroll
  for (int e = 0; e < 8; ++e) {
    const bool o_first = T::less(other[e], it[e]);
    if (lower == o_first) it[e] = other[e];
  }
}

// The merge of level s (s >= 16): flip across threads, then half-cleaners.
template <class Code, int THREADS>
__device__ __forceinline__ void merge_level(item_t<Code> (&it)[8], int s, item_t<Code>* smem) {
  cross_stage<Code, THREADS>(it, s / 8 - 1, true, smem);
  for (int j = s / 4; j >= 8; j /= 2) cross_stage<Code, THREADS>(it, j / 8, false, smem);
  thread_half_cleaner<Code>(it, 4);
  thread_half_cleaner<Code>(it, 2);
  thread_half_cleaner<Code>(it, 1);
}

// Step 1: every aligned run of R (a power of two, 16 <= R <= W) sorted.
template <class Code, int THREADS, int R>
__device__ __forceinline__ void sort_runs(item_t<Code> (&it)[8], item_t<Code>* smem) {
  thread_flip<Code>(it, 2);
  thread_flip<Code>(it, 4);
  thread_half_cleaner<Code>(it, 1);
  thread_flip<Code>(it, 8);
  thread_half_cleaner<Code>(it, 2);
  thread_half_cleaner<Code>(it, 1);
#pragma unroll 1
  for (int s = 16; s <= R; s *= 2) merge_level<Code, THREADS>(it, s, smem);
}

}  // namespace ordo::detail::rough
