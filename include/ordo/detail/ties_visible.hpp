// Whether a keys-only sort can show the order of equal keys. Integer keys
// under a built-in order cannot (equal keys are the same bits), so an
// unstable sort is exact for them. Floating-point keys can: -0.0 ties +0.0
// and NaNs with different payloads or signs tie, and the docs promise such
// keys keep their input order. So can a user's comparator or key type.
#pragma once
#include <type_traits>

#include "ordo/detail/reversed_order.hpp"
#include "ordo/ops.hpp"

namespace ordo::detail {

template <class Compare>
inline constexpr bool builtin_order_v = std::is_same_v<Compare, less> || std::is_same_v<Compare, greater>;
template <class Compare>
inline constexpr bool builtin_order_v<reversed_order<Compare>> = builtin_order_v<Compare>;

template <class Key, class Compare>
inline constexpr bool ties_visible_v = !(std::is_integral_v<Key> && builtin_order_v<Compare>);

}  // namespace ordo::detail
