// Grouped rank: pandas `x.groupby(g).rank(...)`, each key ranked among the
// keys of its own group, with every option of rank() (rank_options: method,
// ascending, na_option, pct; pct divides by the group's ranked keys, or for
// dense by the group's distinct keys, as pandas does).
//
// Groups are given one of two ways:
//   grouped_rank(exec, keys, labels, ranks, options)
//       labels[i] is key i's group: any integer type, unsorted, negative and
//       large values allowed (only equality matters).
//   grouped_rank(exec, keys, segs, ranks, options)
//       each segment of `segs` (segments.hpp: by_offsets, by_bounds,
//       fixed_length, as segmented_sort takes them) is a group; ranks of
//       elements no segment covers are not written.
// As with rank(), on the GPU every span is device memory and the call is
// asynchronous on exec's stream (segments by_bounds and offsets are checked
// on the device and read back once).
//
// Example (CPU):
//   std::vector<double> x = {3, 1, 2, 9, 1};
//   std::vector<int> g = {7, 7, -1, -1, 7};
//   std::vector<double> r(x.size());
//   ordo::grouped_rank(ordo::cpu{}, std::span<const double>(x), std::span<const int>(g),
//                      std::span<double>(r));               // r = 3 1.5 1 2 1.5
#pragma once
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/rank.hpp"
#include "ordo/segments.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/group_labels.hpp"
#include "ordo/detail/narrow_keys.hpp"
#include "ordo/detail/rank_checks.hpp"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail::op {
struct grouped_rank : named_op<"grouped_rank"> {};
struct segmented_rank : named_op<"grouped_rank (segments)"> {};
}  // namespace ordo::detail::op

namespace ordo::detail {
// What both front doors do: narrow keys go through their carrier, with which
// again(keys) calls the front door once more; other keys are checked, then
// backend<Exec, Op> runs with the groups' descriptor (describe(), which checks
// the groups first).
template <class Op, class Exec, class Key, class Rank, class Again, class Describe>
void grouped_rank_via(const Exec& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& options,
                      Again again, Describe describe) {
  if constexpr (is_narrow_key_v<Key>) {
    via_carrier<Op>(exec, again, keys_in(keys));
  } else {
    check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, options.pct, "grouped_rank");
    backend<Exec, Op>::run(exec, keys, describe(), ranks, options);
  }
}
}  // namespace ordo::detail

namespace ordo {

// Groups by labels (any integer type but bool; read by width at run time, so
// nothing is compiled per label type).
template <execution_policy Exec, class Key, std::integral Label, class Rank>
  requires(!std::is_same_v<std::remove_cv_t<Label>, bool>)
void grouped_rank(const Exec& exec, std::span<const Key> keys, std::span<const Label> labels, std::span<Rank> ranks,
                  const rank_options& options = {}) {
  detail::grouped_rank_via<detail::op::grouped_rank>(
      exec, keys, ranks, options, [&](auto k) { ordo::grouped_rank(exec, k, labels, ranks, options); },
      [&] {
        if (labels.size() != keys.size())
          throw error(errc::invalid_argument, "grouped_rank: labels has " + std::to_string(labels.size()) +
                                                  " elements but keys has " + std::to_string(keys.size()));
        return detail::make_label_desc(labels);
      });
}

// Groups by segments (offsets int32, uint32, int64 or uint64).
template <execution_policy Exec, class Key, class Offset, class Rank>
void grouped_rank(const Exec& exec, std::span<const Key> keys, const segments<Offset>& segs, std::span<Rank> ranks,
                  const rank_options& options = {}) {
  detail::grouped_rank_via<detail::op::segmented_rank>(
      exec, keys, ranks, options, [&](auto k) { ordo::grouped_rank(exec, k, segs, ranks, options); },
      [&] { return detail::make_segment_desc("grouped_rank", segs, keys.size()); });
}

// Mutable spans convert to the const ones above.
template <execution_policy Exec, class Key, class G, class Rank>
  requires(!std::is_const_v<Key>)
void grouped_rank(const Exec& exec, std::span<Key> keys, const G& groups, std::span<Rank> ranks,
                  const rank_options& options = {}) {
  if constexpr (requires { typename G::element_type; }) {
    grouped_rank(exec, std::span<const Key>(keys), std::span<const typename G::element_type>(groups), ranks, options);
  } else {
    grouped_rank(exec, std::span<const Key>(keys), groups, ranks, options);
  }
}

}  // namespace ordo

#include "ordo/cpu/grouped_rank_cpu.hpp"
#if defined(ORDO_HAS_CUDA)
#include "ordo/cuda/grouped_rank_cuda.hpp"
#endif
