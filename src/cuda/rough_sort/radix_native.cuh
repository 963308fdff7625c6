// CUB's radix sort of keys in their own type (radix_native.cu), for the
// full sort of radix_fallback.cu where no order code is needed.
#pragma once
#include <cstdint>

#include "ordo/execution.hpp"
#include "ordo/cuda/thread/element_io.cuh"  // value_mover
#include "ordo/detail/key_traits.hpp"       // key_kind

namespace ordo::detail::rough {

// Whether radix_native sorts these keys: n < 2^31 (CUB's int item count,
// its faster offset path), unsigned keys either way, signed and
// floating-point keys ascending (descending goes by complemented codes).
// Floating-point keys must hold no -0.0 or NaN: the caller checks.
inline bool radix_native_applies(key_kind kind, bool descending, std::uint64_t n) {
  return n > 0 && n < (std::uint64_t(1) << 31) && (kind == key_kind::unsigned_int || !descending);
}

// keys_in -> keys_out sorted, the values (0, 4 or 8 bytes) riding in CUB's
// sort: no encode, decode or positions. Stable.
void radix_native(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys_in,
                  void* keys_out, const segsort::value_mover& values, std::uint64_t n);

}  // namespace ordo::detail::rough
