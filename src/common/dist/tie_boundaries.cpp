// The transport-free boundary arithmetic of the distributed rank
// (include/ordo/dist/tie_boundaries.hpp), shared by ordo::mpi and ordo::nccl.
#include "ordo/dist/tie_boundaries.hpp"

#include <vector>

namespace ordo::dist {

tie_boundary tie_boundary_of(std::span<const std::uint64_t> codes) {
  tie_boundary b;
  const std::uint64_t n = codes.size();
  b.n = n;
  if (!n) return b;
  b.first = codes[0];
  b.last = codes[n - 1];
  while (b.lead < n && codes[b.lead] == b.first) ++b.lead;
  while (b.trail < n && codes[n - 1 - b.trail] == b.last) ++b.trail;
  for (std::uint64_t i = 0; i < n; ++i) b.distinct += (i == 0 || codes[i] != codes[i - 1]);
  return b;
}

tie_placement place_ties(std::span<const tie_boundary> all, int me) {
  const int p = int(all.size());
  std::vector<std::uint64_t> start(p + 1, 0);
  for (int q = 0; q < p; ++q) start[q + 1] = start[q] + all[q].n;
  const tie_boundary& mine = all[me];
  tie_placement t;
  t.n = mine.n;
  t.offset = start[me];
  t.lead = mine.lead;
  t.trail = mine.trail;
  if (!mine.n) return t;
  // The leading tie group may start on earlier processes, the trailing one
  // end on later ones; a process made of one tie group passes the search on.
  t.group_start = t.offset;
  t.group_end = t.offset + mine.n;
  for (int q = me - 1; q >= 0; --q) {
    if (!all[q].n) continue;
    if (all[q].last != mine.first) break;
    t.group_start = start[q] + all[q].n - all[q].trail;
    if (all[q].trail != all[q].n) break;
  }
  for (int q = me + 1; q < p; ++q) {
    if (!all[q].n) continue;
    if (all[q].first != mine.last) break;
    t.group_end = start[q] + all[q].lead;
    if (all[q].lead != all[q].n) break;
  }
  // Dense: the distinct codes up to and including ours, less ours.
  t.dense_before = distinct_total(all.first(std::size_t(me) + 1)) - mine.distinct;
  t.lead_end = mine.lead == mine.n ? t.group_end : t.offset + mine.lead;
  t.trail_start = mine.trail == mine.n ? t.group_start : t.offset + mine.n - mine.trail;
  return t;
}

std::uint64_t distinct_total(std::span<const tie_boundary> all) {
  std::uint64_t d = 0;
  bool have_prev = false;
  std::uint64_t prev_last = 0;
  for (const auto& b : all) {
    if (!b.n) continue;
    d += b.distinct;
    if (have_prev && prev_last == b.first) --d;
    have_prev = true;
    prev_last = b.last;
  }
  return d;
}

std::uint64_t count_of_top_code(std::span<const tie_boundary> all, std::uint64_t top) {
  std::uint64_t c = 0;
  for (const auto& b : all)
    if (b.n && b.last == top) c += b.trail;
  return c;
}

}  // namespace ordo::dist
