// The offsets of a parallel stable scatter into buckets: each worker counted
// its own block's keys per bucket; turned in place into the position where
// the worker's first key of each bucket goes. Bucket-major, worker-minor:
// bucket b holds worker 0's keys of b, then worker 1's, ..., so the scatter
// keeps the input order within a bucket (stable) while the workers write at
// once. Used by the radix sort, the sample sort, the rank replay and split.
#pragma once
#include <cstddef>

namespace ordo::detail {

// counts[t * stride + b]: worker t's keys in bucket b (b < buckets, t < w),
// replaced by worker t's first position in b. Fills start[0..buckets] with the
// buckets' starts when start is given. Returns the total.
template <class C>
C counts_to_offsets(C* counts, std::size_t stride, std::size_t buckets, int w, C* start = nullptr) {
  C run = 0;
  for (std::size_t b = 0; b < buckets; ++b) {
    if (start) start[b] = run;
    for (int t = 0; t < w; ++t) {
      C& c = counts[std::size_t(t) * stride + b];
      const C x = c;
      c = run;
      run += x;
    }
  }
  if (start) start[buckets] = run;
  return run;
}

}  // namespace ordo::detail
