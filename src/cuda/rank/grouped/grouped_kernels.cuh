// Kernels of grouped_rank on the GPU: the sort's helpers, then one thread per
// sorted position running common/grouped_position.hpp's rank_position.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/grouped_position.hpp"
#include "ordo/detail/group_labels.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/segment_desc.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_grouped {

using grouped::grouped_rank_args;
using grouped::rank_position;
using grouped::uncovered;

#define ORDO_GRID_STRIDE(i, n)                                                                 \
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < (n); \
       i += std::uint64_t(gridDim.x) * blockDim.x)

// Labels in the order of the first sort: lab[p] = code(labels[idx[p]]).
template <class I>
__global__ void gather_labels_kernel(label_desc labels, const I* idx, std::uint64_t n, std::uint64_t* lab) {
  ORDO_GRID_STRIDE(p, n) lab[p] = labels.code(idx[p]);
}

// The order bits again, in the final order: sb[p] = rank_bits(keys[idx[p]]).
template <class K, class I>
__global__ void gather_bits_kernel(const K* keys, const I* idx, std::uint64_t n, bool descending, bool nan_on_top,
                                   key_code_t<K>* sb) {
  ORDO_GRID_STRIDE(p, n) sb[p] = key_traits<K>::rank_bits(keys[idx[p]], descending, nan_on_top);
}

// sg[i] = the index of the segment that covers position i (a block per
// segment, grid-stride over the segments); sg starts as all `uncovered`.
__global__ void segment_ids_kernel(segment_desc d, std::uint64_t* sg) {
  for (std::uint64_t s = blockIdx.x; s < d.count; s += gridDim.x) {
    const segment_range r = d[s];
    for (std::uint64_t i = r.begin + threadIdx.x; i < r.end; i += blockDim.x) sg[i] = s;
  }
}

// flags[p] = 1 where a tie group begins (a new group code or new bits).
template <class U, class I>
__global__ void tie_heads_kernel(const U* sb, const std::uint64_t* sg, std::uint64_t n, I* flags) {
  ORDO_GRID_STRIDE(p, n) flags[p] = I(p == 0 || sg[p] != sg[p - 1] || sb[p] != sb[p - 1]);
}

// Facts read back before choosing the tile path: the longest segment (or
// group), whether some segment is invalid, the labels' code range.
struct extent {
  unsigned long long max_len, bad, not_lo, hi;  // not_lo: ~(the smallest code); all start at 0
};

// The block-wide maximum of x into *to (one atomic per warp).
__device__ __forceinline__ void warp_atomic_max(unsigned long long* to, unsigned long long x) {
  for (int d = 16; d > 0; d /= 2) {
    const unsigned long long y = __shfl_down_sync(0xffffffffu, x, d);
    x = y > x ? y : x;
  }
  if ((threadIdx.x & 31) == 0 && x) atomicMax(to, x);
}

__global__ void segment_extent_kernel(segment_desc d, extent* e) {
  unsigned long long longest = 0;
  ORDO_GRID_STRIDE(s, d.count) {
    const segment_range r = d[s];
    if (!d.valid(r)) e->bad = 1;
    else if (r.end - r.begin > longest) longest = r.end - r.begin;
  }
  warp_atomic_max(&e->max_len, longest);
}

// Typed by the labels' width, four loads in flight a thread: the switch of
// label_desc::code and one load at a time took 0.56 ms at 2^28 int32 labels.
template <class T>
__global__ void label_range_kernel(label_desc labels, std::uint64_t n, extent* e) {
  const T* p = static_cast<const T*>(labels.data);
  const T flip = labels.is_signed ? T(T(1) << (8 * sizeof(T) - 1)) : T(0);
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  T lo = T(~T(0)), hi = 0;
  for (; i + 3 * stride < n; i += 4 * stride) {
    T c[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) c[u] = T(p[i + u * stride] ^ flip);
#pragma unroll
    for (int u = 0; u < 4; ++u) lo = c[u] < lo ? c[u] : lo, hi = c[u] > hi ? c[u] : hi;
  }
  for (; i < n; i += stride) {
    const T c = T(p[i] ^ flip);
    lo = c < lo ? c : lo, hi = c > hi ? c : hi;
  }
  warp_atomic_max(&e->hi, hi);
  warp_atomic_max(&e->not_lo, ~(unsigned long long)lo);  // the minimum, as the maximum of the complement
}

// lab[i] = the label's code above the smallest, idx[i] = i, and the count of
// each code (the groups' sizes, in code order).
__global__ void label_count_kernel(label_desc labels, std::uint64_t n, std::uint64_t lo, std::uint32_t* lab,
                                   std::uint32_t* idx, std::uint32_t* count) {
  ORDO_GRID_STRIDE(i, n) {
    const std::uint32_t c = std::uint32_t(labels.code(i) - lo);
    lab[i] = c;
    idx[i] = std::uint32_t(i);
    atomicAdd(count + c, 1u);
  }
}

__global__ void max_count_kernel(const std::uint32_t* count, std::uint64_t m, extent* e) {
  unsigned long long longest = 0;
  ORDO_GRID_STRIDE(i, m) longest = count[i] > longest ? count[i] : longest;
  warp_atomic_max(&e->max_len, longest);
}

template <class U, class I, class R>
__global__ void grouped_rank_kernel(const U* sb, const std::uint64_t* sg, const I* idx, const I* cum,
                                    grouped_rank_args a, R* out) {
  ORDO_GRID_STRIDE(p, a.n) rank_position(sb, sg, idx, cum, a, p, out);
}

}  // namespace ordo::detail::cuda_grouped
