// The primitives keyed by int32: scan, reduce, sort_idx and merge with the built-in functors
// (and the sum promoted to int64).
#include "common/primitives/instantiate.hpp"
#include "ordo/cuda/primitives.cuh"

namespace ordo::detail {
ORDO_PRIMITIVES_FOR_KEY(std::int32_t, ORDO_NO_OPS, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_PROMOTED(std::int32_t, std::int64_t, ORDO_INST_SCAN, ORDO_INST_REDUCE)
}
