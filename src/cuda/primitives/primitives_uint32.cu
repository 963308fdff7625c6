// The primitives keyed by uint32: scan, reduce, sort_idx and merge with the built-in functors
// (and the sum promoted to uint64).
#include "common/primitives/instantiate.hpp"
#include "ordo/cuda/primitives.cuh"

namespace ordo::detail {
ORDO_PRIMITIVES_FOR_KEY(std::uint32_t, ORDO_NO_OPS, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
ORDO_PRIMITIVES_PROMOTED(std::uint32_t, std::uint64_t, ORDO_INST_SCAN, ORDO_INST_REDUCE)
}
