// The one list of key types: the explicit instantiations, the stubs and the
// type tables over keys are generated from it (a new key type is one line
// here, plus a key_traits specialisation where the generic one does not fit).
//   ORDO_FOR_EACH_KEY_TYPE(X)     X(type, name), name as the CLI, the benchmark
//                                 JSON and the Python module spell it
//   ORDO_FOR_EACH_KEY(M)          M(type)
//   ORDO_FOR_EACH_KEY_WITH(M, A)  M(A, type), for lists crossed with another
#pragma once
#include <cstdint>

#define ORDO_KEY_TYPE_LIST_(X, M, A) \
  X(M, A, std::int32_t, int32)       \
  X(M, A, std::uint32_t, uint32)     \
  X(M, A, std::int64_t, int64)       \
  X(M, A, std::uint64_t, uint64)     \
  X(M, A, float, float)              \
  X(M, A, double, double)

#define ORDO_KEY_CALL_TYPE_NAME_(M, A, T, N) M(T, N)
#define ORDO_KEY_CALL_TYPE_(M, A, T, N) M(T)
#define ORDO_KEY_CALL_WITH_(M, A, T, N) M(A, T)
#define ORDO_FOR_EACH_KEY_TYPE(X) ORDO_KEY_TYPE_LIST_(ORDO_KEY_CALL_TYPE_NAME_, X, ~)
#define ORDO_FOR_EACH_KEY(M) ORDO_KEY_TYPE_LIST_(ORDO_KEY_CALL_TYPE_, M, ~)
#define ORDO_FOR_EACH_KEY_WITH(M, A) ORDO_KEY_TYPE_LIST_(ORDO_KEY_CALL_WITH_, M, A)
