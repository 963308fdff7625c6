// What the distributed backends (ordo::mpi on the CPU, ordo::nccl on the GPU)
// share to rank a globally sorted distributed array, free of any transport:
// each process summarises its part in six numbers (tie_boundary), every
// process sees every summary after one allgather, and place_ties turns them
// into where this process's local ranks go (tie groups crossing one or many
// whole processes included). placed_rank applies that placement to one local
// rank on the host or in a GPU kernel. docs/algorithms.md ("Distributed sort
// and rank") explains the arithmetic.
#pragma once
#include <cstdint>
#include <span>

#include "ordo/detail/host_device.hpp"
#include "ordo/rank_variants.hpp"

namespace ordo::dist {

// One process's part of the sorted tie codes (equal codes tie). Six 64-bit
// words in this order: the allgather moves them as such.
struct tie_boundary {
  std::uint64_t n = 0;
  std::uint64_t first = 0, last = 0;  // codes[0], codes[n-1] (0 when n == 0)
  std::uint64_t lead = 0;             // codes equal to first
  std::uint64_t trail = 0;            // codes equal to last
  std::uint64_t distinct = 0;         // distinct codes (only dense reads it)
};
static_assert(sizeof(tie_boundary) == 6 * sizeof(std::uint64_t), "gathered as 6 words");

// The summary of sorted codes on the host.
tie_boundary tie_boundary_of(std::span<const std::uint64_t> sorted_codes);

// Where process me's ranks go: global positions are 0-based, ranks 1-based.
struct tie_placement {
  std::uint64_t n = 0, offset = 0;           // local size; global position of codes[0]
  std::uint64_t lead = 0, trail = 0;         // this process's leading and trailing runs
  std::uint64_t group_start = 0;             // global start of the leading tie group
  std::uint64_t group_end = 0;               // global end (exclusive) of the trailing tie group
  std::uint64_t lead_end = 0, trail_start = 0;  // ends of the local runs, global, for average
  std::uint64_t dense_before = 0;            // distinct codes before codes[0] that are not codes[0]
};

tie_placement place_ties(std::span<const tie_boundary> all, int me);

// Distinct codes over every process (the largest dense rank).
std::uint64_t distinct_total(std::span<const tie_boundary> all);

// How many codes equal `top`, for the largest code of all (the NaN group
// that na_option::keep leaves unranked sits there).
std::uint64_t count_of_top_code(std::span<const tie_boundary> all, std::uint64_t top);

// The global rank of local position i, whose rank among this process's codes
// alone is `local` (the same method, 1-based).
// lead / trail: the element ties with this process's first / last code.
ORDO_HD double placed_rank(const tie_placement& t, rank_method method, bool lead, bool trail, double local) {
  switch (method) {
    case rank_method::min: return lead ? double(t.group_start + 1) : double(t.offset) + local;
    case rank_method::max: return trail ? double(t.group_end) : double(t.offset) + local;
    case rank_method::ordinal: return double(t.offset) + local;
    case rank_method::dense: return double(t.dense_before) + local;
    case rank_method::average:
      if (lead) return (double(t.group_start + 1) + double(t.lead_end)) / 2;
      if (trail) return (double(t.trail_start + 1) + double(t.group_end)) / 2;
      return double(t.offset) + local;
  }
  return local;
}

// The same for local position i of the sorted codes.
ORDO_HD double placed_rank(const tie_placement& t, rank_method method, std::uint64_t i, double local) {
  return placed_rank(t, method, i < t.lead, i >= t.n - t.trail, local);
}

}  // namespace ordo::dist
