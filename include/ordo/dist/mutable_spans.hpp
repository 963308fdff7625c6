// The distributed front doors (ordo::mpi, ordo::nccl) take mutable key spans
// too, as the single-process ones do: each forwards to the const-key call.
// A distributed execution type opts in with
//   template <> inline constexpr bool detail::is_distributed_exec_v<T> = true;
#pragma once
#include <span>
#include <type_traits>

#include "ordo/global_index.hpp"
#include "ordo/rank.hpp"

namespace ordo {
namespace detail {
template <class Exec>
inline constexpr bool is_distributed_exec_v = false;
}  // namespace detail

template <class Exec>
concept distributed_exec = detail::is_distributed_exec_v<Exec>;

template <distributed_exec Exec, class Key>
  requires(!std::is_const_v<Key>)
void sort_idx(const Exec& ex, std::span<Key> keys, std::span<global_index> perm,
              sort_order order = sort_order::ascending) {
  sort_idx(ex, std::span<const Key>(keys), perm, order);
}

template <distributed_exec Exec, class Key, class Rank>
  requires(!std::is_const_v<Key>)
void rank(const Exec& ex, std::span<Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  rank(ex, std::span<const Key>(keys), ranks, options);
}

template <distributed_exec Exec, class Key, class Rank>
  requires(!std::is_const_v<Key>)
void rank_sorted(const Exec& ex, std::span<Key> keys, std::span<Rank> ranks, const rank_sorted_options& options = {}) {
  rank_sorted(ex, std::span<const Key>(keys), ranks, options);
}

}  // namespace ordo
