// The primitives keyed by float: scan, reduce, sort_idx and merge with the built-in functors.
#include "common/primitives/instantiate.hpp"
#include "ordo/cuda/primitives.cuh"

namespace ordo::detail {
ORDO_PRIMITIVES_FOR_KEY(float, ORDO_FLOAT_OPS, ORDO_INST_SCAN, ORDO_INST_REDUCE, ORDO_INST_SORT_IDX, ORDO_INST_MERGE)
}
