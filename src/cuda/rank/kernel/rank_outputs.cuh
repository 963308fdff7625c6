// What the tile kernel writes: a Ranker turns (position, first, last, dense)
// into the method's rank; a Writer stores the Items ranks of a thread.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/rank_value.hpp"
#include "cuda/rank/thread/load_store.cuh"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank {

template <rank_method M, class R>
struct sorted_ranker {
  __device__ __forceinline__ R operator()(std::uint64_t pos, std::uint64_t first, std::uint64_t last,
                                          std::uint64_t dense) const {
    return tie_group_rank<M, R>(pos, first, last, dense);
  }
};

// Ranks land at their own positions: rank_sorted.
template <class R>
struct contiguous_writer {
  using value_type = R;
  R* out;
  template <int Items>
  __device__ __forceinline__ void write(std::uint64_t pos0, std::uint64_t n, const R (&v)[Items]) const {
    store_items<R, Items>(out, pos0, n, v);
  }
};

}  // namespace ordo::detail::cuda_rank
