// Thread scope: the element of a segmented scan (Sengupta et al.'s segmented
// scan as one scan with an associative operator): a value and whether a
// segment starts at it. (a, b) -> b if b starts a segment, else
// (a's flag, op(a.v, b.v)). A 4-byte value packs with its flag into one
// 64-bit word, which CUB's decoupled look-back publishes in a single store;
// wider values travel as a struct.
#pragma once
#include <cstdint>
#include <cstring>

namespace ordo::detail::prim {

template <class Acc, bool Packed = (sizeof(Acc) == 4)>
struct segment_pair;

template <class Acc>
struct segment_pair<Acc, true> {
  using type = std::uint64_t;  // value bits low, the flag at bit 32
  __host__ __device__ static type make(bool head, const Acc& v) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return (std::uint64_t(head) << 32) | bits;
  }
  __host__ __device__ static bool head(type p) { return (p >> 32) != 0; }
  __host__ __device__ static Acc value(type p) {
    const std::uint32_t bits = std::uint32_t(p);
    Acc v;
    std::memcpy(&v, &bits, 4);
    return v;
  }
};

template <class Acc>
struct segment_pair<Acc, false> {
  struct type {
    Acc v;
    std::uint32_t head;
  };
  __host__ __device__ static type make(bool head, const Acc& v) { return type{v, std::uint32_t(head)}; }
  __host__ __device__ static bool head(const type& p) { return p.head != 0; }
  __host__ __device__ static Acc value(const type& p) { return p.v; }
};

template <class Acc, class Op>
struct segment_pair_op {
  using P = segment_pair<Acc>;
  Op op;
  __host__ __device__ typename P::type operator()(const typename P::type& a, const typename P::type& b) const {
    if (P::head(b)) return b;
    return P::make(P::head(a), op(P::value(a), P::value(b)));
  }
};

}  // namespace ordo::detail::prim
