// The CPU sort_idx (radix and comparison paths) for the built-in orders on
// every key type (ordo/cpu/primitives_cpu.hpp declares them extern).
#include "ordo/primitives.hpp"

namespace ordo::detail {
ORDO_FOR_EACH_KEY_WITH(ORDO_PRIMITIVES_CPU_SORT_IDX_KEY, template)
}  // namespace ordo::detail
