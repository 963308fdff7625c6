// Thread scope: merge ITEMS outputs from two sorted runs in shared memory,
// starting at a merge-path split, into registers. Each output keeps the
// shared-memory slot it came from, so values can follow their keys.
#pragma once
#include "ordo/ops.hpp"

namespace ordo::detail::prim {

// A shared-memory array with one padding word after every 32, so a thread
// writing ITEMS consecutive slots (blocked) and a warp reading 32 consecutive
// slots (striped) both hit 32 different banks. Every access goes through it.
template <class T>
struct padded_smem {
  T* p;
  int base = 0;
  static constexpr __host__ __device__ int size_for(int n) { return n + n / 32 + 1; }
  __device__ __forceinline__ T& operator[](int i) const {
    const int j = base + i;
    return p[j + (j >> 5)];
  }
  __device__ __forceinline__ padded_smem operator+(int off) const { return {p, base + off}; }
};

// A thread's ITEMS registers (blocked: they sit at pos, pos + 1, ...) into
// shared memory, those below `valid`; `vals` into vs as well when WithValues.
template <bool WithValues, int ITEMS, class Key, class Value>
__device__ __forceinline__ void registers_to_smem(padded_smem<Key> ks, padded_smem<Value> vs, const Key (&keys)[ITEMS],
                                                  const Value (&vals)[ITEMS], int pos, int valid) {
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (pos + k < valid) {
      ks[pos + k] = keys[k];
      if constexpr (WithValues) vs[pos + k] = vals[k];
    }
}

// a = s[a_begin, a_end), b = s[b_begin, b_end); stable (a first on ties).
template <int ITEMS, class Key, class Smem, class Compare>
__device__ __forceinline__ void serial_merge(const Smem& s, int a, int a_end, int b, int b_end, Key (&keys)[ITEMS],
                                             int (&slot)[ITEMS], Compare comp) {
  Key ka = a < a_end ? s[a] : Key{};
  Key kb = b < b_end ? s[b] : Key{};
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const bool take_b = a >= a_end || (b < b_end && comp(kb, ka));
    keys[k] = take_b ? kb : ka;
    slot[k] = take_b ? b : a;
    if (take_b) {
      ++b;
      if (b < b_end) kb = s[b];
    } else {
      ++a;
      if (a < a_end) ka = s[a];
    }
  }
}

}  // namespace ordo::detail::prim
