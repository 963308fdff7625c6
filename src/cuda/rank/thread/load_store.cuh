// Per-thread loads and stores of ITEMS consecutive elements ("blocked"
// arrangement), as 16-byte vectors when the whole run is in bounds and aligned.
#pragma once
#include <cstdint>
#include <cstring>

namespace ordo::detail::cuda_rank {

template <class T, int Items>
__device__ __forceinline__ bool vector_ok(const T* p, std::uint64_t pos0) {
  constexpr int bytes = Items * int(sizeof(T));
  return bytes % 16 == 0 && (reinterpret_cast<std::uintptr_t>(p + pos0) % 16) == 0;
}

template <class T, int Items>
__device__ __forceinline__ void load_items(const T* p, std::uint64_t pos0, std::uint64_t n, T (&v)[Items]) {
  if (pos0 + Items <= n && vector_ok<T, Items>(p, pos0)) {
    constexpr int vecs = Items * int(sizeof(T)) / 16;
    const uint4* src = reinterpret_cast<const uint4*>(p + pos0);
    uint4 tmp[vecs];
#pragma unroll
    for (int i = 0; i < vecs; ++i) tmp[i] = __ldg(src + i);
    memcpy(v, tmp, sizeof(tmp));
  } else {
#pragma unroll
    for (int j = 0; j < Items; ++j)
      if (pos0 + j < n) v[j] = p[pos0 + j];
  }
}

template <class T, int Items>
__device__ __forceinline__ void store_items(T* p, std::uint64_t pos0, std::uint64_t n, const T (&v)[Items]) {
  if (pos0 + Items <= n && vector_ok<T, Items>(p, pos0)) {
    constexpr int vecs = Items * int(sizeof(T)) / 16;
    uint4 tmp[vecs];
    memcpy(tmp, v, sizeof(tmp));
    uint4* dst = reinterpret_cast<uint4*>(p + pos0);
#pragma unroll
    for (int i = 0; i < vecs; ++i) dst[i] = tmp[i];
  } else {
#pragma unroll
    for (int j = 0; j < Items; ++j)
      if (pos0 + j < n) p[pos0 + j] = v[j];
  }
}

}  // namespace ordo::detail::cuda_rank
