// The merge-path split (Green, McColl, Bader; Odeh et al.): how many of the
// first d outputs of merge(a, b) come from a. Stable: on ties a's elements go
// first, so a[i] precedes b[j] unless comp(b[j], a[i]). Host and device.
#pragma once
#include <cstdint>

#include "ordo/ops.hpp"

namespace ordo::detail {

template <class It, class Jt, class Size, class Compare>
ORDO_OP_HD Size merge_path_split(It a, Size na, Jt b, Size nb, Size d, Compare comp) {
  Size lo = d > nb ? d - nb : Size(0);
  Size hi = d < na ? d : na;
  while (lo < hi) {
    const Size mid = lo + (hi - lo) / 2;
    if (comp(b[d - 1 - mid], a[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// Elements of the sorted range [0, n) that precede `key` in a stable merge
// where `key` comes from the right-hand run (upper bound: ties before key) or
// the left-hand run (lower bound: ties after key).
template <bool UpperBound, class It, class Size, class Key, class Compare>
ORDO_OP_HD Size rank_in_run(It run, Size n, const Key& key, Compare comp) {
  Size lo = 0, hi = n;
  while (lo < hi) {
    const Size mid = lo + (hi - lo) / 2;
    const bool before = UpperBound ? !comp(key, run[mid]) : comp(run[mid], key);
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

}  // namespace ordo::detail
