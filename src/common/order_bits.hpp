// Maps a key to an unsigned integer whose ascending order is the rank order
// that rank() wants: ascending or descending, with NaN placed per na_option.
// Both backends of rank() sort these bits, so they agree on every input.
// NaN maps to 0 (top) or to all-ones (keep, bottom); no other key reaches
// those two values, so the NaN group is exactly the keys at either extreme.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "common/host_device.hpp"

namespace ordo::detail {

template <class K>
using order_bits_t = std::conditional_t<sizeof(K) == 4, std::uint32_t, std::uint64_t>;

template <class U>
ORDO_HD constexpr U all_ones() { return ~U(0); }

template <class K>
ORDO_HD order_bits_t<K> to_order_bits(K k, bool descending, bool nan_on_top) {
  using U = order_bits_t<K>;
  constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
  U b;
  if constexpr (std::is_floating_point_v<K>) {
    if (k != k) return nan_on_top ? U(0) : all_ones<U>();
    if (k == K(0)) k = K(0);  // -0.0 ties +0.0
    std::memcpy(&b, &k, sizeof(U));
    b = (b & sign) ? ~b : (b | sign);
  } else if constexpr (std::is_signed_v<K>) {
    b = U(k) ^ sign;
  } else {
    b = U(k);
  }
  return descending ? U(~b) : b;
}

}  // namespace ordo::detail
