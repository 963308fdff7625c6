// Which comparators the CPU radix sort serves: ordo::less and ordo::greater,
// and any stack of reversed_order around them (the CPU backends' descending
// order), over the key types key_traits knows (not bool: narrow keys arrive
// as their carrier). radix_direction_v is +1 (ascending by the key model's
// code), -1 (descending) or 0 (not radix-sortable: a comparison sort).
#pragma once
#include <type_traits>

#include "ordo/detail/reversed_order.hpp"
#include "ordo/ops.hpp"

namespace ordo::detail {

template <class Compare>
struct radix_direction : std::integral_constant<int, 0> {};
template <>
struct radix_direction<less> : std::integral_constant<int, 1> {};
template <>
struct radix_direction<greater> : std::integral_constant<int, -1> {};
template <class C>
struct radix_direction<reversed_order<C>> : std::integral_constant<int, -radix_direction<C>::value> {};

template <class Key>
inline constexpr bool radix_key_v = std::is_arithmetic_v<Key> && !std::is_same_v<Key, bool> &&
                                    (sizeof(Key) == 4 || sizeof(Key) == 8);

template <class Key, class Compare>
inline constexpr int radix_direction_v = radix_key_v<Key> ? radix_direction<std::remove_cv_t<Compare>>::value : 0;

}  // namespace ordo::detail
