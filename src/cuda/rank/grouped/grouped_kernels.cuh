// Kernels of grouped_rank on the GPU. After the sort, position p holds the
// element idx[p] with rank()'s order bits sb[p] and its group's code sg[p];
// each group is a run of one code, sorted by bits (ties in index order).
// Every thread finds its run and its tie group by galloping from its own
// position (groups and ties are short in the common case; a long one costs
// O(log length)), then writes the value of rank_value.hpp.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/rank_value.hpp"
#include "ordo/detail/group_labels.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/segment_desc.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_grouped {

// Group code of an element no segment covers (segment indices never reach it).
constexpr std::uint64_t uncovered = ~std::uint64_t(0);

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

// The first q in [lo, p] with same(q) for all of [q, p] (same(p) holds).
template <class Same>
__device__ __forceinline__ std::uint64_t run_begin(std::uint64_t p, std::uint64_t lo, Same same) {
  std::uint64_t good = p, step = 1, bad;
  for (;;) {
    if (good == lo) return lo;
    const std::uint64_t c = good - lo < step ? lo : good - step;
    if (!same(c)) { bad = c; break; }
    good = c;
    step *= 2;
  }
  while (good - bad > 1) {
    const std::uint64_t mid = bad + (good - bad) / 2;
    if (same(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

// The last q in [p, hi] with same(q) for all of [p, q] (same(p) holds).
template <class Same>
__device__ __forceinline__ std::uint64_t run_end(std::uint64_t p, std::uint64_t hi, Same same) {
  std::uint64_t good = p, step = 1, bad;
  for (;;) {
    if (good == hi) return hi;
    const std::uint64_t c = hi - good < step ? hi : good + step;
    if (!same(c)) { bad = c; break; }
    good = c;
    step *= 2;
  }
  while (bad - good > 1) {
    const std::uint64_t mid = good + (bad - good) / 2;
    if (same(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

struct grouped_rank_args {
  std::uint64_t n;
  rank_method method;
  bool pct;
  bool keep_nan;      // floating keys under na_option::keep: the kept-NaN bits are unranked
  bool skip_uncovered;  // segments: positions of code `uncovered` are not written
};

template <class U, class I, class R>
__global__ void grouped_rank_kernel(const U* sb, const std::uint64_t* sg, const I* idx, const I* cum,
                                    grouped_rank_args a, R* out) {
  ORDO_GRID_STRIDE(p, a.n) {
    const std::uint64_t g = sg[p];
    if (a.skip_uncovered && g == uncovered) continue;
    const U b = sb[p];
    if (a.keep_nan && b == kept_nan_rank_bits<U>()) {
      out[idx[p]] = unranked_value<R>();
      continue;
    }
    const auto in_group = [&](std::uint64_t q) { return sg[q] == g; };
    const auto in_tie = [&](std::uint64_t q) { return sg[q] == g && sb[q] == b; };
    const std::uint64_t gs = run_begin(p, 0, in_group), ge = run_end(p, a.n - 1, in_group);
    const std::uint64_t ts = run_begin(p, gs, in_tie), te = run_end(p, ge, in_tie);
    const std::uint64_t dense = cum ? std::uint64_t(cum[p] - cum[gs]) + 1 : 0;
    if constexpr (std::is_floating_point_v<R>) {
      double divisor = 1.0;
      if (a.pct) {
        std::uint64_t ranked_end = ge + 1;  // the kept NaN keys close the group
        if (a.keep_nan && sb[ge] == kept_nan_rank_bits<U>())
          ranked_end = run_begin(ge, p + 1, [&](std::uint64_t q) { return sb[q] == kept_nan_rank_bits<U>(); });
        const std::uint64_t distinct = cum ? std::uint64_t(cum[ranked_end - 1] - cum[gs]) + 1 : 0;
        divisor = pct_divisor(a.method, ranked_end - gs, distinct);
      }
      out[idx[p]] = finish_rank<R>(tie_group_rank<double>(a.method, p - gs, ts - gs, te - gs, dense), a.pct, divisor);
    } else {
      out[idx[p]] = tie_group_rank<R>(a.method, p - gs, ts - gs, te - gs, dense);
    }
  }
}

}  // namespace ordo::detail::cuda_grouped
