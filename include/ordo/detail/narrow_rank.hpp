// rank and rank_sorted over the narrow keys (int8, uint8, int16, uint16, bool,
// float16, bfloat16, __half, __nv_bfloat16): the keys are widened to their
// carrier (detail/narrow_keys.hpp) and ranked by the carrier's compiled code,
// so ranks, ties, NaN and -0.0 are the carrier's (bool: false < true, ranked
// as pandas ranks a bool Series). These overloads are more constrained than
// rank.hpp's, so a narrow key type picks them; they are the carrier step of
// rank's front door until rank has one template per entry point (then this is
// the one call at its top).
#pragma once
#include <span>

#include "ordo/detail/narrow_keys.hpp"

namespace ordo {

namespace detail::op {
struct narrow_rank_sorted : op_returning<> {
  static constexpr const char* name = "rank_sorted";
};
struct narrow_rank : op_returning<> {
  static constexpr const char* name = "rank";
};
}  // namespace detail::op

template <class Key, class Rank>
  requires detail::is_narrow_key_v<Key>
void rank_sorted(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {}) {
  detail::via_carrier<detail::op::narrow_rank_sorted>(
      exec, [&](auto k) { ordo::rank_sorted(exec, k, ranks, options); }, detail::keys_in(keys));
}
template <class Key, class Rank>
  requires detail::is_narrow_key_v<Key>
void rank_sorted(const cuda& exec, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {}) {
  detail::via_carrier<detail::op::narrow_rank_sorted>(
      exec, [&](auto k) { ordo::rank_sorted(exec, k, ranks, options); }, detail::keys_in(keys));
}
template <class Key, class Rank>
  requires detail::is_narrow_key_v<Key>
void rank(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  detail::via_carrier<detail::op::narrow_rank>(
      exec, [&](auto k) { ordo::rank(exec, k, ranks, options); }, detail::keys_in(keys));
}
template <class Key, class Rank>
  requires detail::is_narrow_key_v<Key>
void rank(const cuda& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  detail::via_carrier<detail::op::narrow_rank>(
      exec, [&](auto k) { ordo::rank(exec, k, ranks, options); }, detail::keys_in(keys));
}

}  // namespace ordo
