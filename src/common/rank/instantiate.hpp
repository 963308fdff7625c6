// The instantiation lists of rank's compiled entry points: every key type of
// ORDO_FOR_EACH_KEY crossed with the rank types (types.hpp, is_rank_type_v).
//   ORDO_FOR_EACH_RANK_OF(M, K)     M(K, rank) for each rank type
//   ORDO_FOR_EACH_KEY_AND_RANK(M)   M(key, rank) for each key and rank type
//   ORDO_FOR_EACH_COUNTED_NARROW_KEY_AND_RANK(M)  the same over int8 ... uint16 (rank only)
#pragma once
#include <cstdint>

#include "ordo/detail/key_types.hpp"

#define ORDO_FOR_EACH_RANK_OF(M, K) M(K, std::uint32_t) M(K, std::uint64_t) M(K, float) M(K, double)
#define ORDO_RANK_CALL_RANKS_OF_(M, K) ORDO_FOR_EACH_RANK_OF(M, K)
#define ORDO_FOR_EACH_KEY_AND_RANK(M) ORDO_FOR_EACH_KEY_WITH(ORDO_RANK_CALL_RANKS_OF_, M)
// rank()'s counting path takes the 8- and 16-bit integers as they are (bool
// as uint8): rank.hpp's front door, detail::counts_narrow_keys.
#define ORDO_FOR_EACH_COUNTED_NARROW_KEY_AND_RANK(M)                                            \
  ORDO_FOR_EACH_RANK_OF(M, std::int8_t) ORDO_FOR_EACH_RANK_OF(M, std::uint8_t)                 \
  ORDO_FOR_EACH_RANK_OF(M, std::int16_t) ORDO_FOR_EACH_RANK_OF(M, std::uint16_t)
