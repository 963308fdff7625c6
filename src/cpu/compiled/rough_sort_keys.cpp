// The CPU adaptive sort, rough_sort, radius and is_k_sorted of keys alone, for
// the built-in order on every key type (ordo/cpu/rough_sort_cpu.hpp declares
// them extern).
#include "ordo/rough_sort.hpp"

namespace ordo::detail {
ORDO_FOR_EACH_KEY_WITH(ORDO_ROUGH_SORT_CPU_KEYS, template)
}  // namespace ordo::detail
