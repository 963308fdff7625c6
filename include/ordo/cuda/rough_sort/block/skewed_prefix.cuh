// Block scope: prefix maxima kept in shared memory with one word of skew per
// 32, and the search for the first of them above a key (the window and
// radius kernels measure a radius with it).
#pragma once

namespace ordo::detail::rough {

// Shared-memory index with one word of skew per 32: thread t reading its 8
// consecutive words hits 32 different banks.
__device__ __forceinline__ int skew(int i) { return i + (i >> 5); }

// First position i in [0, j) of the (skewed) prefix maxima with p[i] > v, or j.
template <class Code>
__device__ __forceinline__ int first_above(const Code* p, int j, Code v) {
  int lo = 0, hi = j;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (p[skew(mid)] > v) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

}  // namespace ordo::detail::rough
