// Thread scope: how the segmented-sort kernels read, order and write
// elements, so the same kernels serve the built-in orders and a user's
// comparator.
//
// code_io<Code>: the built-in ordo::less over the key types, ascending or
// descending, works on their order-preserving unsigned codes (key_traits.hpp;
// one instantiation per width: int32, uint32 and float share uint32 codes).
// A comparison is then one integer compare, and a padding element is the
// largest code.
//   - unstable keys-only integers: the code is a bijection, decoded on the
//     way out, and nothing else moves;
//   - otherwise every element carries its position in the segment, ties break
//     on it (stable), and float codes are canonical (-0.0 == +0.0, one NaN,
//     last), so the key written is gathered from the input by that position.
// user_io<Key, Compare>: the key itself and the comparator; padding elements
// are the positions >= the segment length.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::segsort {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

using ::ordo::detail::key_kind;  // spelt segsort::key_kind by the rough sort and the probes

// Values move as 4- or 8-byte words from position src to position dst.
struct value_mover {
  const void* in = nullptr;
  void* out = nullptr;
  unsigned bytes = 0;  // 0: keys only
  __device__ __forceinline__ void move(u64 dst, u64 src) const {
    if (bytes == 4) static_cast<u32*>(out)[dst] = static_cast<const u32*>(in)[src];
    else if (bytes == 8) static_cast<u64*>(out)[dst] = static_cast<const u64*>(in)[src];
  }
  // A value held in a register between its load and its store.
  __device__ __forceinline__ u64 get(u64 i) const {
    if (bytes == 4) return static_cast<const u32*>(in)[i];
    if (bytes == 8) return static_cast<const u64*>(in)[i];
    return 0;
  }
  __device__ __forceinline__ void put(u64 i, u64 v) const {
    if (bytes == 4) static_cast<u32*>(out)[i] = u32(v);
    else if (bytes == 8) static_cast<u64*>(out)[i] = v;
  }
};

template <class Code, bool POS>
struct code_order {
  __device__ __forceinline__ bool before(Code a, u32 pa, Code b, u32 pb) const {
    if constexpr (POS) return a < b || (a == b && pa < pb);
    else return a < b;
  }
};

template <class Code>
struct code_io {
  using key_t = Code;
  const Code* keys_in;  // the caller's keys as raw bits
  Code* keys_out;
  value_mover values;
  key_kind kind;
  bool descending;
  bool canonical;    // float codes tie -0.0/+0.0 and all NaNs (stable paths)
  bool gather_keys;  // write keys_in[src] rather than decoding the code

  __device__ __forceinline__ Code encode(Code x) const {
    const Code c = encode_code(kind, x, canonical);
    return descending ? ~c : c;
  }
  __device__ __forceinline__ Code decode(Code c) const {
    if (descending) c = ~c;
    return decode_code(kind, c);
  }
  __device__ __forceinline__ Code load(u64 i) const { return encode(keys_in[i]); }
  __device__ __forceinline__ static Code pad() { return ~Code(0); }
  template <bool POS>
  __device__ __forceinline__ code_order<Code, POS> order(u32 /*len*/) const {
    return {};
  }
  __device__ __forceinline__ bool key_less(Code a, Code b) const { return a < b; }
  // The element sorted to position dst came from position src.
  __device__ __forceinline__ void store(u64 dst, u64 src, Code k) const {
    keys_out[dst] = gather_keys ? keys_in[src] : decode(k);
    values.move(dst, src);
  }
};

template <class Key, class Compare>
struct user_order {
  Compare comp;
  u32 len;
  __device__ __forceinline__ bool before(const Key& a, u32 pa, const Key& b, u32 pb) const {
    if (pa >= len) return false;  // padding goes last
    if (pb >= len) return true;
    return comp(a, b) || (!comp(b, a) && pa < pb);
  }
};

template <class Key, class Compare>
struct user_io {
  using key_t = Key;
  const Key* keys_in;
  Key* keys_out;
  value_mover values;
  Compare comp;  // already reversed for descending

  __device__ __forceinline__ Key load(u64 i) const { return keys_in[i]; }
  __device__ __forceinline__ static Key pad() { return Key{}; }
  template <bool POS>
  __device__ __forceinline__ user_order<Key, Compare> order(u32 len) const {
    static_assert(POS, "a user comparator always carries positions");
    return {comp, len};
  }
  __device__ __forceinline__ bool key_less(const Key& a, const Key& b) const { return comp(a, b); }
  __device__ __forceinline__ void store(u64 dst, u64 src, const Key& k) const {
    keys_out[dst] = k;
    values.move(dst, src);
  }
};

// __shfl_xor_sync for any trivially copyable type, word by word.
template <class T>
__device__ __forceinline__ T shfl_xor_any(const T& v, int mask) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    using W = std::conditional_t<sizeof(T) == 4, u32, unsigned long long>;
    W w;
    std::memcpy(&w, &v, sizeof(T));
    w = __shfl_xor_sync(0xffffffffu, w, mask);
    T r;
    std::memcpy(&r, &w, sizeof(T));
    return r;
  } else {
    constexpr int words = (sizeof(T) + 3) / 4;
    u32 w[words] = {};
    std::memcpy(w, &v, sizeof(T));
#pragma unroll
    for (int i = 0; i < words; ++i) w[i] = __shfl_xor_sync(0xffffffffu, w[i], mask);
    T r;
    std::memcpy(&r, w, sizeof(T));
    return r;
  }
}

}  // namespace ordo::detail::segsort
