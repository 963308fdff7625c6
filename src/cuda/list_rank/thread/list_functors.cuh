// The small function objects the list kernels are parameterised by:
//   sources  V src(x): the value of node x (ones for list_rank, an array for list_scan)
//   sinks    sink(x, v, cyclic): where a level's inclusive prefixes go; the
//            first level converts (rank = count - 1) and reports cycles, the
//            deeper ones keep prefix and cycle flag for the level above
#pragma once
#include <cstdint>

#include "common/list_rank/list_checks.hpp"

namespace ordo::detail::cuda_list {

template <class V>
struct ones {
  __device__ __forceinline__ V operator()(std::uint64_t) const { return V(1); }
};

template <class V>
struct array_source {
  const V* v;
  __device__ __forceinline__ V operator()(std::uint64_t x) const { return v[x]; }
};

struct count_to_rank {  // list_rank: inclusive count of ones - 1
  template <class V>
  __device__ __forceinline__ V operator()(V v) const { return v - 1; }
};
struct unchanged {
  template <class V>
  __device__ __forceinline__ V operator()(V v) const { return v; }
};

// The caller's output. `cycle` (null unless validating) collects the
// smallest node on a cycle.
template <class Out, class Finish>
struct output_sink {
  Out* out;
  Finish finish;
  unsigned long long* cycle;
  template <class V>
  __device__ __forceinline__ void operator()(std::uint64_t x, V v, bool cyclic) const {
    out[x] = static_cast<Out>(finish(v));
    if (cyclic && cycle) atomicMin(cycle, static_cast<unsigned long long>(x));
  }
};

// A reduced level's prefixes; `cyclic` is null unless validating.
template <class V>
struct level_sink {
  V* prefix;
  unsigned char* cyclic;
  __device__ __forceinline__ void operator()(std::uint64_t x, V v, bool c) const {
    prefix[x] = v;
    if (cyclic) cyclic[x] = c;
  }
};

template <class Index>
__device__ __forceinline__ std::uint64_t succ_value(Index s) {
  return static_cast<std::uint64_t>(s);  // Index is unsigned here; the end marker is >= n
}

}  // namespace ordo::detail::cuda_list
