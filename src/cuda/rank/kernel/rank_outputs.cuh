// What the tile kernel writes: a Ranker turns (position, first, last, dense)
// into the method's rank; a Writer stores the Items ranks of a thread.
#pragma once
#include <cstdint>
#include <type_traits>

#include "cuda/rank/thread/load_store.cuh"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank {

template <rank_method M, class R>
struct sorted_ranker {
  __device__ __forceinline__ R operator()(std::uint64_t pos, std::uint64_t first, std::uint64_t last,
                                          std::uint64_t dense) const {
    if constexpr (M == rank_method::min) return R(first + 1);
    else if constexpr (M == rank_method::max) return R(last + 1);
    else if constexpr (M == rank_method::dense) return R(dense);
    else if constexpr (M == rank_method::ordinal) return R(pos + 1);
    else return R((double(first) + double(last)) * 0.5 + 1.0);  // average
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
