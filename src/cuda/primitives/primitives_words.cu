// The primitives that only move elements (compact by flags, split) as 4- and
// 8-byte words, and fork.
#include "common/primitives/instantiate.hpp"
#include "ordo/cuda/primitives.cuh"

namespace ordo::detail {
ORDO_PRIMITIVES_WORDS(ORDO_INST_COMPACT, ORDO_INST_SPLIT, ORDO_INST_FORK, ORDO_INST_FORK_TOTAL)
}
