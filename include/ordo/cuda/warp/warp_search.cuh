// Warp scope: the last index g < G with table[g] <= q in a nondecreasing
// table whose first entry is <= q, found by the whole warp at once: each
// round its 32 lanes probe 31 evenly spaced places of the range left and a
// ballot keeps the stretch after the last probe <= q (a 32-ary search). A
// lookup then waits on about log32(G) dependent loads where a binary search
// waits on log2(G): the segmented sort's per-chunk segment lookups over 4096
// segments, 3 loads for 12 (docs/benchmarks.md, issue 32's long shapes).
// Every lane of the warp calls it with the same arguments.
#pragma once
#include <cstdint>

namespace ordo::detail {

template <class T>
__device__ __forceinline__ std::uint64_t warp_last_at_most(const T* table, std::uint64_t G, std::uint64_t q) {
  const unsigned lane = threadIdx.x % 32;
  std::uint64_t lo = 0, hi = G;  // table[lo] <= q; the answer is in [lo, hi)
  while (hi - lo > 1) {
    const std::uint64_t step = (hi - lo + 31) / 32;
    const std::uint64_t at = lo + lane * step;
    const bool le = lane > 0 && at < hi && table[at] <= q;
    const unsigned m = __ballot_sync(0xffffffffu, le);
    if (m) lo += std::uint64_t(31 - __clz(m)) * step;
    hi = min(hi, lo + step);  // the next probe after lo, if any, was > q (or past hi)
  }
  return lo;
}

}  // namespace ordo::detail
