// Block scope: which segments a bin kernel sorts. With a host
// synchronisation the host knows each bin's list and size and launches an
// exact grid; without one (segmented_sort_options::host_sync = false) they
// stay on the device, in the bin_plan that bin_plan_kernel writes, and the
// kernels read them there and loop over a grid the host sized from a bound.
#pragma once
#include <cstdint>

#include "ordo/cuda/thread/element_io.cuh"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::segsort {

inline constexpr int max_bins = 20;

// The device's decisions after the histogram (kernel/bin_plan_kernel.cuh).
struct bin_plan {
  unsigned long long start[max_bins];  // bin b's first slot in the lists
  unsigned long long count[max_bins];  // what bin b sorts: 0 where the short tiles take its segments
  unsigned long long max_len;          // the longest segment (0 with a bad one): which grid-bin steps run
  int short_mode;                      // 0: no short tiles, 1: only short tiles, 2: the hybrid (short ones)
  int skip_scatter;                    // nothing for the bins: a bad segment, or only short tiles
};

// Bin b's segment list: segs[0, count) from the host, or, with a plan,
// segs[plan->start[b], + plan->count[b]) (count is then the host's bound).
struct bin_segments {
  const u32* segs = nullptr;
  u64 count = 0;
  const bin_plan* plan = nullptr;
  int b = 0;
  __device__ __forceinline__ u64 size() const { return plan ? u64(plan->count[b]) : count; }
  __device__ __forceinline__ const u32* list() const { return plan ? segs + plan->start[b] : segs; }
};

}  // namespace ordo::detail::segsort
