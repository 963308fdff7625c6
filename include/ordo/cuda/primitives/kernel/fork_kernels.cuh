// Kernel scope for fork. Both variants start from the exclusive scan of the
// counts (each parent's first child). load_balanced partitions the merge of
// (parent ends, child numbers) into equal tiles by merge path, so a tile's
// work is the same however skewed the counts are; doubling is Listing 1.
#pragma once
#include <cstdint>

#include "ordo/cuda/thread/serial_merge.cuh"
#include "ordo/detail/merge_path.hpp"

namespace ordo::detail::prim {

struct counting {
  std::uint64_t first;
  __device__ std::uint64_t operator[](std::uint64_t i) const { return first + i; }
};
// Child k precedes parent end e in the merge iff k < e.
struct child_before_end {
  __device__ bool operator()(std::uint64_t child, std::uint64_t end) const { return child < end; }
};

__device__ __forceinline__ std::uint64_t children_placed(const std::uint64_t* off, std::uint64_t np, std::uint64_t cap) {
  return min(off[np], cap);
}

template <int TILE>
__global__ void fork_partition_kernel(const std::uint64_t* off, std::uint64_t np, std::uint64_t cap,
                                      std::uint64_t tiles, std::uint64_t* split) {
  const std::uint64_t t = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t > tiles) return;
  const std::uint64_t nc = children_placed(off, np, cap);
  const std::uint64_t diag = min(t * TILE, np + nc);
  split[t] = merge_path_split(off + 1, np, counting{0}, nc, diag, child_before_end{});
}

template <int THREADS, int ITEMS, class Index>
__global__ void __launch_bounds__(THREADS) fork_fill_kernel(const std::uint64_t* off, std::uint64_t np,
                                                            std::uint64_t cap, const std::uint64_t* split,
                                                            Index* parent, Index* sibling) {
  constexpr int TILE = THREADS * ITEMS;
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int SLOTS = padded_smem<Index>::size_for(TILE);
  std::uint64_t* ends = reinterpret_cast<std::uint64_t*>(smem);
  const padded_smem<Index> sp{reinterpret_cast<Index*>(ends + TILE)};
  const padded_smem<Index> ss{sp.p + SLOTS};
  const std::uint64_t nc = children_placed(off, np, cap);
  const std::uint64_t d0 = std::uint64_t(blockIdx.x) * TILE, d1 = min(d0 + TILE, np + nc);
  if (d0 >= d1) return;
  const std::uint64_t i0 = split[blockIdx.x], i1 = split[blockIdx.x + 1];
  const std::uint64_t j0 = d0 - i0, j1 = d1 - i1;
  const int la = int(i1 - i0), lb = int(j1 - j0);
  for (int x = threadIdx.x; x < la; x += THREADS) ends[x] = off[i0 + 1 + x];
  const std::uint64_t first_start = off[i0];
  __syncthreads();
  const int pos = threadIdx.x * ITEMS;
  if (pos < la + lb) {
    int li = merge_path_split(ends, la, counting{j0}, lb, pos, child_before_end{});
    std::uint64_t child = j0 + (pos - li);
#pragma unroll
    for (int s = 0; s < ITEMS; ++s) {
      if (pos + s >= la + lb) break;
      // An end comes next when no child is left, or when the child is past
      // it. (Without the first test, ends past the last child, which a
      // saturated or capped total gives, were taken for phantom children:
      // unused slots, but two threads wrote them: racecheck's WAW warnings.)
      if (li < la && (child - j0 >= std::uint64_t(lb) || ends[li] <= child)) {
        ++li;  // this parent's children are done
      } else {
        const std::uint64_t start = li == 0 ? first_start : ends[li - 1];
        sp[child - j0] = Index(i0 + li);
        ss[child - j0] = Index(child - start);
        ++child;
      }
    }
  }
  __syncthreads();
  for (int x = threadIdx.x; x < lb; x += THREADS) {
    parent[j0 + x] = sp[x];
    if (sibling) sibling[j0 + x] = ss[x];
  }
}

// Listing 1 (fork_fill): a parent still owed children, as in the listing's
// (pc, nc, id) arrays.
struct owed_children {
  std::uint64_t first, left, id;
};

// fork's offsets are a running sum that saturates at 2^64 - 1 instead of
// wrapping (associative: it is min(true sum, 2^64 - 1)), so a total past
// uint64 is seen, and the children below cap are still the true ones.
struct saturating_plus {
  __host__ __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t s = a + b;
    return s < a ? ~std::uint64_t(0) : s;
  }
};

// A parent owes only the children that fit below cap: a wrong size (or a
// saturated offset) then costs no extra rounds and no index past the output.
template <class Count>
__global__ void fork_owed_init_kernel(const Count* counts, const std::uint64_t* off, std::uint64_t np,
                                      std::uint64_t cap, owed_children* live) {
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < np; i += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t first = off[i];
    live[i] = {first, first < cap ? min(std::uint64_t(counts[i]), cap - first) : 0, i};
  }
}

// One round: every live parent fills its next `sz` children (n0 * sz threads).
template <class Index>
__global__ void fork_doubling_fill_kernel(const owed_children* live, std::uint64_t n0, std::uint64_t sz,
                                          std::uint64_t cap, Index* parent) {
  const std::uint64_t total = n0 * sz;
  for (std::uint64_t t = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; t < total;
       t += std::uint64_t(gridDim.x) * blockDim.x) {
    const owed_children p = live[t / sz];
    const std::uint64_t f = t % sz;
    if (f < p.left && p.first + f < cap) parent[p.first + f] = Index(p.id);
  }
}

// The survivors of a round, advanced past the children it filled.
struct advance_owed {
  std::uint64_t sz;
  __device__ owed_children operator()(const owed_children& p) const {
    const std::uint64_t done = min(p.left, sz);
    return {p.first + done, p.left - done, p.id};
  }
};
struct still_owed {
  __device__ bool operator()(const owed_children& p) const { return p.left > 0; }
};

template <class Index>
__global__ void fork_sibling_kernel(const std::uint64_t* off, std::uint64_t np, std::uint64_t cap,
                                    const Index* parent, Index* sibling) {
  const std::uint64_t nc = children_placed(off, np, cap);
  for (std::uint64_t c = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; c < nc;
       c += std::uint64_t(gridDim.x) * blockDim.x)
    sibling[c] = Index(c - off[parent[c]]);
}

}  // namespace ordo::detail::prim
