// The per-position steps of rank over key columns (multikey_rank.hpp), host
// and device, so the CPU loops and the GPU kernels compute the same thing.
//
// After lexsort_idx, sorted position p holds row perm[p]. Then:
//   1. column_flags: p `breaks` when a column's key differs from position
//      p - 1's (or p = 0); p is `unranked` when a column is NaN under keep.
//   2. two inclusive scans: dense[p] = tie groups begun up to p (a ranked
//      position that breaks begins one), unr[p] = unranked rows up to p.
//   3. group_first: the ranked-row index of each tie group's first row.
//   4. rank_position: the value of rank_value.hpp for p's tie group.
//
// Unranked rows (NaN under keep) may sit anywhere in the order, but never
// inside a tie group: rows a <= x <= b with a and b equal on every column are
// equal to x too, and a NaN row differs from a ranked row in its NaN column.
// So a tie group's rows are adjacent, and its ranked-row indices are
// first .. first + length - 1.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/rank_value.hpp"
#include "ordo/detail/host_device.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/lexsort.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::multikey {

enum : std::uint8_t { breaks = 1, unranked = 2 };

// One column's flags at position p (OR them over the columns). Equal order
// codes are ties: NaN ties NaN, -0.0 ties +0.0.
template <class K, class Index>
ORDO_HD std::uint8_t column_flags(const K* keys, const Index* perm, std::uint64_t p, bool keep_nan) {
  const K k = keys[perm[p]];
  std::uint8_t f = keep_nan && key_traits<K>::is_nan(k) ? unranked : 0;
  if (p == 0 || sort_key_code(k, false, true) != sort_key_code(keys[perm[p - 1]], false, true)) f |= breaks;
  return f;
}

// 1 where a ranked position begins a tie group (the input of the dense scan).
ORDO_HD std::uint64_t begins_group(std::uint8_t f) { return (f & breaks) && !(f & unranked) ? 1 : 0; }
ORDO_HD std::uint64_t is_unranked(std::uint8_t f) { return (f & unranked) ? 1 : 0; }

// Unranked rows before position p (none when unr is null: nothing can be unranked).
ORDO_HD std::uint64_t unranked_up_to(const std::uint64_t* unr, std::uint64_t p) { return unr ? unr[p] : 0; }

// Step 3, at a position that begins a group: first[group] = its ranked-row index.
ORDO_HD void group_first(const std::uint8_t* flags, const std::uint64_t* dense, const std::uint64_t* unr,
                                std::uint64_t p, std::uint64_t* first) {
  if (begins_group(flags[p])) first[dense[p] - 1] = p - unranked_up_to(unr, p);
}

struct rank_args {
  std::uint64_t n;
  rank_method method;
  bool pct;
};

// Step 4: out[perm[p]].
template <class Index, class R>
ORDO_HD void rank_position(const Index* perm, const std::uint8_t* flags, const std::uint64_t* dense,
                           const std::uint64_t* unr, const std::uint64_t* first, const rank_args& a, std::uint64_t p,
                           R* out) {
  if (flags[p] & unranked) {
    out[perm[p]] = unranked_value<R>();
    return;
  }
  const std::uint64_t groups = dense[a.n - 1], ranked = a.n - unranked_up_to(unr, a.n - 1);
  const std::uint64_t d = dense[p], q = p - unranked_up_to(unr, p);
  const std::uint64_t f = first[d - 1], l = (d < groups ? first[d] : ranked) - 1;
  if constexpr (std::is_floating_point_v<R>)
    out[perm[p]] = finish_rank<R>(tie_group_rank<double>(a.method, q, f, l, d), a.pct,
                                  pct_divisor(a.method, ranked, groups));
  else
    out[perm[p]] = tie_group_rank<R>(a.method, q, f, l, d);
}

// Whether any row can go unranked: na keep with a floating column.
inline bool may_unrank(std::span<const sort_key> columns, const rank_options& o) {
  if (o.na != na_option::keep) return false;
  for (const sort_key& c : columns)
    if (visit_sort_key_type(c.type, [&]<class K>() { return std::is_floating_point_v<K>; })) return true;
  return false;
}

}  // namespace ordo::detail::multikey
