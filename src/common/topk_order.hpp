// top-k's order, written once for both backends: a key's code (ascending,
// canonical: -0.0 ties +0.0, NaN largest), complemented for `largest`, so
// that ascending (code, index) is the output order.
#pragma once
#include "ordo/detail/host_device.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail {

template <class K>
ORDO_HD key_code_t<K> topk_code(K k, bool largest) {
  const key_code_t<K> c = key_traits<K>::encode(k);
  return largest ? key_code_t<K>(~c) : c;
}

}  // namespace ordo::detail
