// The types list_rank and list_scan are instantiated for, once for every
// backend (CPU, CUDA, and the stub without CUDA):
//   ORDO_FOR_EACH_LIST_RANK(M)   M(Index, Rank) for the 4 x 4 integer types
//   ORDO_FOR_EACH_LIST_SCAN(M)   M(Index, T, Op) for 4 indices x the key types x 3 operators
#pragma once
#include <cstdint>

#include "ordo/detail/key_types.hpp"

#define ORDO_LIST_RANKS_OF(M, I) M(I, std::int32_t) M(I, std::uint32_t) M(I, std::int64_t) M(I, std::uint64_t)
#define ORDO_FOR_EACH_LIST_RANK(M)                                                   \
  ORDO_LIST_RANKS_OF(M, std::int32_t) ORDO_LIST_RANKS_OF(M, std::uint32_t)           \
  ORDO_LIST_RANKS_OF(M, std::int64_t) ORDO_LIST_RANKS_OF(M, std::uint64_t)

#define ORDO_LIST_OPS_OF(M, I, T) M(I, T, plus) M(I, T, minimum) M(I, T, maximum)
#define ORDO_LIST_INDICES_OF(M, T)                                                   \
  ORDO_LIST_OPS_OF(M, std::int32_t, T) ORDO_LIST_OPS_OF(M, std::uint32_t, T)         \
  ORDO_LIST_OPS_OF(M, std::int64_t, T) ORDO_LIST_OPS_OF(M, std::uint64_t, T)
#define ORDO_FOR_EACH_LIST_SCAN_OF(M, T) ORDO_LIST_INDICES_OF(M, T)
#define ORDO_FOR_EACH_LIST_SCAN(M) ORDO_FOR_EACH_KEY_WITH(ORDO_LIST_INDICES_OF, M)
