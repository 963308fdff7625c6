// RHJ's sublist walks (Algorithm 3, steps 4-10). One thread per sublist
// follows succ from its start, writing each node's sublist number and local
// inclusive prefix, until the next splitter (or the end). On reaching
// splitter j it writes the reduced list: succ1[own] = j, and value1[j] = this
// sublist's total (the paper's "sum of local ranks ... to the rank field of
// the succeeding element in L1"), so the reduced list's inclusive prefix at j
// is everything before sublist j.
//
// Sublists start at the splitters (common/list_rank/splitters.hpp) and at
// the heads that are not splitters (`heads`, counted on the device). A walk
// stops before a node with two predecessors, so walks never overlap and every
// walk ends, whatever the input.
#pragma once
#include <cstdint>

#include "common/list_rank/marks.hpp"
#include "common/list_rank/splitters.hpp"
#include "cuda/list_rank/thread/list_functors.cuh"
#include "cuda/list_rank/thread/reduced_end.cuh"

namespace ordo::detail::cuda_list {
using namespace ordo::detail::list;

inline constexpr std::uint32_t unvisited_sub = 0xffffffffu;
inline constexpr std::uint32_t head_sub = 0xfffffffeu;

template <class V>
struct alignas(sizeof(V) >= 8 ? 16 : 8) walk_record {
  std::uint32_t sub;  // sublist number, head_sub, or unvisited_sub
  V acc;
};

// The nodes x < n with is_head(x), appended in any order; warp-aggregated.
template <class Index, class IsHead>
__global__ void append_heads(std::uint64_t n, IsHead is_head, Index* heads, unsigned long long* count) {
  for (std::uint64_t base = blockIdx.x * std::uint64_t(blockDim.x); base < n;
       base += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t x = base + threadIdx.x;
    const bool head = x < n && is_head(x);
    const unsigned ballot = __ballot_sync(0xffffffffu, head);
    if (!ballot) continue;
    const int lane = threadIdx.x & 31, leader = __ffs(ballot) - 1;
    unsigned long long first = 0;
    if (lane == leader) first = atomicAdd(count, static_cast<unsigned long long>(__popc(ballot)));
    first = __shfl_sync(0xffffffffu, first, leader);
    if (head) heads[first + __popc(ballot & ((1u << lane) - 1))] = static_cast<Index>(x);
  }
}

// Marks mode: heads (no predecessor) that are not splitters.
struct unmarked_non_splitter {
  const std::uint32_t* marks;
  splitter_layout layout;
  __device__ __forceinline__ bool operator()(std::uint64_t x) const {
    return !(mark_of(marks, x) & has_pred) && !layout.is_splitter(x);
  }
};

// Claim mode (level 0 without validation): a walk takes a node by a
// compare-and-swap of its record, still unvisited (all bits set), so no
// in-degree pass is needed to keep walks apart: a node with two
// predecessors, or a cycle back into the walk, fails the claim and ends the
// walk there. On the H100 the CAS costs what the plain store did
// (bench/probes/scatter_probe.cu).
template <class V>
__device__ __forceinline__ bool claim_record(walk_record<V>* r, const walk_record<V>& v) {
  if constexpr (sizeof(walk_record<V>) == 8) {
    unsigned long long want;
    memcpy(&want, &v, 8);
    return atomicCAS(reinterpret_cast<unsigned long long*>(r), ~0ull, want) == ~0ull;
  } else {
    if (atomicCAS(&r->sub, unvisited_sub, v.sub) != unvisited_sub) return false;
    r->acc = v.acc;
    return true;
  }
}

// Walks w0 .. m + *head_count - 1: splitters first, then the heads list.
// Marks mode reads the in-degree marks (null in claim mode, where value1 is
// filled with the identity beforehand and records with all bits set).
template <bool Claim, class V, class Index, class Src, class Op>
__global__ void __launch_bounds__(256) walk_sublists(const Index* succ, std::uint64_t n, const std::uint32_t* marks,
                                                     splitter_layout layout, const Index* heads,
                                                     const unsigned long long* head_count, std::uint64_t w0, Src src,
                                                     Op op, walk_record<V>* records, std::uint32_t* succ1, V* value1,
                                                     std::uint32_t* marks1) {
  const std::uint64_t m = layout.count();
  const std::uint64_t walks = m + *head_count;
  for (std::uint64_t w = w0 + blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; w < walks;
       w += std::uint64_t(gridDim.x) * blockDim.x) {
    const bool from_splitter = w < m;
    std::uint64_t x = from_splitter ? layout.position(w) : succ_value(heads[w - m]);
    const std::uint32_t sub = from_splitter ? static_cast<std::uint32_t>(w) : head_sub;
    V acc = src(x);
    records[x] = {sub, acc};  // splitters and heads are never claimed by another walk
    if constexpr (!Claim)
      if (from_splitter && !(mark_of(marks, x) & has_pred)) value1[w] = Op::template identity<V>();
    std::uint64_t s = succ_value(succ[x]);
    for (;;) {
      if (s >= n) {  // the end of the list (or, unvalidated, a link out of range)
        if (from_splitter) succ1[w] = end32;
        break;
      }
      // Everything about s at once: one memory round trip per step.
      const unsigned mark = Claim ? 0u : mark_of(marks, s);
      const std::uint64_t after = succ_value(succ[s]);
      const V v = src(s);
      if (mark & many_preds) {
        if (from_splitter) succ1[w] = end32;
        break;
      }
      if (layout.is_splitter(s)) {
        const std::uint64_t j = layout.group(s);
        value1[j] = acc;
        if (from_splitter) {
          succ1[w] = static_cast<std::uint32_t>(j);
          atomicOr(&marks1[mark_word(j)], has_pred << mark_shift(j));
        }
        break;
      }
      acc = op(acc, v);
      if constexpr (Claim) {
        if (!claim_record(&records[s], walk_record<V>{sub, acc})) {
          if (from_splitter) succ1[w] = end32;
          break;
        }
      } else {
        records[s] = {sub, acc};
      }
      x = s;
      s = after;
    }
  }
}

// Claim mode, after the splitter walks: the nodes they did not reach are
// the lists' first sublists (and cycles without a splitter). A reached
// node's successor is reached too, so a head is an unreached node that no
// unreached node points at.
template <class V, class Index>
__global__ void mark_unreached_successors(const Index* succ, std::uint64_t n, const walk_record<V>* records,
                                          std::uint32_t* pointed) {
  for (std::uint64_t x = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; x < n;
       x += std::uint64_t(gridDim.x) * blockDim.x) {
    if (records[x].sub != unvisited_sub) continue;
    const std::uint64_t s = succ_value(succ[x]);
    if (s < n) atomicOr(&pointed[s >> 5], 1u << (s & 31));
  }
}

template <class V>
struct unreached_unpointed {
  const walk_record<V>* records;
  const std::uint32_t* pointed;
  __device__ __forceinline__ bool operator()(std::uint64_t x) const {
    return records[x].sub == unvisited_sub && !((pointed[x >> 5] >> (x & 31)) & 1u);
  }
};

template <class V>
__global__ void fill_identity(V* v, std::uint64_t m, V identity) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < m;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    v[i] = identity;
}

// Recombination (Algorithm 3, step 13): prefix = op(prefix of the sublists
// before, local prefix).
// Four records per thread per round, loaded before any is used, so that
// their latencies (and those of the prefix1 gathers) overlap.
template <class V, class Op, class Sink>
__global__ void expand_sublists(std::uint64_t n, std::uint64_t m, const walk_record<V>* records, const V* prefix1,
                                const unsigned char* cyclic1, Op op, Sink sink) {
  constexpr int per = 4;
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x * per;
  for (std::uint64_t base = blockIdx.x * std::uint64_t(blockDim.x) * per + threadIdx.x; base < n; base += stride) {
    walk_record<V> r[per];
#pragma unroll
    for (int k = 0; k < per; ++k) {
      const std::uint64_t x = base + std::uint64_t(k) * blockDim.x;
      if (x < n) r[k] = records[x];
    }
    V p[per];
#pragma unroll
    for (int k = 0; k < per; ++k) {
      const std::uint64_t x = base + std::uint64_t(k) * blockDim.x;
      if (x < n && r[k].sub < m) p[k] = prefix1[r[k].sub];
    }
#pragma unroll
    for (int k = 0; k < per; ++k) {
      const std::uint64_t x = base + std::uint64_t(k) * blockDim.x;
      if (x >= n) continue;
      if (r[k].sub < m) sink(x, op(p[k], r[k].acc), cyclic1 ? cyclic1[r[k].sub] != 0 : false);
      else if (r[k].sub == head_sub) sink(x, r[k].acc, false);
      else sink(x, Op::template identity<V>(), true);  // no walk reached it: a cycle
    }
  }
}

}  // namespace ordo::detail::cuda_list
