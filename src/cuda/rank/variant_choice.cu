// Which GPU variant `automatic` means, per method. Chosen from the measured
// H100 results (bench/results/h100/rank_sorted.json; docs/benchmarks.md).
#include "ordo/rank.hpp"

namespace ordo {

rank_variant chosen_variant(const cuda&, const rank_sorted_options& o) {
  if (o.variant != rank_variant::automatic) return o.variant;
  switch (o.method) {
    // Dense ranks need a scan across tiles: the scan kernel beats the
    // look-back tile kernel on sm_90 (docs/benchmarks.md#tuning-rank-dense).
    case rank_method::dense: return rank_variant::scan;
    default: return rank_variant::block_search;
  }
}

}  // namespace ordo
