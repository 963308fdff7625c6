// Warp scope: one warp sorts one segment of up to N = 32 * ITEMS elements
// (the 128 bin and its lower 3/4), in place of the paper's reg-sort
// (Sec. 3.2) and of a block radix tile there. Not from the paper: the radix
// tiles' bucket counting (ordo/cuda/block/tile_radix_sort.cuh, BUCKETS),
// cut down to what one warp needs, with no block barrier and no CUB rank:
//
//   1. Each lane loads ITEMS keys and values, coalesced (element u * 32 +
//      lane), so the value reads overlap the key reads instead of waiting
//      for the sort (reg-sort and the tiles gather them by position at the
//      end).
//   2. The warp's OR and AND of the codes give the highest differing bit;
//      the digit is the DIGIT_BITS bits below it (one bucket per element on
//      average for random keys).
//   3. Shared-memory atomics count the digits; the increment's old value is
//      the element's slot in its bucket; one warp scan turns counts into
//      bucket starts.
//   4. Each element counts the codes of its bucket that come before it (by
//      code, ties by position), which is its place: a few reads.
//   5. Keys and values are staged at their places and written coalesced.
//
// All-equal segments skip 3-4. When some bucket holds more than max_bucket
// elements (few distinct or clustered top bits), the warp sorts by stable
// LSD passes of DIGIT_BITS instead (match_any ranks, in position order).
// Always stable, so it serves both the stable and the unstable paths.
#pragma once
#include <cstdint>

#include "ordo/cuda/warp/warp_reduce.cuh"
#include "ordo/cuda/thread/element_io.cuh"

namespace ordo::detail::segsort {

// The warp's OR or AND of a code, one 32-bit word at a time (r is
// warp_or or warp_and, which take 32-bit words).
template <class Code, class Reduce>
__device__ __forceinline__ Code warp_reduce_words(Code x, Reduce r) {
  if constexpr (sizeof(Code) == 4) return r(x);
  else return Code(r(u32(x))) | Code(r(u32(x >> 32))) << 32;
}
template <class Code>
__device__ __forceinline__ int bit_width(Code x) {
  if constexpr (sizeof(Code) == 4) return 32 - __clz(x);
  else return 64 - __clzll(static_cast<long long>(x));
}

template <class Code, int ITEMS, bool POS>
struct warp_bucket_sort {
  static constexpr int N = 32 * ITEMS;
  static constexpr int DIGIT_BITS = ITEMS <= 2 ? 6 : 7;
  static constexpr int BUCKETS = 1 << DIGIT_BITS;
  static constexpr int PER_LANE = BUCKETS / 32;  // bucket counters each lane scans
  static constexpr int max_bucket = 16;           // counting reads at most this many codes per element
  // 32-bit codes carry their position in one 64-bit word: one read and one
  // compare per code counted, ties by position.
  static constexpr bool PACKED = sizeof(Code) == 4;
  static_assert(ITEMS >= 1 && ITEMS <= 4, "a warp sorts up to 128 elements");

  struct storage {
    u32 start[BUCKETS + 1];  // digit counts, then where each bucket starts (and N)
    union {
      struct {
        union {
          Code code[N];  // the codes by bucket (fast path) or after each LSD pass
          u64 packed[N];  // PACKED: code << 8 | position, by bucket (fast path)
        };
        std::uint8_t pos[N];
        std::uint8_t place[N];  // LSD: each position's place
      } in;
      struct {
        Code key[N];  // the raw keys and values at their places
        union {
          u64 value[N];
          u32 value32[N];  // 4-byte values
        };
      } out;
    };
  };

  // Sorts the segment [begin, begin + len), len <= N, from io's input to its
  // output. Every lane of the warp calls it.
  __device__ __forceinline__ static void sort(storage& s, const code_io<Code>& io, u64 begin, int len) {
    const int lane = int(threadIdx.x & 31);
    const bool has_values = io.values.bytes != 0;
    Code raw[ITEMS], c[ITEMS];
    u64 v[ITEMS];
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {  // every load issued before the first use
      const int i = u * 32 + lane;
      raw[u] = i < len ? io.keys_in[begin + i] : Code(0);
      v[u] = has_values && i < len ? io.values.get(begin + i) : 0;
    }
    Code any = 0, all = ~Code(0);
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      const bool real = u * 32 + lane < len;
      c[u] = real ? io.encode(raw[u]) : ~Code(0);
      any |= real ? c[u] : Code(0);
      all &= c[u];  // padding is all ones: no effect
    }
    const Code differ = warp_reduce_words(any, [](u32 w) { return warp_or(w); }) ^
                        warp_reduce_words(all, [](u32 w) { return warp_and(w); });
    int place[ITEMS];
    if (differ == 0) {  // one key (or none): the input order is the sorted, stable order
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) place[u] = u * 32 + lane;
    } else {
      const int bits = bit_width(differ);
      const int shift = bits > DIGIT_BITS ? bits - DIGIT_BITS : 0;
      if (!bucket_places(s, c, len, shift, place)) lsd_places(s, c, len, bits, place);
    }
    write(s, io, begin, len, raw, v, place, has_values);
  }

 private:
  __device__ __forceinline__ static unsigned digit(Code x, int shift) {
    return unsigned(x >> shift) & unsigned(BUCKETS - 1);
  }

  // Counts to bucket starts: s.start[d] = the elements of digits below d,
  // s.start[BUCKETS] = all. Returns the largest count.
  __device__ __forceinline__ static u32 scan_counts(storage& s) {
    const int lane = int(threadIdx.x & 31);
    u32 cnt[PER_LANE], sum = 0, largest = 0;
#pragma unroll
    for (int j = 0; j < PER_LANE; ++j) {
      cnt[j] = s.start[lane * PER_LANE + j];
      sum += cnt[j];
      largest = max(largest, cnt[j]);
    }
    u32 incl = sum;
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
      const u32 y = __shfl_up_sync(0xffffffffu, incl, d);
      if (lane >= d) incl += y;
    }
    u32 at = incl - sum;
#pragma unroll
    for (int j = 0; j < PER_LANE; ++j) s.start[lane * PER_LANE + j] = at, at += cnt[j];
    if (lane == 31) s.start[BUCKETS] = incl;
    __syncwarp();
    return warp_max(largest);
  }

  __device__ __forceinline__ static void clear_counts(storage& s) {
    const int lane = int(threadIdx.x & 31);
#pragma unroll
    for (int j = 0; j < PER_LANE; ++j) s.start[lane * PER_LANE + j] = 0;
    __syncwarp();
  }

  // Steps 3-4: one pass by the top digit, then counting in the buckets.
  // False (nothing written but the counts) when a bucket is too large.
  __device__ __forceinline__ static bool bucket_places(storage& s, const Code (&c)[ITEMS], int len, int shift,
                                                       int (&place)[ITEMS]) {
    const int lane = int(threadIdx.x & 31);
    clear_counts(s);
    u32 slot[ITEMS];
#pragma unroll
    for (int u = 0; u < ITEMS; ++u)
      if (u * 32 + lane < len) slot[u] = atomicAdd(&s.start[digit(c[u], shift)], 1u);
    __syncwarp();
    if (scan_counts(s) > u32(max_bucket)) return false;
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      const int i = u * 32 + lane;
      if (i < len) {
        slot[u] += s.start[digit(c[u], shift)];
        if constexpr (PACKED) {
          s.in.packed[slot[u]] = u64(c[u]) << 8 | u64(i);
        } else {
          s.in.code[slot[u]] = c[u];
          if constexpr (POS) s.in.pos[slot[u]] = std::uint8_t(i);
        }
      }
    }
    __syncwarp();
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      const int i = u * 32 + lane;
      if (i >= len) continue;
      const unsigned d = digit(c[u], shift);
      const int from = int(s.start[d]), to = int(s.start[d + 1]);
      int at = from;
      if constexpr (PACKED) {
        const u64 me = u64(c[u]) << 8 | u64(i);
        for (int j = from; j < to; ++j) at += s.in.packed[j] < me ? 1 : 0;
      } else {
        for (int j = from; j < to; ++j) {
          const Code x = s.in.code[j];
          // ties: by position when stable, else by slot (any order, but distinct places)
          const bool tie_before = POS ? int(s.in.pos[j]) < i : j < int(slot[u]);
          at += (x < c[u] || (x == c[u] && tie_before)) ? 1 : 0;
        }
      }
      place[u] = at;
    }
    __syncwarp();  // the staging below reuses the codes' buffer
    return true;
  }

  // The fallback: stable LSD passes of DIGIT_BITS over bits [0, bits); the
  // rank within a digit comes from match_any over each item round in order,
  // so equal digits keep position order.
  __device__ __forceinline__ static void lsd_places(storage& s, Code (&c)[ITEMS], int len, int bits,
                                                    int (&place)[ITEMS]) {
    const int lane = int(threadIdx.x & 31);
    const unsigned below = (1u << lane) - 1;
    int p[ITEMS];
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) p[u] = u * 32 + lane;
    for (int shift = 0; shift < bits; shift += DIGIT_BITS) {
      clear_counts(s);
      u32 slot[ITEMS];
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) {
        const bool real = u * 32 + lane < len;  // real elements stay in places [0, len)
        const unsigned d = digit(c[u], shift);
        const unsigned peers = __match_any_sync(0xffffffffu, real ? d : ~0u);
        const int leader = __ffs(peers) - 1;
        u32 base = 0;
        if (real && lane == leader) base = atomicAdd(&s.start[d], u32(__popc(peers)));
        base = __shfl_sync(0xffffffffu, base, leader);
        slot[u] = base + u32(__popc(peers & below));
        __syncwarp();  // the next round's increments come after this one's
      }
      scan_counts(s);
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) {
        if (u * 32 + lane < len) {
          const u32 at = s.start[digit(c[u], shift)] + slot[u];
          s.in.code[at] = c[u];
          s.in.pos[at] = std::uint8_t(p[u]);
        }
      }
      __syncwarp();
#pragma unroll
      for (int u = 0; u < ITEMS; ++u) {
        const int q = u * 32 + lane;
        if (q < len) c[u] = s.in.code[q], p[u] = s.in.pos[q];
      }
      __syncwarp();
    }
#pragma unroll
    for (int u = 0; u < ITEMS; ++u)
      if (u * 32 + lane < len) s.in.place[p[u]] = std::uint8_t(u * 32 + lane);
    __syncwarp();
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) place[u] = u * 32 + lane < len ? int(s.in.place[u * 32 + lane]) : 0;
    __syncwarp();
  }

  // Step 5: keys (the input's bits: float keys keep -0.0 and NaN payloads)
  // and values staged at their places, then written coalesced.
  __device__ __forceinline__ static void write(storage& s, const code_io<Code>& io, u64 begin, int len,
                                               const Code (&raw)[ITEMS], const u64 (&v)[ITEMS],
                                               const int (&place)[ITEMS], bool has_values) {
    const int lane = int(threadIdx.x & 31);
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      if (u * 32 + lane < len) {
        s.out.key[place[u]] = raw[u];
        if (io.values.bytes == 4) s.out.value32[place[u]] = u32(v[u]);
        else if (has_values) s.out.value[place[u]] = v[u];
      }
    }
    __syncwarp();
#pragma unroll
    for (int u = 0; u < ITEMS; ++u) {
      const int q = u * 32 + lane;
      if (q < len) {
        io.keys_out[begin + q] = s.out.key[q];
        if (io.values.bytes == 4) io.values.put(begin + q, s.out.value32[q]);
        else if (has_values) io.values.put(begin + q, s.out.value[q]);
      }
    }
    __syncwarp();  // the caller may reuse the storage
  }
};

}  // namespace ordo::detail::segsort
