// ordo::nccl's kernels (included once, by dist_nccl.cu): order codes, the
// sample and the cuts of the sample sort, permutations, and the rank
// boundary and fix-up. Each is a grid-stride loop over 64-bit indices.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>

#include "ordo/detail/key_traits.hpp"
#include "ordo/dist/tie_boundaries.hpp"
#include "ordo/global_index.hpp"
#include "ordo/nccl/dist_core.hpp"

namespace ordo::nccl_detail::kernels {

using u64 = std::uint64_t;

#define ORDO_NCCL_FOR(i, n) \
  for (u64 i = blockIdx.x * u64(blockDim.x) + threadIdx.x; i < (n); i += u64(gridDim.x) * blockDim.x)

// key_traits<K>::rank_bits with the kind known at run time (one kernel per
// code width): NaN to 0 (top) or all ones, -0.0 as +0.0, descending flipped.
template <class Code>
__device__ Code rank_bits_of(key_kind kind, Code raw, bool descending, bool nan_on_top) {
  if (kind == key_kind::floating) {
    if ((raw & ~detail::sign_bit<Code>) > detail::float_bits<Code>::exp_mask)
      return nan_on_top ? Code(0) : detail::kept_nan_rank_bits<Code>();
    if (raw == detail::sign_bit<Code>) raw = 0;
  }
  const Code b = detail::encode_code(kind, raw, false);
  return descending ? Code(~b) : b;
}

template <class Code>
__global__ void encode_kernel(const Code* keys, u64 n, key_kind kind, bool descending, bool nan_on_top, Code* codes) {
  ORDO_NCCL_FOR(i, n) codes[i] = rank_bits_of(kind, keys[i], descending, nan_on_top);
}

// Integer codes back to their keys (a bijection for integers): codes
// [self, self + self_n) straight to home[0, self_n) (this process's own part
// of the sorted output), the rest in place for the exchange.
template <class Code>
__global__ void decode_kernel(Code* codes, u64 n, key_kind kind, bool descending, u64 self, u64 self_n, Code* home) {
  ORDO_NCCL_FOR(i, n) {
    const Code k = detail::decode_code(kind, descending ? Code(~codes[i]) : codes[i]);
    if (i - self < self_n) home[i - self] = k;
    else codes[i] = k;
  }
}

__global__ void iota_kernel(u64* out, u64 n) {
  ORDO_NCCL_FOR(i, n) out[i] = i;
}

template <class W>
__global__ void gather_kernel(const W* in, const u64* idx, u64 n, W* out) {
  ORDO_NCCL_FOR(i, n) out[i] = in[idx[i]];
}

template <class W>
__global__ void scatter_kernel(const W* in, const u64* idx, u64 n, W* out) {
  ORDO_NCCL_FOR(i, n) out[idx[i]] = in[i];
}

// A sampled tuple (code, process, input index); tuples are distinct, so runs
// of equal codes are cut like any other run. proc == no_sample: the process
// had fewer keys than samples.
struct sample {
  u64 code, proc, pos;
};
constexpr u64 no_sample = ~u64(0);

// splitmix64's finalizer: sample positions that do not alias with periodic
// inputs (a regular grid over unsorted keys would).
__device__ inline u64 mix64(u64 x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// s tuples of the (unsorted) codes: all of them when n <= s, else s at
// pseudo-random positions.
template <class Code>
__global__ void sample_kernel(const Code* codes, u64 n, u64 s, u64 me, sample* out) {
  ORDO_NCCL_FOR(k, s) {
    if (n <= s) {
      out[k] = k < n ? sample{u64(codes[k]), me, k} : sample{0, no_sample, 0};
    } else {
      const u64 i = mix64(k + (me << 40) + 0x9e3779b97f4a7c15ull) % n;
      out[k] = sample{u64(codes[i]), me, i};
    }
  }
}

__device__ inline bool at_or_below(const sample& s, u64 code, u64 me, u64 i) {
  return s.code != code ? s.code < code : s.proc != me ? s.proc < me : s.pos <= i;
}

// bucket[i]: the process the tuple (codes[i], me, i) goes to, the number of
// the (ascending) splitters at or below it.
template <class Code, class B>
__global__ void bucket_kernel(const Code* codes, u64 n, u64 me, const sample* split, int count, B* bucket) {
  ORDO_NCCL_FOR(i, n) {
    const u64 v = codes[i];
    int lo = 0, hi = count;
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (at_or_below(split[mid], v, me, i)) lo = mid + 1;
      else hi = mid;
    }
    bucket[i] = B(lo);
  }
}

// sort_idx's answer in chunk order: the process a received element came
// from (its receive position among the runs) and its index there.
__global__ void origin_kernel(const u64* pos, const u64* src_idx, u64 m, const u64* recv_start, int p,
                              global_index* out) {
  ORDO_NCCL_FOR(i, m) {
    int lo = 0, hi = p - 1;  // the last run starting at or before pos[i]
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (recv_start[mid] <= pos[i]) lo = mid;
      else hi = mid - 1;
    }
    out[i] = global_index{std::int64_t(lo), src_idx[i]};
  }
}

template <class Code>
__device__ u64 first_not_below(const Code* c, u64 n, u64 v, bool strictly_above) {
  u64 lo = 0, hi = n;
  while (lo < hi) {
    const u64 mid = lo + (hi - lo) / 2;
    if (strictly_above ? u64(c[mid]) <= v : u64(c[mid]) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// words[0..5]: the tie_boundary of the sorted codes; distinct from the local
// dense ranks (the last one) when dense is asked for.
template <class Code>
__global__ void boundary_kernel(const Code* c, u64 m, const double* local_dense, u64* words) {
  if (blockIdx.x || threadIdx.x) return;
  dist::tie_boundary b;
  b.n = m;
  if (m) {
    b.first = c[0];
    b.last = c[m - 1];
    b.lead = first_not_below(c, m, b.first, true);
    b.trail = m - first_not_below(c, m, b.last, false);
    b.distinct = local_dense ? u64(local_dense[m - 1]) : 0;
  }
  const u64* w = reinterpret_cast<const u64*>(&b);
  for (int k = 0; k < 6; ++k) words[k] = w[k];
}

// The tie_boundary of codes in any order (words: n, first, last, lead,
// trail, distinct; first = ~0 and the rest 0 before extent_kernel):
// extent_kernel takes the smallest and largest code (and the largest local
// dense rank), ends_kernel counts the codes equal to them.
template <class Code>
__global__ void extent_kernel(const Code* c, u64 m, const void* local_dense, rank_store lt, unsigned long long* words) {
  u64 lo = ~u64(0), hi = 0, d = 0;
  ORDO_NCCL_FOR(i, m) {
    lo = std::min<u64>(lo, c[i]);
    hi = std::max<u64>(hi, c[i]);
    if (local_dense) d = std::max<u64>(d, u64(detail::load_rank(local_dense, i, lt)));
  }
  for (int o = 16; o > 0; o /= 2) {
    lo = std::min<u64>(lo, __shfl_down_sync(~0u, lo, o));
    hi = std::max<u64>(hi, __shfl_down_sync(~0u, hi, o));
    d = std::max<u64>(d, __shfl_down_sync(~0u, d, o));
  }
  if (threadIdx.x % 32 == 0) {
    atomicMin(words + 1, lo);
    atomicMax(words + 2, hi);
    if (local_dense) atomicMax(words + 5, d);
  }
}

template <class Code>
__global__ void ends_kernel(const Code* c, u64 m, unsigned long long* words) {
  const u64 lo = words[1], hi = words[2];
  u64 at_lo = 0, at_hi = 0;
  ORDO_NCCL_FOR(i, m) {
    at_lo += u64(c[i]) == lo;
    at_hi += u64(c[i]) == hi;
  }
  for (int o = 16; o > 0; o /= 2) {
    at_lo += __shfl_down_sync(~0u, at_lo, o);
    at_hi += __shfl_down_sync(~0u, at_hi, o);
  }
  if (threadIdx.x % 32 == 0) {
    if (at_lo) atomicAdd(words + 3, at_lo);
    if (at_hi) atomicAdd(words + 4, at_hi);
  }
}

template <class Code>
__global__ void unsorted_kernel(const Code* c, u64 m, u64* flag) {
  ORDO_NCCL_FOR(i, m) if (i + 1 < m && c[i] > c[i + 1]) *flag = 1;
}

// The global rank of each chunk element, written as the output type at i.
// sorted: codes ascending (the ties at the ends are by position); else in
// any order, the ties at the ends by code (b: this process's boundary).
template <class Code>
__global__ void fixup_kernel(const Code* codes, const void* local, rank_store lt, u64 m, dist::tie_placement t,
                             rank_method method, bool keep_nan, double div, rank_store rt, void* out, bool sorted,
                             dist::tie_boundary b) {
  ORDO_NCCL_FOR(i, m) {
    const double l = detail::load_rank(local, i, lt);
    double v = sorted ? dist::placed_rank(t, method, i, l)
                      : dist::placed_rank(t, method, u64(codes[i]) == b.first, u64(codes[i]) == b.last, l);
    if (keep_nan && codes[i] == detail::kept_nan_rank_bits<Code>()) v = std::numeric_limits<double>::quiet_NaN();
    v /= div;
    detail::store_rank(out, i, v, rt);
  }
}

}  // namespace ordo::nccl_detail::kernels
