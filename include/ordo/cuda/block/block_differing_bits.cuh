// Block scope: the number of low bits in which a block's codes differ, the
// highest set bit of (OR of the codes) ^ (AND of the codes) plus one. Radix
// sorts of a tile sort only those bits (tile_radix_sort, tile_bucket_sort).
#pragma once
#include <cstdint>

#include "ordo/cuda/warp/warp_reduce.cuh"

namespace ordo::detail::prim {

// The two words per 32 bits of Code that block_differing_bits reduces into.
template <class Code>
struct differing_bits_storage {
  unsigned or_bits[sizeof(Code) / 4], and_bits[sizeof(Code) / 4];
};

// Every thread passes its ITEMS codes; `real[u]` is false for padding, which
// does not count. Leaves the OR and the AND of the block's codes in s, for
// every thread to read. Two barriers.
template <class Code, int ITEMS>
__device__ __forceinline__ void block_or_and(differing_bits_storage<Code>& s, const Code (&c)[ITEMS],
                                             const bool (&real)[ITEMS]) {
  constexpr int WORDS = sizeof(Code) / 4;
  if (threadIdx.x < WORDS) {
    s.or_bits[threadIdx.x] = 0;
    s.and_bits[threadIdx.x] = ~0u;
  }
  __syncthreads();
#pragma unroll
  for (int w = 0; w < WORDS; ++w) {
    unsigned o = 0, a = ~0u;
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      const unsigned x = unsigned(std::uint64_t(c[u]) >> (32 * w));
      o |= real[u] ? x : 0u;
      a &= real[u] ? x : ~0u;
    }
    o = warp_or(o);
    a = warp_and(a);
    if ((threadIdx.x & 31) == 0) {
      atomicOr(&s.or_bits[w], o);
      atomicAnd(&s.and_bits[w], a);
    }
  }
  __syncthreads();
}

// The differing bits of words reduced as above (or_bits[w], and_bits[w]: bits 32w..32w+31).
template <int WORDS>
__device__ __forceinline__ int differing_bits_of(const unsigned* or_bits, const unsigned* and_bits) {
  int bits = 0;
#pragma unroll
  for (int w = 0; w < WORDS; ++w) {
    const unsigned d = or_bits[w] & ~and_bits[w];  // or ^ and: a bit both set and clear somewhere
    if (d) bits = 32 * w + 32 - __clz(int(d));
  }
  return bits;
}

// The same inputs; every thread gets the number of differing low bits.
template <class Code, int ITEMS>
__device__ __forceinline__ int block_differing_bits(differing_bits_storage<Code>& s, const Code (&c)[ITEMS],
                                                    const bool (&real)[ITEMS]) {
  block_or_and(s, c, real);
  return differing_bits_of<int(sizeof(Code) / 4)>(s.or_bits, s.and_bits);
}

}  // namespace ordo::detail::prim
