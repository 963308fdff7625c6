// Thread scope: one thread's run of R consecutive codes, loaded (16-byte
// vectors where aligned, padding outside the array) and stored decoded.
#pragma once
#include <cstdint>
#include <cstring>

#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::rough {

// R consecutive codes starting at `base` (which may lie before or past the
// array: padding 0 before, all ones after, so padding sorts out of the tile).
template <class Code, int R>
__device__ __forceinline__ void load_run(const segsort::code_io<Code>& io, std::uint64_t n, std::int64_t base,
                                         Code (&a)[R]) {
  static_assert(R * sizeof(Code) % 16 == 0, "a run is whole 16-byte vectors");
  const Code* src = io.keys_in + base;
  if (base >= 0 && std::uint64_t(base) + R <= n && (reinterpret_cast<std::uintptr_t>(src) % 16) == 0) {
    constexpr int per = 16 / sizeof(Code);
#pragma unroll
    for (int v = 0; v < R / per; ++v) {
      const uint4 x = __ldg(reinterpret_cast<const uint4*>(src) + v);
      Code c[per];
      memcpy(c, &x, 16);
#pragma unroll
      for (int i = 0; i < per; ++i) a[v * per + i] = io.encode(c[i]);
    }
  } else {
#pragma unroll
    for (int i = 0; i < R; ++i) {
      const std::int64_t g = base + i;
      a[i] = g < 0 ? Code(0) : std::uint64_t(g) >= n ? ~Code(0) : io.load(std::uint64_t(g));
    }
  }
}

// Decoded keys of one window to [base, base + R), clipped to [0, n).
template <class Code, int R>
__device__ __forceinline__ void store_window(const segsort::code_io<Code>& io, std::uint64_t n, std::int64_t base,
                                             const Code (&w)[R]) {
  Code* dst = io.keys_out + base;
  if (base >= 0 && std::uint64_t(base) + R <= n && (reinterpret_cast<std::uintptr_t>(dst) % 16) == 0) {
    constexpr int per = 16 / sizeof(Code);
#pragma unroll
    for (int v = 0; v < R / per; ++v) {
      Code c[per];
#pragma unroll
      for (int i = 0; i < per; ++i) c[i] = io.decode(w[v * per + i]);
      uint4 x;
      memcpy(&x, c, 16);
      reinterpret_cast<uint4*>(dst)[v] = x;
    }
  } else {
#pragma unroll
    for (int i = 0; i < R; ++i) {
      const std::int64_t g = base + i;
      if (g >= 0 && std::uint64_t(g) < n) io.keys_out[g] = io.decode(w[i]);
    }
  }
}

}  // namespace ordo::detail::rough
