// Thread scope: stable odd-even transposition sort of ITEMS (key, index)
// pairs in registers; only the first `count` are valid and they stay first.
// Adjacent pairs swap only when strictly out of order, hence stable.
#pragma once

namespace ordo::detail::prim {

template <int ITEMS, class Key, class Index, class Compare>
__device__ __forceinline__ void register_sort(Key (&keys)[ITEMS], Index (&idx)[ITEMS], int count, Compare comp) {
#pragma unroll
  for (int round = 0; round < ITEMS; ++round) {
#pragma unroll
    for (int k = round & 1; k + 1 < ITEMS; k += 2) {
      if (k + 1 < count && comp(keys[k + 1], keys[k])) {
        const Key tk = keys[k];
        keys[k] = keys[k + 1];
        keys[k + 1] = tk;
        const Index ti = idx[k];
        idx[k] = idx[k + 1];
        idx[k + 1] = ti;
      }
    }
  }
}

}  // namespace ordo::detail::prim
