// The instantiation lists of rank's compiled entry points: every key type of
// ORDO_FOR_EACH_KEY crossed with the rank types (types.hpp, is_rank_type_v).
//   ORDO_FOR_EACH_RANK_OF(M, K)     M(K, rank) for each rank type
//   ORDO_FOR_EACH_KEY_AND_RANK(M)   M(key, rank) for each key and rank type
#pragma once
#include <cstdint>

#include "ordo/detail/key_types.hpp"

#define ORDO_FOR_EACH_RANK_OF(M, K) M(K, std::uint32_t) M(K, std::uint64_t) M(K, float) M(K, double)
#define ORDO_RANK_CALL_RANKS_OF_(M, K) ORDO_FOR_EACH_RANK_OF(M, K)
#define ORDO_FOR_EACH_KEY_AND_RANK(M) ORDO_FOR_EACH_KEY_WITH(ORDO_RANK_CALL_RANKS_OF_, M)
