// Warp scope: reg-sort (paper Sec. 3.2, Alg. 1), the bitonic network over
// N = M * P elements held by a group of M lanes with P registers each (the
// N-to-M data-thread binding). Element e lives in lane e / P, register e % P
// (blocked). Level S of the network first compares e with e ^ (S - 1) (the
// "intersecting" mirror step), then e with e ^ j for j = S/4 .. 1 (the
// "parallel" half-cleaner steps); the lower element keeps the smaller one, so
// every comparison runs the same way and no direction flags are needed.
//
//   exch_local   both elements in one thread: a compare-and-swap of two
//                registers (Alg. 1 lines 8-10 and 20-23)
//   exch_intxn   the mirror step across lanes: register r meets register
//                P-1-r of lane ^ tmask (lines 11-14)
//   exch_paral   a half-cleaner step across lanes: register r meets register
//                r of lane ^ tmask (lines 24-28)
//
// The paper realises the cross-lane steps with two shuffles per register pair
// and local swaps (Fig. 5, 6); here each lane receives its partner's register
// with one shuffle and keeps the smaller or the larger: the same number of
// shuffles, no swap selects, and each comparison done by both lanes, which is
// cheaper than the swaps on sm_90 for integer codes.
//
// Keys travel with their positions in the segment when POS (stable paths,
// values gathered by position); without POS only keys move.
#pragma once
#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::segsort {

template <bool POS, class K, class Order>
__device__ __forceinline__ void compare_swap(K& ka, u32& pa, K& kb, u32& pb, const Order& ord) {
  const bool swap = ord.before(kb, pb, ka, pa);
  const K tk = ka;
  ka = swap ? kb : ka;
  kb = swap ? tk : kb;
  if constexpr (POS) {
    const u32 tp = pa;
    pa = swap ? pb : pa;
    pb = swap ? tp : pb;
  }
}

// Inside one thread: the mirror step of a level S <= P, or the half-cleaner
// of stride j < P (MIRROR false, DIST = j).
template <int P, bool MIRROR, int DIST, bool POS, class K, class Order>
__device__ __forceinline__ void exch_local(K (&k)[P], u32 (&p)[P], const Order& ord) {
#pragma unroll
  for (int r = 0; r < P; ++r) {
    if constexpr (MIRROR) {
      const int q = r ^ (DIST - 1);  // DIST = S
      if (r < q) compare_swap<POS>(k[r], p[r], k[q], p[q], ord);
    } else {
      if (!(r & DIST)) compare_swap<POS>(k[r], p[r], k[r | DIST], p[r | DIST], ord);
    }
  }
}

// Keeps the smaller (lower lane) or the larger of own and other.
template <bool POS, class K, class Order>
__device__ __forceinline__ void keep_side(K& k, u32& p, const K& ok, u32 op, bool lower, const Order& ord) {
  const bool take = lower ? ord.before(ok, op, k, p) : ord.before(k, p, ok, op);
  k = take ? ok : k;
  if constexpr (POS) p = take ? op : p;
}

template <int P, bool POS, class K, class Order>
__device__ __forceinline__ void exch_intxn(K (&k)[P], u32 (&p)[P], int tmask, bool lower, const Order& ord) {
  K ok[P];
  u32 op[P];
#pragma unroll
  for (int r = 0; r < P; ++r) {
    ok[r] = shfl_xor_any(k[P - 1 - r], tmask);
    if constexpr (POS) op[r] = __shfl_xor_sync(0xffffffffu, p[P - 1 - r], tmask);
    else op[r] = 0;
  }
#pragma unroll
  for (int r = 0; r < P; ++r) keep_side<POS>(k[r], p[r], ok[r], op[r], lower, ord);
}

template <int P, bool POS, class K, class Order>
__device__ __forceinline__ void exch_paral(K (&k)[P], u32 (&p)[P], int tmask, bool lower, const Order& ord) {
#pragma unroll
  for (int r = 0; r < P; ++r) {
    const K ok = shfl_xor_any(k[r], tmask);
    const u32 op = POS ? __shfl_xor_sync(0xffffffffu, p[r], tmask) : 0u;
    keep_side<POS>(k[r], p[r], ok, op, lower, ord);
  }
}

// The half-cleaner steps j = J, J/2, .. 1 of one level.
template <int P, bool POS, int J, class K, class Order>
__device__ __forceinline__ void half_cleaners(K (&k)[P], u32 (&p)[P], int lane, const Order& ord) {
  if constexpr (J >= 1) {
    if constexpr (J < P) exch_local<P, false, J, POS>(k, p, ord);
    else exch_paral<P, POS>(k, p, J / P, !(lane & (J / P)), ord);
    half_cleaners<P, POS, J / 2>(k, p, lane, ord);
  }
}

// Levels S, 2S, .. N of the network (Alg. 1's outer loop).
template <int N, int P, bool POS, int S, class K, class Order>
__device__ __forceinline__ void bitonic_levels(K (&k)[P], u32 (&p)[P], int lane, const Order& ord) {
  if constexpr (S <= N) {
    if constexpr (S <= P) exch_local<P, true, S, POS>(k, p, ord);
    else exch_intxn<P, POS>(k, p, S / P - 1, !(lane & (S / P / 2)), ord);
    half_cleaners<P, POS, S / 4>(k, p, lane, ord);
    bitonic_levels<N, P, POS, 2 * S>(k, p, lane, ord);
  }
}

// Sorts the group's N = M * P elements; `lane` is the lane within the group.
// Every lane of the warp must call it (the shuffles span the whole warp).
template <int M, int P, bool POS, class K, class Order>
__device__ __forceinline__ void reg_sort(K (&k)[P], u32 (&p)[P], int lane, const Order& ord) {
  static_assert(M >= 1 && M <= 32 && (M & (M - 1)) == 0 && P >= 1 && (P & (P - 1)) == 0, "powers of two");
  bitonic_levels<M * P, P, POS, 2>(k, p, lane, ord);
}

// Fig. 8's in-register transpose: Q = min(M, P) rounds... log2(Q) rounds of
// shuffles with strides 1, 2, .. Q/2 transpose every Q x Q block of (lanes,
// registers). Afterwards register r of lane l holds the element
//   e = (l / Q * Q + r % Q) * P + r / Q * Q + l % Q,
// so one store instruction of a register writes runs of Q consecutive
// elements (striped) instead of elements P apart.
template <int M, int P, bool POS, class K>
__device__ __forceinline__ void transpose_to_striped(K (&k)[P], u32 (&p)[P], int lane) {
  constexpr int Q = M < P ? M : P;
#pragma unroll
  for (int s = 1; s < Q; s *= 2) {
    const bool upper = lane & s;
#pragma unroll
    for (int r = 0; r < P; ++r) {
      if (r & s) continue;
      const int r1 = r | s;
      const K send = upper ? k[r] : k[r1];
      const K got = shfl_xor_any(send, s);
      if (upper) k[r] = got;
      else k[r1] = got;
      if constexpr (POS) {
        const u32 ps = upper ? p[r] : p[r1];
        const u32 pg = __shfl_xor_sync(0xffffffffu, ps, s);
        if (upper) p[r] = pg;
        else p[r1] = pg;
      }
    }
  }
}

template <int M, int P>
__device__ __forceinline__ int striped_element(int lane, int r) {
  constexpr int Q = M < P ? M : P;
  return (lane / Q * Q + r % Q) * P + r / Q * Q + lane % Q;
}

}  // namespace ordo::detail::segsort
