// Thread scope: the status word every Roughsort kernel reports into (raised
// with atomics by a block that finds its precondition broken).
#pragma once

namespace ordo::detail::rough {

struct rough_status {
  unsigned long long failed;
  unsigned long long lower_bound;  // the largest window radius a failing block saw
};

}  // namespace ordo::detail::rough
