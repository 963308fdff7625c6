// Kernel scope: the choices segsort_run makes from the histogram, once on
// the host after the read-back and, without a host synchronisation
// (segmented_sort_options::host_sync = false), by one device thread
// (bin_plan_kernel) that writes them to a bin_plan for the kernels after it
// and the first bad segment to the caller's status word.
#pragma once
#include <cstdint>

#include "ordo/cuda/segmented_sort/block/bin_segments.cuh"
#include "ordo/cuda/segmented_sort/dispatch/policies.cuh"
#include "ordo/cuda/segmented_sort/kernel/bin_kernels.cuh"

namespace ordo::detail::segsort {

// The automatic choice between the paths for short segments. Ranking by
// counting costs a segment's length per element, so where one bin holds
// nearly every segment and they are not tiny, that bin's reg-sort wins
// (uniform 32); mixed lengths make every bin kernel re-read sectors the
// others read, and tiny ones make binning the cost (power law max 50,
// uniform 8): docs/benchmarks.md#tuning-segsort-short-tiles.
__host__ __device__ inline bool short_tiles_pay(const bin_summary& h, int n_bins) {
  if (h.max_len <= short_tile_policy::all_tiles_len) return true;
  unsigned long long total = 0, largest = 0;
  for (int b = 0; b < n_bins; ++b) total += h.count[b], largest = h.count[b] > largest ? h.count[b] : largest;
  return double(largest) < short_tile_policy::one_bin_share * double(total);
}

// The hybrid: with segments both longer and shorter than the short tiles
// take, the short ones go to the short tiles (one pass by position) and
// only the longer ones to their bins, once the short ones hold at least
// short_tile_policy::hybrid_share of the elements (estimated from the bin
// counts at 3/4 of each bin's bound). Binning segments of mixed short lengths
// is what made the power law with max 50 slow binned (same entry).
template <class Bins>
__host__ __device__ bool hybrid_pays(const bin_summary& h, u64 n) {
  if (h.max_len <= u64(short_tile_policy::max_len)) return false;  // all short: the choice above
  constexpr int short_bins = 1 + Bins::last_short;
  double elements = double(h.count[0]);
  for (int b = 1; b < short_bins; ++b) elements += double(h.count[b]) * 0.75 * double(1u << b);
  return elements >= short_tile_policy::hybrid_share * double(n);
}

// Which short-tile mode the call takes (bin_plan::short_mode): the same rule
// on the host and on the device. `tiled`: the short tiles can run at all
// (built-in order, not by_bounds); force_short / allow_hybrid: the path
// option (short_tiles forces them where every segment is short;
// automatic and radix_tiles allow the hybrid).
struct short_rule {
  bool tiled, automatic, force_short, allow_hybrid;
};
template <class Bins>
__host__ __device__ int short_mode_of(const bin_summary& h, u64 n, const short_rule& rule) {
  constexpr int n_bins = Bins::top_log2 + 2;
  if (!rule.tiled) return 0;
  if ((rule.automatic || rule.force_short) && h.max_len <= u64(short_tile_policy::max_len) &&
      (rule.force_short || short_tiles_pay(h, n_bins)))
    return 1;
  if (rule.allow_hybrid && hybrid_pays<Bins>(h, n)) return 2;
  return 0;
}

// One thread: the lists' starts (an exclusive scan of the bin sizes, also
// the scatter's cursors), what each bin sorts, and the status: ~0, or the
// first segment that is out of range or too long, in which case nothing is
// sorted (bad offsets can make segments overlap).
template <class Bins>
__global__ void bin_plan_kernel(const bin_summary* sum, int lists_n, u64 n, short_rule rule,
                                unsigned long long* cursor, bin_plan* plan, std::uint64_t* status) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  const bin_summary& h = *sum;
  const bool bad = h.first_bad != ~0ull;
  *status = h.first_bad;
  const int mode = bad ? 0 : short_mode_of<Bins>(h, n, rule);
  unsigned long long at = 0;
  for (int b = 0; b < lists_n; ++b) {
    plan->start[b] = cursor[b] = at;
    at += h.count[b];
    plan->count[b] = bad || mode == 1 || (mode == 2 && b <= Bins::last_short) ? 0 : h.count[b];
  }
  plan->max_len = bad ? 0 : h.max_len;
  plan->short_mode = mode;
  plan->skip_scatter = bad || mode == 1;
}

}  // namespace ordo::detail::segsort
