// The CPU merge, keys alone or with 4- or 8-byte values, for the built-in
// orders on every key type (ordo/cpu/primitives_cpu.hpp declares them extern).
#include "ordo/primitives.hpp"

namespace ordo::detail {
ORDO_FOR_EACH_KEY_WITH(ORDO_PRIMITIVES_CPU_MERGE_KEY, template)
}  // namespace ordo::detail
