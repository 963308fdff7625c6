// The rank a position of the sorted keys gets, as rank() writes it: 'keep'
// leaves NaN unranked (NaN sorts last, from position `ranked` on, so the
// other ranks are unaffected); floating ranks are finished (pct) by `divisor`.
#pragma once
#include <cstddef>
#include <type_traits>

#include "cpu/rank/rank_groups.hpp"

namespace ordo::detail::cpu_rank {

template <class R>
struct rank_valuer {
  const rank_options& o;
  bool keep_nan;
  std::size_t ranked;
  double divisor;
  R operator()(std::size_t pos, const group_facts& g) const {
    if (keep_nan && pos >= ranked) return unranked_value<R>();
    if constexpr (std::is_floating_point_v<R>)
      return finish_rank<R>(method_value<double>(o.method, pos, g), o.pct, divisor);
    else return method_value<R>(o.method, pos, g);
  }
};

}  // namespace ordo::detail::cpu_rank
