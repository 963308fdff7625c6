// The one list of key types: the explicit instantiations, the stubs and the
// type tables over keys are generated from it (a new key type is one line
// here, plus a key_traits specialisation where the generic one does not fit).
//   ORDO_FOR_EACH_KEY_TYPE(X)     X(type, name), name as the CLI, the benchmark
//                                 JSON and the Python module spell it
//   ORDO_FOR_EACH_KEY(M)          M(type)
//   ORDO_FOR_EACH_KEY_WITH(M, A)  M(A, type), for lists crossed with another
//
// The narrow keys (8 and 16 bits, bool) are a second list beside it: each is
// carried by a key of the first list with the same order (key_traits.hpp,
// carrier_of), so they add no instantiation: the front doors widen them to
// their carrier, run the carrier's code and narrow the keys back
// (detail/narrow_keys.hpp).
//   ORDO_FOR_EACH_NARROW_KEY_TYPE(X)  X(type, name) over the narrow keys
//   ORDO_FOR_EACH_NARROW_KEY(M)       M(type)
//   ORDO_FOR_EACH_ANY_KEY_TYPE(X)     X(type, name) over both lists (type_name,
//                                     visit_key_type, is_key_type_v)
#pragma once
#include <cstdint>

#include "ordo/float16.hpp"

#define ORDO_KEY_TYPE_LIST_(X, M, A) \
  X(M, A, std::int32_t, int32)       \
  X(M, A, std::uint32_t, uint32)     \
  X(M, A, std::int64_t, int64)       \
  X(M, A, std::uint64_t, uint64)     \
  X(M, A, float, float)              \
  X(M, A, double, double)

#define ORDO_NARROW_KEY_TYPE_LIST_(X, M, A) \
  X(M, A, std::int8_t, int8)                \
  X(M, A, std::uint8_t, uint8)              \
  X(M, A, std::int16_t, int16)              \
  X(M, A, std::uint16_t, uint16)            \
  X(M, A, bool, bool)                       \
  X(M, A, ::ordo::half, float16)            \
  X(M, A, ::ordo::bfloat16, bfloat16)

#define ORDO_KEY_CALL_TYPE_NAME_(M, A, T, N) M(T, N)
#define ORDO_KEY_CALL_TYPE_(M, A, T, N) M(T)
#define ORDO_KEY_CALL_WITH_(M, A, T, N) M(A, T)
#define ORDO_FOR_EACH_KEY_TYPE(X) ORDO_KEY_TYPE_LIST_(ORDO_KEY_CALL_TYPE_NAME_, X, ~)
#define ORDO_FOR_EACH_KEY(M) ORDO_KEY_TYPE_LIST_(ORDO_KEY_CALL_TYPE_, M, ~)
#define ORDO_FOR_EACH_KEY_WITH(M, A) ORDO_KEY_TYPE_LIST_(ORDO_KEY_CALL_WITH_, M, A)
#define ORDO_FOR_EACH_NARROW_KEY_TYPE(X) ORDO_NARROW_KEY_TYPE_LIST_(ORDO_KEY_CALL_TYPE_NAME_, X, ~)
#define ORDO_FOR_EACH_NARROW_KEY(M) ORDO_NARROW_KEY_TYPE_LIST_(ORDO_KEY_CALL_TYPE_, M, ~)
#define ORDO_FOR_EACH_ANY_KEY_TYPE(X) ORDO_FOR_EACH_KEY_TYPE(X) ORDO_FOR_EACH_NARROW_KEY_TYPE(X)
