// Thread scope: merge ITEMS outputs from two sorted runs in shared memory,
// starting at a merge-path split, into registers. Each output keeps the
// shared-memory slot it came from, so values can follow their keys.
#pragma once
#include "ordo/ops.hpp"

namespace ordo::detail::prim {

// a = s[a_begin, a_end), b = s[b_begin, b_end); stable (a first on ties).
template <int ITEMS, class Key, class Compare>
__device__ __forceinline__ void serial_merge(const Key* s, int a, int a_end, int b, int b_end, Key (&keys)[ITEMS],
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
