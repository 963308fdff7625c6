// Thread scope: sorting networks over keys held in registers (every index is
// a compile-time constant once unrolled, so nothing spills to local memory).
// Plain min/max on integer codes: no positions, so not stable, which only
// keys-only integer sorts may use (equal codes are equal keys).
#pragma once

namespace ordo::detail::rough {

template <class Code>
__device__ __forceinline__ void order_pair(Code& lo, Code& hi) {
  const Code a = lo, b = hi;
  lo = a < b ? a : b;
  hi = a < b ? b : a;
}

// Batcher's bitonic sort of N (a power of two) keys, ascending.
template <int N, class Code>
__device__ __forceinline__ void bitonic_sort(Code (&a)[N]) {
#pragma unroll
  for (int s = 2; s <= N; s *= 2)
#pragma unroll
    for (int j = s / 2; j > 0; j /= 2)
#pragma unroll
      for (int i = 0; i < N; ++i) {
        const int l = i ^ j;
        if (l > i) {
          if ((i & s) == 0) order_pair(a[i], a[l]);
          else order_pair(a[l], a[i]);
        }
      }
}

// Merges the upper half of the ascending run a with the ascending hi into
// w: a's upper half followed by hi reversed is bitonic, and log2(2H)
// half-cleaner stages sort it.
template <int H, class Code>
__device__ __forceinline__ void bitonic_merge_halves(const Code (&a)[2 * H], const Code (&hi)[H], Code (&w)[2 * H]) {
#pragma unroll
  for (int i = 0; i < H; ++i) {
    w[i] = a[H + i];
    w[2 * H - 1 - i] = hi[i];
  }
#pragma unroll
  for (int j = H; j > 0; j /= 2)
#pragma unroll
    for (int i = 0; i < 2 * H; ++i)
      if ((i & j) == 0) order_pair(w[i], w[i + j]);
}

}  // namespace ordo::detail::rough
