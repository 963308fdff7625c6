// Wyllie's pointer jumping (Sec. 3.1, Algorithm 1, Listing 1). Listing 1
// packs a node's rank and successor into one 64-bit word so a thread reads
// and writes both at once while others jump over it; ordo does the same with
// (predecessor, value) so the result is the prefix from the head directly:
//   word[x] = (pred, v over (pred, x]);  word[x] <- (pred of pred, op(v[pred], v[x]))
// 32-bit words (16-bit link and rank) serve lists of fewer than 2^16 nodes,
// as the paper suggests. Words wider than 64 bits (64-bit links or values
// with a 32-bit link) cannot be updated in place atomically, so those jump
// synchronously between two buffers instead.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "common/list_rank/marks.hpp"
#include "cuda/list_rank/thread/list_functors.cuh"

namespace ordo::detail::cuda_list {
using namespace ordo::detail::list;

// Link type P and value type V in one word W, link in the high half.
template <class P, class V>
struct wyllie_word {
  static constexpr bool packed = sizeof(P) + sizeof(V) <= 8;
  using W = std::conditional_t<(sizeof(P) + sizeof(V) <= 4), std::uint32_t, std::uint64_t>;
  using VBits = std::conditional_t<sizeof(V) == 2, std::uint16_t,
                                   std::conditional_t<sizeof(V) == 4, std::uint32_t, std::uint64_t>>;
  static constexpr P none = static_cast<P>(~P(0));
  __device__ __forceinline__ static W pack(P p, V v) {
    VBits b;
    memcpy(&b, &v, sizeof(V));
    return (W(p) << (8 * sizeof(V))) | W(b);
  }
  __device__ __forceinline__ static P link(W w) { return static_cast<P>(w >> (8 * sizeof(V))); }
  __device__ __forceinline__ static V value(W w) {
    const VBits b = static_cast<VBits>(w);
    V v;
    memcpy(&v, &b, sizeof(V));
    return v;
  }
};

// Unpacked node for the two-buffer form.
template <class P, class V>
struct wyllie_node {
  P pred;
  V val;
};

// pred[s] = x for every link x -> s (pred preset to none).
template <class P, class Index>
__global__ void wyllie_links(const Index* succ, std::uint64_t n, const std::uint32_t* marks, P* pred) {
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t s = succ_value(succ[x]);
    if (s < n && !(mark_of(marks, s) & many_preds)) pred[s] = static_cast<P>(x);
  }
}

template <class P, class V, class Src>
__global__ void wyllie_pack(std::uint64_t n, const P* pred, Src src, typename wyllie_word<P, V>::W* word) {
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x)
    word[x] = wyllie_word<P, V>::pack(pred[x], static_cast<V>(src(x)));
}

// One round, in place (Listing 1's loop body). Reads bypass L1 (__ldcg) so a
// thread sees its neighbours' jumps of this round as soon as L2 has them.
template <class P, class V, class Op>
__global__ void wyllie_round_packed(std::uint64_t n, typename wyllie_word<P, V>::W* word, Op op) {
  using WW = wyllie_word<P, V>;
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x) {
    const auto w = __ldcg(&word[x]);
    const P p = WW::link(w);
    if (p == WW::none) continue;
    const auto q = __ldcg(&word[p]);
    word[x] = WW::pack(WW::link(q), op(WW::value(q), WW::value(w)));
  }
}

template <class P, class V, class Sink>
__global__ void wyllie_finish_packed(std::uint64_t n, const typename wyllie_word<P, V>::W* word, Sink sink) {
  using WW = wyllie_word<P, V>;
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x) {
    const auto w = word[x];
    sink(x, WW::value(w), WW::link(w) != WW::none);
  }
}

template <class P, class V, class Src>
__global__ void wyllie_nodes(std::uint64_t n, const P* pred, Src src, wyllie_node<P, V>* node) {
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x)
    node[x] = {pred[x], static_cast<V>(src(x))};
}

// One synchronous round between two buffers.
template <class P, class V, class Op>
__global__ void wyllie_round_buffered(std::uint64_t n, const wyllie_node<P, V>* in, wyllie_node<P, V>* out, Op op) {
  constexpr P none = static_cast<P>(~P(0));
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x) {
    const wyllie_node<P, V> a = in[x];
    if (a.pred == none) {
      out[x] = a;
      continue;
    }
    const wyllie_node<P, V> b = in[a.pred];
    out[x] = {b.pred, op(b.val, a.val)};
  }
}

template <class P, class V, class Sink>
__global__ void wyllie_finish_buffered(std::uint64_t n, const wyllie_node<P, V>* node, Sink sink) {
  constexpr P none = static_cast<P>(~P(0));
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x)
    sink(x, node[x].val, node[x].pred != none);
}

}  // namespace ordo::detail::cuda_list
