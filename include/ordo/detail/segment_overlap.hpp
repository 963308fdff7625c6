// Overlapping segments (by_bounds only: offsets that never decrease cannot
// overlap, fixed lengths never do). Two segments overlap when they share an
// element; an empty segment shares none, wherever it lies. Sorting two
// overlapping segments at once loses keys and duplicates others, so
// validation rejects them.
//
// The pair reported is canonical, the same on the CPU and the GPU: taking the
// non-empty segments in order of (begin, index), the first one that begins
// before an earlier one ends, and of the earlier ones the one that reaches
// furthest (the first such). Host code: the GPU calls it on a host copy of
// the bounds, once it has found that some pair overlaps.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail {

struct segment_overlap {
  bool found = false;
  std::uint64_t first = 0, second = 0;  // segment indices, `first` begins first
};

// d's segments must be valid (begin <= end <= n) and readable on the host.
// O(m) when the begins never decrease, else a sort of the m indices.
inline segment_overlap find_segment_overlap(const segment_desc& d) {
  const std::uint64_t m = d.kind == segment_kind::bounds ? d.count : 0;
  if (m < 2) return {};
  // Walks the segments in the order index_at gives (by begin).
  const auto scan = [&](std::uint64_t count, auto index_at) {
    std::uint64_t reach = 0, reacher = m;  // the furthest end so far, and whose
    for (std::uint64_t k = 0; k < count; ++k) {
      const std::uint64_t i = index_at(k);
      const segment_range r = d[i];
      if (r.begin == r.end) continue;
      if (reacher < m && r.begin < reach) return segment_overlap{true, reacher, i};
      if (r.end > reach) reach = r.end, reacher = i;
    }
    return segment_overlap{};
  };
  bool in_order = true;
  for (std::uint64_t i = 1; i < m && in_order; ++i) in_order = d[i - 1].begin <= d[i].begin;
  if (in_order) return scan(m, [](std::uint64_t k) { return k; });
  std::vector<std::uint64_t> idx;
  for (std::uint64_t i = 0; i < m; ++i)
    if (d[i].begin < d[i].end) idx.push_back(i);
  std::sort(idx.begin(), idx.end(), [&](std::uint64_t a, std::uint64_t b) {
    const std::uint64_t ba = d[a].begin, bb = d[b].begin;
    return ba < bb || (ba == bb && a < b);
  });
  return scan(idx.size(), [&](std::uint64_t k) { return idx[k]; });
}

[[noreturn]] inline void throw_segment_overlap(const char* fn, const segment_desc& d, const segment_overlap& o) {
  const auto text = [&](std::uint64_t i) {
    const segment_range r = d[i];
    return std::to_string(i) + " [" + std::to_string(r.begin) + ", " + std::to_string(r.end) + ")";
  };
  throw error(errc::invalid_argument, std::string(fn) + ": segments " + text(o.first) + " and " + text(o.second) +
                                          " overlap (segments must not share elements)");
}

}  // namespace ordo::detail
