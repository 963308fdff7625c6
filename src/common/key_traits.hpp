// What "tied" and "sorted" mean for each key type, shared by CPU and GPU code.
// Floating keys: -0.0 ties +0.0 and NaN ties NaN; ascending order puts NaN last.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/host_device.hpp"

namespace ordo::detail {

template <class K>
ORDO_HD bool is_nan(K k) {
  if constexpr (std::is_floating_point_v<K>) return k != k;
  else return false;
}

template <class K>
ORDO_HD bool keys_tie(K a, K b) {
  if constexpr (std::is_floating_point_v<K>) return a == b || (a != a && b != b);
  else return a == b;
}

// True when b may follow a in an ascending sequence (NaN is the largest).
template <class K>
ORDO_HD bool in_ascending_order(K a, K b) {
  if constexpr (std::is_floating_point_v<K>) {
    if (b != b) return true;   // anything may precede NaN
    if (a != a) return false;  // nothing but NaN may follow NaN
  }
  return !(b < a);
}

// Descending sequences put NaN first.
template <class K>
ORDO_HD bool in_descending_order(K a, K b) {
  if constexpr (std::is_floating_point_v<K>) {
    if (a != a) return true;
    if (b != b) return false;
  }
  return !(a < b);
}

}  // namespace ordo::detail
