// The CPU segmented sort for the built-in order on every key type
// (ordo/cpu/segmented_sort_cpu.hpp declares them extern).
#include "ordo/segmented_sort.hpp"

namespace ordo::detail {
ORDO_FOR_EACH_KEY_WITH(ORDO_SEGMENTED_SORT_CPU_KEY, template)
}  // namespace ordo::detail
