// The CPU adaptive sort and rough_sort of keys with 4- or 8-byte values, for
// the built-in order on every key type (ordo/cpu/rough_sort_cpu.hpp declares
// them extern).
#include "ordo/rough_sort.hpp"

namespace ordo::detail {
ORDO_FOR_EACH_KEY_WITH(ORDO_ROUGH_SORT_CPU_PAIRS, template)
}  // namespace ordo::detail
