// Thread scope: a (key, index) pair packed into one 64-bit word whose
// unsigned order is the stable sort order: the key's order-preserving bits in
// the high half, the index in the low half. Every packed word is distinct, so
// a sort of packed words needs neither stability nor tie handling, and ties of
// the key come out in index order. Defined for integer keys of at most 32 bits
// under ordo::less or ordo::greater, with fewer than 2^32 keys.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/detail/key_traits.hpp"
#include "ordo/primitives.hpp"

namespace ordo::detail::prim {

template <class Key, class Compare>
inline constexpr bool packable_v = sample_sortable_v<Key, Compare>;

template <class Key, class Compare>
struct pair_packer {
  static_assert(packable_v<Key, Compare>);
  using traits = key_traits<Key>;
  // The key's code (key_traits.hpp) in ascending order; complementing its
  // bits reverses it for greater.
  static constexpr std::uint32_t flip = std::is_same_v<Compare, ordo::greater> ? ~std::uint32_t(0) : 0;

  __host__ __device__ static std::uint64_t pack(Key key, std::uint32_t index) {
    const std::uint32_t bits = std::uint32_t(traits::encode(key)) ^ (flip & mask());
    return std::uint64_t(bits) << 32 | index;
  }
  __host__ __device__ static Key key_of(std::uint64_t packed) {
    return traits::decode(typename traits::code_t(std::uint32_t(packed >> 32) ^ (flip & mask())));
  }
  __host__ __device__ static std::uint32_t index_of(std::uint64_t packed) { return std::uint32_t(packed); }

 private:
  // Only the key's own bits are complemented, so narrow keys stay in range.
  __host__ __device__ static constexpr std::uint32_t mask() {
    return sizeof(Key) == 4 ? ~std::uint32_t(0) : (std::uint32_t(1) << (8 * sizeof(Key))) - 1;
  }
};

}  // namespace ordo::detail::prim
