// Rank over several key columns: ordo::rank with sort_keys (lexsort.hpp)
// instead of one span of keys. Rows are ranked in lexicographic order, the
// first column primary, each column ascending or descending; ties are rows
// equal on every column (NaN ties NaN, -0.0 ties +0.0, as lexsort's order
// codes compare them). Every rank_options field applies as it does to one
// column (pandas Series.rank):
//
//   method     average, min, max, dense, first (ordinal): the tie group's
//              value, as rank() computes it (src/common/rank_value.hpp)
//   ascending  false reverses every column's direction (a column made
//              descending by make_sort_key ranks ascending then)
//   na         keep: a row with NaN in any key column is not ranked (NaN
//                    rank, 0 in integer ranks) and not counted (pct)
//              top / bottom: NaN rows are ranked where the order puts them:
//                    in every column NaN goes before (top) or after (bottom)
//                    every number, whatever the direction, as pandas puts
//                    NaN for one column. The columns' own nan_last is
//                    lexsort_idx's and is not read here.
//   pct        ranks over the number of ranked rows (dense: of tie groups)
//   variant    automatic only (there is one implementation)
//
// With one column this is rank() of that column, element for element.
// On the GPU the columns and ranks are device memory and the call is
// asynchronous on exec's stream.
//
// Example (CPU): by team ascending, then score descending:
//   std::vector<int> team = {2, 1, 2, 1, 2};
//   std::vector<double> score = {0.5, 0.7, 0.9, 0.1, 0.5};
//   std::vector<double> r(5);
//   const ordo::sort_key cols[] = {ordo::make_sort_key(std::span<const int>(team)),
//                                  ordo::make_sort_key(std::span<const double>(score), true)};
//   ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(cols), std::span<double>(r));
//   // r = 4.5 1 3 2 4.5
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/lexsort.hpp"
#include "ordo/rank.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/rank_checks.hpp"

namespace ordo::detail {
namespace op {
struct multikey_rank : named_op<"rank (key columns)"> {};
}  // namespace op

// The columns as the backends sort them: each column's direction flipped
// when !ascending, its NaN placed by na (keep: last; those rows go unranked).
struct multikey_columns {
  std::array<sort_key, max_sort_keys> cols{};
  std::size_t count = 0;
  std::span<const sort_key> span() const { return {cols.data(), count}; }
};

inline multikey_columns ranking_columns(std::span<const sort_key> columns, const rank_options& o) {
  multikey_columns m;
  for (const sort_key& c : columns) {
    sort_key k = c;
    k.descending = c.descending != !o.ascending;
    k.nan_last = o.na != na_option::top;
    m.cols[m.count++] = k;
  }
  return m;
}
}  // namespace ordo::detail

namespace ordo {

// Rank: double or float, or uint32/uint64 for the integral methods without
// pct (as rank()). Errors (errc::invalid_argument): 0 or more than 8 columns,
// columns or ranks of another length, a hand-made sort_key of no listed type
// or without data, average or pct into integer ranks, a variant other than
// automatic.
template <execution_policy Exec, class Rank>
void rank(const Exec& exec, std::span<const sort_key> columns, std::span<Rank> ranks, const rank_options& options = {}) {
  detail::check_sort_keys("rank", columns, ranks.size(), "ranks");
  detail::check_rank_args<double, Rank>(ranks.size(), ranks.size(), options.method, options.pct, "rank");
  if (options.variant != rank_unsorted_variant::automatic)
    throw error(errc::invalid_argument, std::string("rank: variant '") + to_string(options.variant) +
                                            "' is for one key column; a rank over key columns has one implementation");
  if (ranks.empty()) return;
  const detail::multikey_columns cols = detail::ranking_columns(columns, options);
  detail::backend<Exec, detail::op::multikey_rank>::run(exec, cols.span(), ranks, options);
}

template <execution_policy Exec, class Rank>
void rank(const Exec& exec, std::span<sort_key> columns, std::span<Rank> ranks, const rank_options& options = {}) {
  rank(exec, std::span<const sort_key>(columns), ranks, options);
}

}  // namespace ordo

namespace ordo::detail {
// Both backends' rank over columns (already turned by ranking_columns),
// compiled into libordo for every rank type (src/cpu/lexsort/multikey_rank_cpu.cpp,
// src/cuda/lexsort/multikey_rank.cu).
template <built_backend Exec>
struct backend<Exec, op::multikey_rank> {
  template <class Rank>
  static void run(const Exec& exec, std::span<const sort_key> columns, std::span<Rank> ranks, const rank_options& o);
};
}  // namespace ordo::detail
