// Rank semantics, written once for every backend (pandas / scipy rankdata):
// the value each method gives a position of a tie group, and the finishing
// step (pct, unranked NaN). The CPU loops and the GPU kernels call these.
#pragma once
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ordo/detail/host_device.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail {

// Position `pos` of a tie group that occupies sorted positions [first, last]
// (0-based) and is the `dense`-th distinct key (1-based).
template <rank_method M, class R>
ORDO_HD R tie_group_rank(std::uint64_t pos, std::uint64_t first, std::uint64_t last, std::uint64_t dense) {
  if constexpr (M == rank_method::min) return R(first + 1);
  else if constexpr (M == rank_method::max) return R(last + 1);
  else if constexpr (M == rank_method::dense) return R(dense);
  else if constexpr (M == rank_method::ordinal) return R(pos + 1);
  else return R((double(first) + double(last)) * 0.5 + 1.0);  // average: integer ranks refuse it
}

template <class R>
ORDO_HD R tie_group_rank(rank_method m, std::uint64_t pos, std::uint64_t first, std::uint64_t last,
                         std::uint64_t dense) {
  switch (m) {
    case rank_method::min: return tie_group_rank<rank_method::min, R>(pos, first, last, dense);
    case rank_method::max: return tie_group_rank<rank_method::max, R>(pos, first, last, dense);
    case rank_method::dense: return tie_group_rank<rank_method::dense, R>(pos, first, last, dense);
    case rank_method::ordinal: return tie_group_rank<rank_method::ordinal, R>(pos, first, last, dense);
    case rank_method::average: break;
  }
  return tie_group_rank<rank_method::average, R>(pos, first, last, dense);
}

// The facts of its tie group a method's value is made of, beyond the
// position: the group's first and last position, its dense index. The CPU's
// group walk and the GPU's tile kernel compute only those a method needs.
enum rank_fact : unsigned { fact_first = 1, fact_last = 2, fact_dense = 4 };
constexpr unsigned rank_facts(rank_method m) {
  switch (m) {
    case rank_method::min: return fact_first;
    case rank_method::max: return fact_last;
    case rank_method::dense: return fact_dense;
    case rank_method::ordinal: return 0;
    case rank_method::average: return fact_first | fact_last;
  }
  return fact_first | fact_last | fact_dense;
}

// pct divides by the largest rank among the ranked keys: the number of
// distinct keys for dense, else the number of ranked keys (NaN under keep
// is not ranked).
ORDO_HD double pct_divisor(rank_method m, std::uint64_t ranked, std::uint64_t groups) {
  return double(m == rank_method::dense ? groups : ranked);
}

// A key left unranked (NaN under na_option::keep): NaN, or 0 in integer ranks.
template <class R>
ORDO_HD R unranked_value() {
  if constexpr (std::is_floating_point_v<R>) return std::numeric_limits<R>::quiet_NaN();
  else return R(0);
}

// The finishing step of a floating rank: the method's value, over pct's divisor.
template <class R>
ORDO_HD R finish_rank(double value, bool pct, double divisor) {
  return R(pct ? value / divisor : value);
}

}  // namespace ordo::detail
